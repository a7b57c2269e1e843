/**
 * One variable per flag (`SVC_MIRROR_<FLAG>`), the old names read with a
 * warning record, and `--print-config` with its sources and the secret
 * masked: in-process through `runMirrorCommand`, as the bin runs it.
 */
import { describe, expect, it } from 'vitest';
import { runMirrorCommand } from '../src/cli/command.js';
import { parseCli } from '../src/cli/options.js';
import { serveLogger } from '../src/cli/serve-command.js';

const SECRET = 'whsec-settings-secret';

/** Runs the command with `env`, and gives back what it wrote. */
async function run(argv: string[], env: NodeJS.ProcessEnv) {
  let out = '';
  let err = '';
  const code = await runMirrorCommand(argv, {
    out: { write: (text: string) => (out += text) },
    err: { write: (text: string) => (err += text) },
    env,
  });
  return { code, out, err };
}

describe('shiptrack-mirror settings', () => {
  it('reads every flag from SVC_MIRROR_ and its name, a flag winning', () => {
    const env = {
      SVC_MIRROR_DATABASE: '/tmp/mirror-settings',
      SVC_MIRROR_WEBHOOK_SECRET: SECRET,
      SVC_MIRROR_PORT: '9000',
      SVC_MIRROR_PATH: '/hooks',
      SVC_MIRROR_METRICS_PORT: '9464',
      SVC_MIRROR_DRAIN_DELAY_MS: '5000',
      LOG_LEVEL: 'warn',
    };
    expect(parseCli(['serve'], env)).toMatchObject({
      port: 9000,
      path: '/hooks',
      metrics: { port: 9464, host: '127.0.0.1', path: '/metrics' },
      drainDelayMs: 5000,
      logging: { level: 'warn' },
    });
    expect(parseCli(['serve', '--port', '9001'], env)).toMatchObject({ port: 9001 });
  });

  it('serves no metrics unless asked, and refuses a metrics host without a port', () => {
    const env = { SVC_MIRROR_DATABASE: '/tmp/m', SVC_MIRROR_WEBHOOK_SECRET: SECRET };
    expect(parseCli(['serve'], env)).toMatchObject({ metrics: null });
    expect(parseCli(['serve', '--metrics-path', '/m'], env)).toMatchObject({
      metrics: { path: '/m' },
    });
    expect(() => parseCli(['serve', '--metrics-host', '0.0.0.0'], env)).toThrow(
      /--metrics-host is the interface of --metrics-port/,
    );
    expect(() => parseCli(['serve', '--metrics-path', '/webhooks'], env)).toThrow(
      /--metrics-path must differ from --path/,
    );
    expect(() => parseCli(['serve', '--log-level', 'loud'], env)).toThrow(
      /option '--log-level <level>' argument 'loud' is invalid\. Allowed choices are trace, /,
    );
    expect(() => parseCli(['serve'], { ...env, LOG_LEVEL: 'loud' })).toThrow(
      /LOG_LEVEL must be one of trace, /,
    );
  });

  it('takes the logging and metrics flags only on the commands that use them', () => {
    const env = { SVC_MIRROR_DATABASE: '/tmp/m' };
    expect(() => parseCli(['migrate', '--metrics-port', '9464'], env)).toThrow(
      "unknown option '--metrics-port'",
    );
    expect(() => parseCli(['sync', '--log-level', 'debug'], env)).toThrow(
      "unknown option '--log-level'",
    );
  });

  it('serves the metrics of sync only on a port of their own', () => {
    const env = { SVC_MIRROR_DATABASE: '/tmp/m' };
    expect(parseCli(['sync', '--metrics-port', '0'], env)).toMatchObject({
      metrics: { port: 0, host: '127.0.0.1', path: '/metrics' },
    });
    expect(() => parseCli(['sync', '--metrics-path', '/m'], env)).toThrow(
      'sync serves metrics on a port of its own: give --metrics-port.',
    );
  });

  it('reads the old names for one release, with a warning record that names the new one', () => {
    const records: Record<string, unknown>[] = [];
    const command = parseCli(['serve'], {
      SHIPTRACK_MIRROR_DATABASE: '/tmp/old',
      SVC_WEBHOOK_SECRET: SECRET,
    });
    if (command.command !== 'serve') throw new Error('not serve');
    expect(command).toMatchObject({ database: '/tmp/old', secret: SECRET });
    serveLogger(command, {
      write: (line: string) => records.push(JSON.parse(line) as Record<string, unknown>),
    });
    expect(records.map((record) => [record.level, record.legacy, record.current])).toEqual([
      ['warn', 'SHIPTRACK_MIRROR_DATABASE', 'SVC_MIRROR_DATABASE'],
      ['warn', 'SVC_WEBHOOK_SECRET', 'SVC_MIRROR_WEBHOOK_SECRET'],
    ]);
    expect(JSON.stringify(records)).not.toContain(SECRET);
  });

  it('prints the effective configuration with its sources, the secret and URL password masked', async () => {
    const { code, out } = await run(['serve', '--print-config', '--port', '9100'], {
      SVC_MIRROR_DATABASE: 'postgres://mirror:hunter2@db/mirror',
      SVC_MIRROR_WEBHOOK_SECRET: SECRET,
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer otel-token',
    });
    expect(code).toBe(0);
    const row = (name: string) => out.split('\n').find((line) => line.startsWith(`${name} `));
    expect(row('port')).toMatch(/9100\s+flag --port/);
    expect(row('webhook-secret')).toMatch(/\*{8}\s+env SVC_MIRROR_WEBHOOK_SECRET/);
    expect(row('database')).toContain('env SVC_MIRROR_DATABASE');
    expect(row('path')).toMatch(/\/webhooks\s+default/);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain('hunter2');
    expect(out).not.toContain('otel-token');
  });
});
