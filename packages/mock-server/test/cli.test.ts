import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '@shiptrack/ops';
import { afterEach, describe, expect, it } from 'vitest';
import { expectAlignedHelp } from '../../../test-support/help-layout.js';
import { parseMockCommandLine } from '../src/cli/options.js';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { createMockServer } from '../src/index.js';
import { parseCliOptions } from './cli-options.js';
import { startCli } from './cli-process.js';
import { contract } from './harness.js';

let running: ChildProcess | undefined;
afterEach(async () => {
  const child = running;
  running = undefined;
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  // SIGTERM, not SIGKILL: tsx passes it on to the node process it started (the mock), which
  // stops; a SIGKILL would kill tsx alone and leave the mock running.
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
});

describe('shiptrack-mock CLI', () => {
  it('prints one JSON line with the URL and keys, logs to stderr, and stops on SIGTERM', async () => {
    const { child, firstLine, output } = startCli([
      '--port',
      '0',
      '--clock',
      'manual',
      '--seed',
      'empty',
      '--api-key',
      'ci-key-1',
      '--api-key',
      'ci-key-2',
    ]);
    running = child;
    const { url, apiKeys } = JSON.parse(await firstLine);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    // The demo keys first, in their usual order, then the extra keys.
    expect(apiKeys).toEqual([DEMO_API_KEY, DEMO_SECOND_API_KEY, 'ci-key-1', 'ci-key-2']);

    const response = await fetch(`${url}/shipments`, {
      headers: { authorization: 'Token ci-key-1' },
    });
    const body = await response.json();
    contract().assertResponse({
      method: 'GET',
      url: `${url}/shipments`,
      status: response.status,
      body,
    });
    expect(body.meta.total).toBe(0);
    const clock = await (await fetch(url.replace('/v2', '/_mock/clock'))).json();
    expect(clock.mode).toBe('manual');

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const { stdout, stderr } = output();
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('curl');
  });

  it("lists extra keys after the accounts' own keys in apiKeys()", () => {
    const mock = createMockServer({ clock: { mode: 'manual' }, apiKeys: ['ci-key', DEMO_API_KEY] });
    try {
      expect(mock.apiKeys()).toEqual([DEMO_API_KEY, DEMO_SECOND_API_KEY, 'ci-key']);
      expect(mock.accounts()[0]?.apiKeys).toEqual([DEMO_API_KEY, 'ci-key']);
    } finally {
      mock.dispose();
    }
  });

  it('exits 2 on a bad option, saying what was wrong in one line', async () => {
    const { child, output } = startCli(['--clock', 'sometimes']);
    running = child;
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output()).toEqual({
      stdout: '',
      stderr:
        "shiptrack-mock: error: option '--clock <mode>' argument 'sometimes' is invalid. Allowed choices are real, manual. (see shiptrack-mock --help)\n",
    });
  });

  it('exits 2 on a variable of the wrong kind, naming it in one line', async () => {
    const { child, output } = startCli([], { SVC_MOCK_CLOCK: 'sometimes' });
    running = child;
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output()).toEqual({
      stdout: '',
      stderr:
        'shiptrack-mock: error: SVC_MOCK_CLOCK must be one of real, manual; got "sometimes". (see shiptrack-mock --help)\n',
    });
  });

  it('answers a mistyped option or command with the one it was after, and exit 2', async () => {
    const option = startCli(['--prot', '1']);
    running = option.child;
    expect((await once(option.child, 'exit'))[0]).toBe(2);
    expect(option.output().stderr).toBe(
      "shiptrack-mock: error: unknown option '--prot' (Did you mean --port?) (see shiptrack-mock --help)\n",
    );
    const command = startCli(['prxy', '--target', 'http://127.0.0.1:9/v2']);
    running = command.child;
    expect((await once(command.child, 'exit'))[0]).toBe(2);
    expect(command.output().stderr).toBe(
      "shiptrack-mock: error: unknown command 'prxy' (Did you mean proxy?) (see shiptrack-mock --help)\n",
    );
  });

  it("prints its help and the proxy's to stderr, in the layout of shiptrack --help", async () => {
    for (const argv of [['--help'], ['proxy', '--help'], ['help', 'proxy']]) {
      const help = startCli(argv);
      running = help.child;
      expect((await once(help.child, 'exit'))[0]).toBe(0);
      expect(help.output().stdout).toBe('');
      expectAlignedHelp(help.output().stderr);
    }
  });

  it('explains a port in use instead of printing a stack', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const { child, output } = startCli(['--port', String(port)]);
      running = child;
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(output().stderr).toContain(`127.0.0.1:${port} is already in use`);
      expect(output().stderr).toContain('--port 0 picks a free one');
      expect(output().stderr).not.toContain('    at ');
      expect(output().stdout).toBe('');
    } finally {
      blocker.close();
    }
  });

  it('takes rate-limit overrides of limit and window, and --rate-limits off', async () => {
    const limited = startCli(['--port', '0', '--clock', 'manual', '--rate-limit', 'default=2/1s']);
    running = limited.child;
    const { url } = JSON.parse(await limited.firstLine);
    const statuses: Array<[number, string | null]> = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${url}/shipping_lines`, {
        headers: { authorization: `Token ${DEMO_API_KEY}` },
      });
      statuses.push([response.status, response.headers.get('retry-after')]);
    }
    expect(statuses).toEqual([
      [200, null],
      [200, null],
      [429, '1'],
    ]);
    const shown = await (await fetch(url.replace('/v2', '/_mock/rate_limits'))).json();
    expect(shown.buckets.default).toEqual({ limit: 2, window_seconds: 1 });
    expect(limited.output().stderr).toContain('rate limits with overrides');
    limited.child.kill('SIGTERM');
    await once(limited.child, 'exit');

    const off = startCli(['--port', '0', '--rate-limits', 'off']);
    running = off.child;
    const offUrl = JSON.parse(await off.firstLine).url as string;
    const state = await (await fetch(offUrl.replace('/v2', '/_mock/rate_limits'))).json();
    expect(state.enabled).toBe(false);
    expect(off.output().stderr).toContain('rate limits off');
  });

  it('writes the JSON line to --ready-file once listening (replacing a stale one) and removes it on exit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shiptrack-ready-'));
    const readyFile = join(dir, 'mock.json');
    try {
      writeFileSync(readyFile, 'left from an earlier run');
      const { child, firstLine } = startCli(['--port', '0', '--ready-file', readyFile]);
      running = child;
      const line = await firstLine;
      expect(readFileSync(readyFile, 'utf8')).toBe(`${line}\n`);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(existsSync(readyFile)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits with code 1 and no JSON line when the ready file cannot be written', async () => {
    const missing = join(tmpdir(), 'shiptrack-no-such-folder', 'deeper', 'mock.json');
    const { child, output } = startCli(['--port', '0', '--ready-file', missing]);
    running = child;
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output().stderr).toContain(`could not write the ready file ${missing} (ENOENT)`);
    expect(output().stdout).toBe('');
  });

  it('logs a client that hangs up only with --verbose, at debug level', async () => {
    const { child, firstLine, stderrShows, output } = startCli(['--port', '0', '--verbose']);
    running = child;
    const { port } = new URL(JSON.parse(await firstLine).url);
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST /v2/tracking_requests HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token ${DEMO_API_KEY}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"da',
        () => socket.destroy(),
      );
    });
    await stderrShows('the client closed the connection before the answer.');
    expect(output().stderr).toMatch(
      /\[shiptrack-mock\] debug: request [0-9a-f-]{36} \(POST \/v2\/tracking_requests\): the client closed/,
    );
    expect(output().stderr).not.toContain('error:');
  });
});

describe('shiptrack-mock security options', () => {
  it('prints a control token made for the run once, on stderr only, and requires it', async () => {
    const { child, firstLine, stderrShows, output } = startCli([
      '--port',
      '0',
      '--require-control-token',
      '--allowed-host',
      'mock.internal',
    ]);
    running = child;
    const { url } = JSON.parse(await firstLine);
    await stderrShows('Stop with Ctrl+C.');
    const token = /X-Mock-Control-Token: (\S+)/.exec(output().stderr)?.[1];
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(output().stderr.split(token ?? '').length - 1).toBe(1);
    expect(output().stdout).not.toContain(token);
    expect(output().stderr).toContain('mock.internal');
    const control = url.replace('/v2', '/_mock/clock');
    expect((await fetch(control)).status).toBe(401);
    expect(
      (await fetch(control, { headers: { 'X-Mock-Control-Token': token ?? '' } })).status,
    ).toBe(200);
  });
});

describe('shiptrack-mock options', () => {
  it('reads allowed hosts and the control token from flags, else from the environment', () => {
    const env = {
      SVC_MOCK_ALLOWED_HOSTS: 'mock, mock.internal',
      SVC_MOCK_CONTROL_TOKEN: 'env-token-0123456789',
    };
    expect(parseCliOptions([], env)).toMatchObject({
      allowedHosts: ['mock', 'mock.internal'],
      controlToken: 'env-token-0123456789',
    });
    expect(
      parseCliOptions(
        [
          '--allowed-host',
          'a.lan,b.lan',
          '--allowed-host',
          'c.lan',
          '--control-token',
          'flag-token-0123456789',
        ],
        env,
      ),
    ).toMatchObject({
      allowedHosts: ['a.lan', 'b.lan', 'c.lan'],
      controlToken: 'flag-token-0123456789',
    });
    expect(
      parseCliOptions([], { SVC_MOCK_ALLOWED_HOST: 'new.lan', SVC_MOCK_ALLOWED_HOSTS: 'old.lan' }),
    ).toMatchObject({ allowedHosts: ['new.lan'] });
    expect(parseCliOptions(['--require-control-token']).controlToken).toBe(true);
    expect(parseCliOptions([])).toMatchObject({ allowedHosts: [], controlToken: undefined });
  });

  it.each([
    [['--allowed-host', 'mock:4010'], '"mock:4010" is not a host name'],
    [['--control-token', 'short'], '16 or more printable characters'],
  ])('refuses %j, saying how to fix it', (args, message) => {
    expect(() => parseCliOptions(args)).toThrow(UsageError);
    expect(() => parseCliOptions(args)).toThrow(message);
  });

  it.each([
    [['--rate-limit', 'defualt=5'], 'unknown bucket "defualt"; the buckets are default, '],
    [
      ['--rate-limit', 'default=fast'],
      'must look like <bucket>=<limit> or <bucket>=<limit>/<window>',
    ],
    [['--rate-limit', 'default=0'], 'the limit must be 1 or more'],
    [['--rate-limit', 'default=5/0s'], 'the window must be > 0'],
    [
      ['--rate-limits', 'off', '--rate-limit', 'default=5'],
      'cannot be combined with --rate-limits off',
    ],
    [
      ['--rate-limits', 'maybe'],
      "option '--rate-limits <on|off>' argument 'maybe' is invalid. Allowed choices are on, off.",
    ],
  ])('refuses %j, saying how to fix it', (args, message) => {
    expect(() => parseCliOptions(args)).toThrow(UsageError);
    expect(() => parseCliOptions(args)).toThrow(message);
  });

  it('reads a window in s (the default unit), ms or m', () => {
    const windows = ['default=5/2', 'default=5/2s', 'default=5/500ms', 'default=5/1m'].map(
      (value) => parseCliOptions(['--rate-limit', value]).rateLimits,
    );
    expect(windows).toEqual([
      { default: { limit: 5, windowSeconds: 2 } },
      { default: { limit: 5, windowSeconds: 2 } },
      { default: { limit: 5, windowSeconds: 0.5 } },
      { default: { limit: 5, windowSeconds: 60 } },
    ]);
    expect(parseCliOptions(['--rate-limit', 'refresh_container=1000']).rateLimits).toEqual({
      refresh_container: { limit: 1000 },
    });
    expect(parseCliOptions([]).rateLimits).toBe(true);
  });
});

describe('the variables of shiptrack-mock', () => {
  it('reads every flag from SVC_MOCK_ and its name, a flag winning, the old name with a warning', () => {
    const env = { SVC_MOCK_PORT: '4999', SVC_MOCK_SEED: 'empty', SVC_MOCK_CLOCK: 'manual' };
    expect(parseCliOptions([], env)).toMatchObject({ port: 4999, seed: 'empty', clock: 'manual' });
    expect(parseCliOptions(['--port', '5000'], env)).toMatchObject({ port: 5000 });
    expect(() => parseCliOptions([], { SVC_MOCK_CLOCK: 'sometimes' })).toThrow(
      'SVC_MOCK_CLOCK must be one of real, manual; got "sometimes".',
    );
    expect(() => parseCliOptions([], { SVC_MOCK_PORT: '70000' })).toThrow(
      'SVC_MOCK_PORT must be a whole number from 0 to 65535; got "70000".',
    );
    expect(parseMockCommandLine([], { SVC_MOCK_ALLOWED_HOSTS: 'old.lan' })).toMatchObject({
      legacyNames: [{ legacy: 'SVC_MOCK_ALLOWED_HOSTS', current: 'SVC_MOCK_ALLOWED_HOST' }],
    });
  });

  it("reads the proxy's from SVC_MOCK_PROXY_, and refuses the mock's flags before proxy", () => {
    const env = { SVC_MOCK_PROXY_TARGET: 'https://api.example.com/v2', SVC_MOCK_PORT: '1' };
    expect(parseMockCommandLine(['proxy', '--timeout', '5'], env)).toEqual({
      kind: 'proxy',
      options: {
        target: 'https://api.example.com/v2',
        port: 4011,
        timeoutMs: 5000,
        readyFile: undefined,
        failOnMismatch: false,
      },
    });
    expect(() => parseMockCommandLine(['--seed', 'empty', 'proxy'], env)).toThrow(
      '--seed is not an option of proxy',
    );
    expect(() => parseMockCommandLine(['proxy', '--seed', 'empty'], env)).toThrow(
      "unknown option '--seed'",
    );
  });
});

describe('a mistyped option of shiptrack-mock', () => {
  it('is answered with the one it was after', () => {
    expect(() => parseCliOptions(['--rate-limts', 'off'])).toThrow(UsageError);
    expect(() => parseCliOptions(['--rate-limts', 'off'])).toThrow(
      "unknown option '--rate-limts' (Did you mean --rate-limits?)",
    );
  });
});
