import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli/options.js';

const env = { SVC_MIRROR_DATABASE: '/tmp/mirror', SVC_MIRROR_WEBHOOK_SECRET: 'whsec-options' };

describe('shiptrack-mirror serve --request-timeout-ms', () => {
  it('passes the time limit to serve, and leaves the default when not given', () => {
    expect(parseCli(['serve', '--request-timeout-ms', '5000'], env)).toMatchObject({
      command: 'serve',
      requestTimeoutMs: 5000,
    });
    expect(parseCli(['serve'], env)).not.toHaveProperty('requestTimeoutMs');
  });

  it('refuses a limit that is not a whole number of milliseconds above 0', () => {
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      expect(() => parseCli(['serve', `--request-timeout-ms=${bad}`], env)).toThrow(
        /--request-timeout-ms must be/,
      );
    }
  });
});

describe('shiptrack-mirror serve --shutdown-timeout-ms', () => {
  it('passes the time deliveries in flight get to serve, and refuses one that is no time', () => {
    expect(parseCli(['serve', '--shutdown-timeout-ms', '200'], env)).toMatchObject({
      shutdownTimeoutMs: 200,
    });
    expect(parseCli(['serve'], env)).not.toHaveProperty('shutdownTimeoutMs');
    expect(() => parseCli(['serve', '--shutdown-timeout-ms=0'], env)).toThrow(
      /--shutdown-timeout-ms must be/,
    );
  });
});

describe('shiptrack-mirror typos', () => {
  it('answers a mistyped command or option with the one it was after', () => {
    expect(() => parseCli(['serv'], env)).toThrow("unknown command 'serv' (Did you mean serve?)");
    expect(() => parseCli(['serve', '--prot', '80'], env)).toThrow(
      "unknown option '--prot' (Did you mean --port?)",
    );
  });

  it('takes each flag on the commands it means something to', () => {
    expect(() => parseCli(['status', '--port', '80'], env)).toThrow("unknown option '--port'");
    expect(parseCli(['--database', '/tmp/other', 'status'], {})).toMatchObject({
      command: 'status',
      database: '/tmp/other',
    });
  });
});
