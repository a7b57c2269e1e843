import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { expectAlignedHelp } from '../../../test-support/help-layout.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { parseCommand } from '../src/cli/args.js';
import { postRpc } from './support/host.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));

let running: ChildProcess | undefined;

function startCli(args: string[]) {
  return startCliWith(args, {});
}

/** Runs the CLI with `env` over the test's environment (no SVC_API_TOKEN). */
function startCliWith(args: string[], env: Record<string, string>) {
  const child = spawn(
    // node itself, not the tsx command: tsx relays a signal only if its child answers within
    // 30 ms, and exits 143 itself on a loaded machine, so the child's shutdown went untested.
    process.execPath,
    [
      '--import',
      pathToFileURL(`${root}node_modules/tsx/dist/loader.mjs`).href,
      '--conditions=shiptrack-source',
      cli,
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SVC_API_TOKEN: '', ...env },
    },
  );
  running = child;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const end = stdout.indexOf('\n');
      if (end !== -1) resolve(stdout.slice(0, end));
    });
    child.once('exit', (code) =>
      reject(new Error(`CLI exited (${code}) before printing: ${stderr}`)),
    );
  });
  firstLine.catch(() => {});
  return { child, firstLine, output: () => ({ stdout, stderr }) };
}

afterEach(() => {
  if (running && running.exitCode === null) running.kill('SIGKILL');
});

describe('shiptrack-mcp-http CLI', () => {
  let mock: RunningMockServer;
  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock?.close());

  it('prints one JSON line, serves MCP with a Token, logs JSON lines to stderr without the key, and stops on SIGTERM', async () => {
    const { child, firstLine, output } = startCli(['--port', '0', '--base-url', mock.url]);
    const started = JSON.parse(await firstLine) as { url: string; health: string; oauth: null };
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(started.oauth).toBeNull();
    expect((await fetch(started.health)).status).toBe(200);
    const ping = await postRpc(
      new URL(started.url),
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      {
        authorization: `Token ${DEMO_API_KEY}`,
      },
    );
    expect(ping.status).toBe(200);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const { stdout, stderr } = output();
    expect(stdout.trim().split('\n')).toHaveLength(1);
    // One format on stderr: every line a JSON record with a level, a time and a message.
    const records = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const record of records) {
      expect(record).toMatchObject({
        level: expect.any(String),
        time: expect.any(String),
        msg: expect.any(String),
        name: 'shiptrack-mcp-http',
      });
    }
    const request = records.find((record) => record.rpcMethod === 'ping');
    expect(request).toMatchObject({ level: 'info', msg: 'request', requestId: expect.any(String) });
    expect(records.some((record) => String(record.msg).startsWith('serving MCP at'))).toBe(true);
    expect(stderr).not.toContain(DEMO_API_KEY);
    // Without --redis-url it says, once, that limits and subscriptions stay in this process.
    expect(stderr.match(/subscriptions kept in this process/g)).toHaveLength(1);
  });

  it('explains a bad option and exits 2', async () => {
    const { child, output } = startCli(['--port', 'eighty']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output().stderr).toContain('--port must be a whole number');
  });

  it('refuses OAuth without a way to map users to keys, naming the option', async () => {
    const { child, output } = startCli(['--port', '0', '--auth-server', 'http://127.0.0.1:9']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output().stderr).toContain('--subject-keys');
  });
});

describe('the command line and environment', () => {
  it('reads options from the environment, flags winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-http-cli-'));
    const keys = join(dir, 'keys.json');
    writeFileSync(keys, JSON.stringify({ 'user-1': 'key-1' }));
    const command = parseCommand(['--allowed-origin', 'https://app.example'], {
      SVC_MCP_PORT: '8080',
      SVC_MCP_PUBLIC_URL: 'https://mcp.example.com/mcp',
      SVC_MCP_AUTH_SERVER: 'https://login.example.com',
      SVC_MCP_SUBJECT_KEYS: keys,
      SVC_MCP_ALLOWED_HOST: 'mcp.example.com, mcp.internal',
      SVC_MCP_ALLOWED_ORIGIN: 'https://ignored.example',
      SVC_API_BASE_URL: 'https://api.example.com/v2',
    });
    expect(command.settings.legacyNames).toEqual([]);
    expect(command.options).toMatchObject({
      port: 8080,
      publicUrl: 'https://mcp.example.com/mcp',
      baseUrl: 'https://api.example.com/v2',
      allowedHosts: ['mcp.example.com', 'mcp.internal'],
      allowedOrigins: ['https://app.example'],
      oauth: { issuer: 'https://login.example.com', subjectKeys: { 'user-1': 'key-1' } },
    });
  });

  it('answers a mistyped option with the one it was after', () => {
    expect(() => parseCommand(['--max-body-byte', '10'], {})).toThrow(
      "unknown option '--max-body-byte' (Did you mean --max-body-bytes?)",
    );
  });

  it('answers serve --prot 1 with a did-you-mean and exit 2, and nothing on stdout', async () => {
    const { child, output } = startCli(['serve', '--prot', '1']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output()).toEqual({
      stdout: '',
      stderr:
        "shiptrack-mcp-http: error: unknown option '--prot' (Did you mean --port?) (see shiptrack-mcp-http --help)\n",
    });
  });

  it('prints its help in the layout of shiptrack --help, the --mirror row aligned', async () => {
    const { child, output } = startCli(['--help']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const help = output().stdout;
    expect(help).toMatch(/^Usage: shiptrack-mcp-http \[options\]\n/);
    const column = expectAlignedHelp(help);
    const mirror = help.split('\n').find((line) => line.startsWith('  --mirror '));
    expect(mirror?.indexOf('answer lists')).toBe(column);
    expect(help).toMatch(/\n {2}SVC_MCP_REQUEST_STATE_KEY +the key/);
  });

  it('gives every flag one variable, SVC_MCP_ and its name (--no-x is SVC_MCP_X=false)', () => {
    const command = parseCommand([], {
      SVC_MCP_MAX_BODY_BYTES: '2048',
      SVC_MCP_REST_TIMEOUT_MS: '5000',
      SVC_MCP_REQUEST_TIMEOUT_MS: '7000',
      SVC_MCP_KEY_CHECK: 'false',
      SVC_MCP_QUIET: 'true',
      SVC_MCP_METRICS_PORT: '9464',
      SVC_MCP_DRAIN_DELAY_MS: '3000',
      SVC_MCP_SHUTDOWN_TIMEOUT_MS: '20000',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
    });
    expect(command.options).toMatchObject({
      maxBodyBytes: 2048,
      restTimeoutMs: 5000,
      requestTimeoutMs: 7000,
      verifyApiKeys: false,
      metricsPort: 9464,
      drainDelayMs: 3000,
      shutdownTimeoutMs: 20000,
    });
    expect(command.logging).toEqual({ level: 'debug', format: 'json', requests: false });
    expect(command.metrics).toBe(true);
    expect(
      parseCommand(['--mirror', '/tmp/m'], {
        SVC_API_TOKEN: 'k',
        SVC_MCP_MIRROR_SYNC: '1',
        SVC_MCP_MIRROR_MAX_AGE: '5',
      }).mirror,
    ).toMatchObject({ sync: true, maxAgeMs: 300_000 });
    expect(() => parseCommand([], { SVC_MCP_KEY_CHECK: 'maybe' })).toThrow(
      'SVC_MCP_KEY_CHECK must be true or false; got "maybe".',
    );
    expect(() => parseCommand(['--metrics-host', '0.0.0.0'], {})).toThrow(
      '--metrics-host is the interface of --metrics-port: give that too.',
    );
    expect(() => parseCommand(['--metrics-path', 'metrics'], {})).toThrow(/must start with "\/"/);
    expect(() => parseCommand([], { LOG_LEVEL: 'loud' })).toThrow(
      /LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "loud"/,
    );
  });

  it('still reads the old names for one release, and says which to rename', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-http-cli-'));
    const keys = join(dir, 'keys.json');
    writeFileSync(keys, JSON.stringify({ 'user-1': 'key-1' }));
    const command = parseCommand([], {
      PORT: '8080',
      SVC_MCP_SCOPES: 'a,b',
      SVC_MCP_AUTH_SERVER_URL: 'https://login.example.com',
      SVC_MCP_SUBJECT_KEYS_FILE: keys,
      SVC_MCP_PUBLIC_URL: 'https://mcp.example.com/mcp',
    });
    expect(command.options).toMatchObject({
      port: 8080,
      oauth: { issuer: 'https://login.example.com', scopes: ['a', 'b'] },
    });
    expect(command.settings.legacyNames).toEqual(
      expect.arrayContaining([
        { legacy: 'PORT', current: 'SVC_MCP_PORT' },
        { legacy: 'SVC_MCP_SCOPES', current: 'SVC_MCP_SCOPE' },
        { legacy: 'SVC_MCP_AUTH_SERVER_URL', current: 'SVC_MCP_AUTH_SERVER' },
        { legacy: 'SVC_MCP_SUBJECT_KEYS_FILE', current: 'SVC_MCP_SUBJECT_KEYS' },
      ]),
    );
    // The current name wins over an old one.
    expect(parseCommand([], { PORT: '8080', SVC_MCP_PORT: '9090' }).options.port).toBe(9090);
  });

  it('takes the Redis URL of the shared rate limits from --redis-url or SVC_MCP_REDIS_URL', () => {
    expect(
      parseCommand([], { SVC_MCP_REDIS_URL: 'redis://:secret@10.0.0.5:6379/2' }).options,
    ).toMatchObject({ redisUrl: 'redis://:secret@10.0.0.5:6379/2' });
    expect(
      parseCommand(['--redis-url', 'rediss://cache.example:6380'], {
        SVC_MCP_REDIS_URL: 'redis://ignored:6379',
      }).options,
    ).toMatchObject({ redisUrl: 'rediss://cache.example:6380' });
    expect(parseCommand([], {}).options).not.toHaveProperty('redisUrl');
  });

  it('confirms tracking requests with --confirm-tracking-requests or SVC_MCP_CONFIRM_TRACKING_REQUESTS', () => {
    expect(parseCommand([], {}).options.confirmTrackingRequests).toBe(false);
    expect(parseCommand(['--confirm-tracking-requests'], {}).options.confirmTrackingRequests).toBe(
      true,
    );
    expect(
      parseCommand([], { SVC_MCP_CONFIRM_TRACKING_REQUESTS: '1' }).options.confirmTrackingRequests,
    ).toBe(true);
    expect(() => parseCommand([], { SVC_MCP_CONFIRM_TRACKING_REQUESTS: 'on' })).toThrow(
      /SVC_MCP_CONFIRM_TRACKING_REQUESTS must be true or false/,
    );
  });

  it('takes the request time limit from --request-timeout-ms', () => {
    expect(parseCommand([], {}).options).not.toHaveProperty('requestTimeoutMs', expect.anything());
    expect(parseCommand(['--request-timeout-ms', '5000'], {}).options.requestTimeoutMs).toBe(5000);
    expect(() => parseCommand(['--request-timeout-ms', '0'], {})).toThrow(
      '--request-timeout-ms must be a whole number of at least 1; got "0".',
    );
  });

  it('takes the requestState key from SVC_MCP_REQUEST_STATE_KEY only, and never echoes it', () => {
    const key = 'k'.repeat(32);
    expect(parseCommand([], { SVC_MCP_REQUEST_STATE_KEY: key }).options.requestStateKey).toBe(key);
    expect(parseCommand([], {}).options).not.toHaveProperty('requestStateKey');
    const short = 'short-secret-value';
    let message = '';
    try {
      parseCommand([], { SVC_MCP_REQUEST_STATE_KEY: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SVC_MCP_REQUEST_STATE_KEY must be at least 32 bytes/);
    expect(message).not.toContain(short);
  });

  it('takes the SSE retry interval from --sse-retry-ms or SVC_MCP_SSE_RETRY_MS', () => {
    expect(parseCommand([], { SVC_MCP_SSE_RETRY_MS: '1500' }).options.sseRetryMs).toBe(1500);
    expect(
      parseCommand(['--sse-retry-ms', '500'], { SVC_MCP_SSE_RETRY_MS: '1500' }).options.sseRetryMs,
    ).toBe(500);
    expect(parseCommand([], {}).options.sseRetryMs).toBeUndefined();
    expect(() => parseCommand(['--sse-retry-ms', '0'], {})).toThrow(
      /--sse-retry-ms must be a whole number of at least 1; got "0"/,
    );
  });

  it('refuses a Redis URL of another scheme without echoing it (it may hold a password)', () => {
    expect(() => parseCommand(['--redis-url', 'http://:hunter2@cache:6379'], {})).toThrow(
      /must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => parseCommand(['--redis-url', 'http://:hunter2@cache:6379'], {})).not.toThrow(
      /hunter2/,
    );
  });

  it('refuses a subject-keys file that is not a table of keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-http-cli-'));
    const keys = join(dir, 'keys.json');
    writeFileSync(keys, JSON.stringify({ 'user-1': 42 }));
    expect(() =>
      parseCommand(['--auth-server', 'https://login.example.com', '--subject-keys', keys], {}),
    ).toThrow(/"<token sub>": "<API key>"/);
  });
});

describe('--print-config and old names at start', () => {
  it('prints each setting with its value and source, secrets masked, and warns of an old name as a record', async () => {
    const { child, output } = startCli(['--print-config', '--metrics-port', '9464']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const { stdout } = output();
    expect(stdout).toMatch(/^metrics-port\s+9464\s+flag --metrics-port$/m);
    expect(stdout).toMatch(/^port\s+3000\s+default$/m);
  });

  it('masks secrets and URL passwords, and names the variable each value came from', async () => {
    const { child, output } = startCliWith(['--print-config'], {
      PORT: '4555',
      SVC_MCP_REDIS_URL: 'redis://:hunter2@127.0.0.1:6390',
      SVC_MCP_REQUEST_STATE_KEY: 'k'.repeat(40),
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20otel-secret',
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const { stdout, stderr } = output();
    expect(stdout).toMatch(/^port\s+4555\s+env PORT \(old name\)$/m);
    expect(stdout).toMatch(
      /^redis-url\s+redis:\/\/:\*{8}@127\.0\.0\.1:6390\s+env SVC_MCP_REDIS_URL$/m,
    );
    expect(stdout).toMatch(/^request-state-key\s+\*{8}\s+env SVC_MCP_REQUEST_STATE_KEY$/m);
    expect(stdout).toMatch(/^OTEL_EXPORTER_OTLP_HEADERS\s+\*{8}/m);
    for (const secret of ['hunter2', 'k'.repeat(40), 'otel-secret']) {
      expect(stdout + stderr).not.toContain(secret);
    }
    const warning = JSON.parse(stderr.trim().split('\n')[0] ?? '{}') as Record<string, unknown>;
    expect(warning).toMatchObject({ level: 'warn', legacy: 'PORT', current: 'SVC_MCP_PORT' });
  });
});

describeWithRedis("the Redis stores' warnings as log records", () => {
  const redis = useRedisServer();
  let mock: RunningMockServer;
  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock?.close());

  it('writes "Redis is unavailable" as a warn record of the one format, never the URL', async () => {
    const url = redis.url().replace('redis://', 'redis://:hunter2@');
    await redis.connect().config('SET', 'requirepass', 'hunter2');
    const { child, firstLine, output } = startCli([
      '--port',
      '0',
      '--base-url',
      mock.url,
      '--redis-url',
      url,
    ]);
    const started = JSON.parse(await firstLine) as { url: string };
    await redis.server().kill();
    // The key check's REST call takes a rate-limit slot: the store falls back to memory, and warns.
    const response = await postRpc(
      new URL(started.url),
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { authorization: `Token ${DEMO_API_KEY}` },
    );
    expect(response.status).toBe(200);
    const warning = await eventually(() => {
      const record = output()
        .stderr.trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((entry) => String(entry.msg).startsWith('Redis is unavailable'));
      if (!record) throw new Error('no Redis warning yet');
      return record;
    });
    expect(warning).toMatchObject({
      level: 'warn',
      component: 'shiptrack redis',
      name: 'shiptrack-mcp-http',
    });
    expect(output().stderr).not.toContain('hunter2');
    child.kill('SIGTERM');
    await once(child, 'exit');
    await redis.server().restart();
  });
});
