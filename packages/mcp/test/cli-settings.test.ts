/**
 * The settings of `shiptrack-mcp` by the rule of decision 0014: one
 * `SVC_MCP_*` variable per flag, a flag wins, the old names still read with
 * a warning on stderr, `--help` and `--print-config` made from the table.
 * The spawned commands run the source (no build needed); the bundle's
 * contents need `pnpm build`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { envNameOf, flagOf, helpText, UsageError } from '@shiptrack/ops';
import { describe, expect, it } from 'vitest';
import { expectAlignedHelp } from '../../../test-support/help-layout.js';
import { parseCli } from '../src/cli/args.js';
import { COMMAND_LINE, ENV_PREFIX, SETTINGS } from '../src/cli/settings.js';
import { BUNDLE, requireBuiltBin } from './built-bin.js';

const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const NODE_ARGS = ['--conditions=shiptrack-source', '--import', 'tsx', MAIN];

/** Each name used before the rule, the name that replaced it, and a value of its kind. */
const OLD_NAMES = [
  { legacy: 'SVC_MIRROR', current: 'SVC_MCP_MIRROR', value: '/tmp/a-mirror' },
  {
    legacy: 'SVC_CONFIRM_TRACKING_REQUESTS',
    current: 'SVC_MCP_CONFIRM_TRACKING_REQUESTS',
    value: 'true',
  },
  { legacy: 'SHIPTRACK_MCP_READ_ONLY', current: 'SVC_MCP_READ_ONLY', value: '1' },
  { legacy: 'SHIPTRACK_MCP_TOOLS', current: 'SVC_MCP_TOOLS', value: 'search_container' },
  { legacy: 'SHIPTRACK_MCP_TOOLSETS', current: 'SVC_MCP_TOOLSETS', value: 'containers' },
] as const;

/** An answer the command writes to stdout, as far as these tests read it. */
interface JsonRpcAnswer {
  jsonrpc: string;
  id: number;
  result?: { tools?: { name: string }[] };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command's source with `args` and only `extra` beside a bare environment; writes `lines` to stdin. */
function run(args: string[], extra: Record<string, string>, lines: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
      env: { ...getDefaultEnvironment(), ...extra },
    });
    let stdout = '';
    let stderr = '';
    const expected = lines.filter((line) => line.includes('"id"')).length;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.split('\n').filter((line) => line.includes('"id"')).length >= expected) {
        child.stdin.end();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    for (const line of lines) child.stdin.write(`${line}\n`);
    if (expected === 0) child.stdin.end();
  });
}

describe('the settings of shiptrack-mcp', () => {
  it.each(OLD_NAMES)('still reads $legacy, noting it for a warning naming $current', (old) => {
    const viaOld = parseCli([], { [old.legacy]: old.value });
    const viaNew = parseCli([], { [old.current]: old.value });
    expect(viaOld.settings.legacyNames).toEqual([{ legacy: old.legacy, current: old.current }]);
    expect(viaNew.settings.legacyNames).toEqual([]);
    const { settings: _old, ...readOld } = viaOld;
    const { settings: _new, ...readNew } = viaNew;
    expect(readOld).toEqual(readNew);
    // The value really arrived: it is not the default.
    expect(readNew).not.toEqual((({ settings: _, ...rest }) => rest)(parseCli([], {})));
    // The new name wins over the old one, without a warning.
    const both = parseCli([], { [old.legacy]: 'false', [old.current]: old.value });
    expect(both.settings.legacyNames).toEqual([]);
  });

  it('lets a flag win over its variable', () => {
    const env = {
      SVC_MCP_MIRROR: '/from/env',
      SVC_MCP_TOOLSETS: 'containers',
      SVC_MCP_READ_ONLY: 'false',
      SVC_MCP_MIRROR_MAX_AGE: '30',
      SVC_API_BASE_URL: 'http://env.example/v2',
    };
    const options = parseCli(
      [
        '--mirror',
        '/from/flag',
        '--toolsets',
        'carriers',
        '--read-only',
        '--mirror-max-age',
        '5',
        '--base-url',
        'http://flag.example/v2',
      ],
      env,
    );
    expect(options).toMatchObject({
      mirror: '/from/flag',
      mirrorMaxAgeMs: 5 * 60_000,
      baseUrl: 'http://flag.example/v2',
      selection: { readOnly: true, toolsets: ['carriers'] },
    });
    expect(options.settings.settings.get('mirror')).toMatchObject({
      source: 'flag',
      from: '--mirror',
    });
    // Without the flags, the variables are read.
    expect(parseCli([], env)).toMatchObject({
      mirror: '/from/env',
      mirrorMaxAgeMs: 30 * 60_000,
      baseUrl: 'http://env.example/v2',
      selection: { toolsets: ['containers'] },
    });
  });

  it('gives a usage error naming the variable for a switch that is not true or false, or a mirror setting without a mirror', () => {
    for (const name of ['SVC_MCP_READ_ONLY', 'SVC_MCP_MOCK', 'SHIPTRACK_MCP_READ_ONLY']) {
      expect(() => parseCli([], { [name]: 'yes please' })).toThrow(UsageError);
      expect(() => parseCli([], { [name]: 'yes please' })).toThrow(
        `${name} must be true or false; got "yes please".`,
      );
    }
    expect(() => parseCli([], { SVC_MCP_MIRROR_SYNC: 'true' })).toThrow(
      /--mirror-sync and --mirror-max-age apply to a mirror: .*SVC_MCP_MIRROR/,
    );
  });

  it('lists every flag with its variable in --help, and no old name', () => {
    const USAGE = helpText(COMMAND_LINE);
    expectAlignedHelp(USAGE);
    // One row per flag or variable: its first line with the lines wrapped under it.
    const rows = USAGE.replace(/\n {3,}/g, ' ').split('\n');
    for (const spec of SETTINGS) {
      const flag = flagOf(spec);
      const line = rows.find((text) => text.includes(envNameOf(spec, ENV_PREFIX)));
      expect(line, spec.name).toBeDefined();
      if (flag) expect(line).toContain(`${flag} `);
    }
    for (const old of OLD_NAMES) expect(USAGE).not.toContain(old.legacy);
  });
});

describe('the shiptrack-mcp command', { timeout: 60_000 }, () => {
  it('prints its configuration to stdout with the key and URL passwords masked', async () => {
    const result = await run(['--print-config', '--read-only'], {
      SVC_API_TOKEN: 'sk-print-config-secret',
      SVC_MCP_MIRROR: 'postgres://mirror:hunter22@db.example/mirror',
      SVC_MCP_TOOLS: 'get_container',
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).not.toContain('sk-print-config-secret');
    expect(result.stdout).not.toContain('hunter22');
    const row = (name: string) =>
      result.stdout.split('\n').find((line) => line.startsWith(`${name} `));
    expect(row('api-token')).toMatch(/\*{8}\s+env SVC_API_TOKEN$/);
    expect(row('mirror')).toMatch(
      /postgres:\/\/mirror:\*{8}@db\.example\/mirror\s+env SVC_MCP_MIRROR$/,
    );
    expect(row('read-only')).toMatch(/true\s+flag --read-only$/);
    expect(row('tools')).toMatch(/get_container\s+env SVC_MCP_TOOLS$/);
    expect(row('mock')).toMatch(/false\s+default$/);
  });

  it('warns on stderr of an old name it still reads, and serves nothing but protocol on stdout', async () => {
    const result = await run(['--mock'], { SHIPTRACK_MCP_READ_ONLY: '1' }, [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'settings-test', version: '1' },
        },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      '[shiptrack-mcp] warning: SHIPTRACK_MCP_READ_ONLY is the old name of SVC_MCP_READ_ONLY; it is read until the next minor release: rename it to SVC_MCP_READ_ONLY.',
    );
    const messages = result.stdout
      .trimEnd()
      .split('\n')
      // Safe: a line that is no such message fails the comparison below.
      .map((line) => JSON.parse(line) as JsonRpcAnswer);
    expect(messages.map((message) => [message.jsonrpc, message.id])).toEqual([
      ['2.0', 1],
      ['2.0', 2],
    ]);
    const tools = messages[1]?.result?.tools?.map((tool) => tool.name);
    expect(tools).toContain('get_container');
    expect(tools).not.toContain('track_container');
  });
});

describe('the bundle of shiptrack-mcp', () => {
  it('takes only the settings of @shiptrack/ops: no logger (pino), no telemetry SDK', () => {
    requireBuiltBin();
    const bundle = readFileSync(BUNDLE, 'utf8');
    expect(bundle).toContain('SVC_MCP_');
    expect(bundle).not.toMatch(/pino/i);
    expect(bundle).not.toContain('@opentelemetry/sdk-');
  });
});

describe('a mistyped option', () => {
  it('is answered with the one it was after', () => {
    expect(() => parseCli(['--read-onyl'], {})).toThrow(
      "unknown option '--read-onyl' (Did you mean --read-only?)",
    );
  });
});
