import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../src/index.js';
import { BUILT_BIN, requireBuiltBin } from './built-bin.js';
import { textOf } from './schema-check.js';

/** The command's source, run the way the workspace runs TypeScript (no build needed). */
const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const NODE_ARGS = ['--conditions=shiptrack-source', '--import', 'tsx', MAIN];
/** The bundled bin, present after `pnpm build`. */

function environment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...getDefaultEnvironment(), ...extra };
  if (!('SVC_API_TOKEN' in extra)) delete env.SVC_API_TOKEN;
  return env;
}

/** Runs the command with arguments to completion; its exit code and output. */
function runCommand(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], { env: environment({}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Speaks raw JSON-RPC lines to the spawned server until every request has
 * an answer, then closes stdin; resolves with everything it wrote.
 */
function converse(
  env: Record<string, string>,
  messages: object[],
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, NODE_ARGS, { env });
    const expected = messages.filter((m) => 'id' in m).length;
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer in time; stderr: ${stderr}`));
    }, 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const answered = stdout.split('\n').filter((line) => line.includes('"id"')).length;
      if (answered >= expected) child.stdin?.end();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
    for (const message of messages) child.stdin?.write(`${JSON.stringify(message)}\n`);
  });
}

/**
 * Writes raw lines to the command with `--mock` until it has written
 * `answers` lines to stdout, then closes stdin; resolves with its output.
 */
function sendLines(
  command: string[],
  lines: string[],
  answers: number,
): Promise<{ stdout: string[]; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...command, '--mock'], { env: environment({}) });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer in time; stdout ends: ${stdout.slice(-300)}; stderr: ${stderr}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.split('\n').length > answers) child.stdin.end();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: stdout.split('\n').filter((line) => line !== ''), stderr, code });
    });
    child.stdin.write(lines.map((line) => `${line}\n`).join(''));
  });
}

/** Bad lines among good ones: each bad one answered with its JSON-RPC error, the good ones served. */
async function answersBadLines(command: string[]): Promise<void> {
  const { stdout, stderr, code } = await sendLines(
    command,
    [
      JSON.stringify(INITIALIZE),
      JSON.stringify(INITIALIZED),
      'this is not JSON',
      JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }]),
      '',
      JSON.stringify({ hello: 'world' }),
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
      '{"jsonrpc": "2.0", "id": 4, "method": "ping"',
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }),
    ],
    7,
  );
  expect(code).toBe(0);
  const messages = stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const message of messages) expect(message.jsonrpc).toBe('2.0');
  const errors = messages.filter((message) => 'error' in message);
  expect(errors).toEqual([
    {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.stringContaining('not valid JSON') },
    },
    {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('batches are not supported') },
    },
    {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('not a JSON-RPC 2.0') },
    },
    {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.stringContaining('not valid JSON') },
    },
  ]);
  // The batch's ping (id 2) never ran; the lines after each bad one did.
  const served = messages.filter((message) => 'result' in message).map((message) => message.id);
  expect(served.sort()).toEqual([1, 3, 5]);
  const logged = stderr.split('\n').filter((line) => line.includes('stdin line'));
  expect(logged).toEqual([
    '[shiptrack-mcp] stdin line 3 is not JSON: answered -32700 Parse error',
    '[shiptrack-mcp] stdin line 4 is a JSON-RPC batch: answered -32600 Invalid Request',
    '[shiptrack-mcp] stdin line 6 is not a JSON-RPC message: answered -32600 Invalid Request',
    '[shiptrack-mcp] stdin line 8 is not JSON: answered -32700 Parse error',
  ]);
  expect(stderr).not.toMatch(/ZodError|invalid_union|\n\s+at /);
}

/** Connects a real MCP client to the command with --mock and reads demo data through it. */
async function servesTheEmbeddedMock(args: string[]): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args, '--mock'],
    env: environment({ SVC_API_BASE_URL: 'http://127.0.0.1:1/v2' }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 2026-07-28: the SDK's skills client finds the extension in `extensions`, which 2025 has not.
  const client = new Client(
    { name: 'stdio-test', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  try {
    const found = await client.callTool({
      name: 'search_container',
      arguments: { query: 'MAEU4002159' },
    });
    expect(found.isError).toBeFalsy();
    expect(textOf(found)).toContain('MAEU4002159');
    const glossary = await client.readResource({ uri: 'service://docs/milestone-glossary' });
    expect(glossary.contents).toHaveLength(1);
    // The bundled command finds the package's skills folder beside dist/.
    const skills = new SkillsClient(client);
    const { skills: listed } = await skills.list();
    expect(listed).toHaveLength(4);
    for (const skill of listed) expect((await skills.read(skill)).verified).toBe(true);
  } finally {
    await client.close();
  }
  expect(stderr).toContain('embedded mock service');
}

/** `--read-only` with `--mock`: a real MCP client finds no tool that writes. */
async function listsNoToolThatWrites(args: string[]): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args, '--mock', '--read-only'],
    env: environment({}),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'stdio-test', version: '1' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.map((tool) => tool.name)).not.toContain('track_container');
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
  } finally {
    await client.close();
  }
  expect(stderr).toContain('(read-only: no tool writes)');
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'stdio-test', version: '1' },
  },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' },
  });
});
afterAll(() => mock.close());

describe('the shiptrack-mcp command', { timeout: 60_000 }, () => {
  it('prints its help and version, and refuses an unknown option', async () => {
    const [help, version, wrong, serve] = await Promise.all([
      runCommand(['--help']),
      runCommand(['--version']),
      runCommand(['--mok']),
      runCommand(['serve', '--prot', '1']),
    ]);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('--mock');
    expect(help.stdout).toContain('SVC_API_TOKEN');
    expect(help.stdout).toContain('--read-only');
    expect(help.stdout).toContain('SVC_MCP_TOOLSETS');
    expect(version).toMatchObject({ code: 0, stdout: `${SERVER_VERSION}\n` });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe(
      "shiptrack-mcp: error: unknown option '--mok' (Did you mean --mock?) (see shiptrack-mcp --help)\n",
    );
    expect(wrong.stdout).toBe('');
    // Nothing but protocol on stdout: the usage error goes to stderr (it has no --port to suggest).
    expect(serve).toEqual({
      code: 2,
      stdout: '',
      stderr: "shiptrack-mcp: error: unknown option '--prot' (see shiptrack-mcp --help)\n",
    });
  });

  it('serves the mock service over stdio: only JSON-RPC on stdout, and no key in stderr', async () => {
    const { stdout, stderr, code } = await converse(
      environment({ SVC_API_TOKEN: DEMO_API_KEY, SVC_API_BASE_URL: mock.url }),
      [
        INITIALIZE,
        INITIALIZED,
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'search_container', arguments: { query: 'MAEU4002159' } },
        },
        {
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: {
            name: 'get_container',
            arguments: { id: '00000000-0000-4000-8000-000000000000' },
          },
        },
      ],
    );
    expect(code).toBe(0);
    const lines = stdout.split('\n').filter((line) => line !== '');
    // Four answers and the log notification of the failed call (no level set: the client gets every level).
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(
      lines.filter((line) => JSON.parse(line).method === 'notifications/message'),
    ).toHaveLength(1);
    // Concurrent requests are answered as they finish, not in the order sent: match answers by id.
    const answer = (id: number) => lines.find((line) => JSON.parse(line).id === id);
    expect(answer(3)).toContain('MAEU4002159');
    expect(answer(4)).toContain('not_found');
    expect(stderr).toContain('started');
    expect(stderr).not.toContain(DEMO_API_KEY);
    expect(stdout).not.toContain(DEMO_API_KEY);
  });

  it('starts without a key, and every tool says how to set SVC_API_TOKEN', async () => {
    const { stdout, stderr } = await converse(environment({ SVC_API_BASE_URL: mock.url }), [
      INITIALIZE,
      INITIALIZED,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'list_containers', arguments: {} },
      },
    ]);
    const answer = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { result: unknown };
    expect(answer.result).toMatchObject({ isError: true });
    expect(textOf(answer.result)).toContain('Set the environment variable SVC_API_TOKEN');
    expect(stderr).toContain('without SVC_API_TOKEN');
  });

  it('--read-only lists no tool that writes', async () => {
    await listsNoToolThatWrites(NODE_ARGS);
  });

  it('stops with exit 2 on a tool or toolset that is not there, naming those that are', async () => {
    const { code, stdout, stderr } = await runCommand(['--mock', '--toolsets', 'boxes']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/no toolset "boxes" \(toolsets: search, containers, /);
  });

  it('--mock serves the embedded demo data to a real MCP client, no key, no network', async () => {
    await servesTheEmbeddedMock(NODE_ARGS);
  });

  it('answers a line that is not JSON, a batch and a non-message with JSON-RPC errors, and keeps serving', async () => {
    await answersBadLines(NODE_ARGS);
  });

  // Runs once `pnpm build` has bundled the bin (`pnpm test` builds before the tests).
  it('the bundled bin serves --mock the same way', async () => {
    requireBuiltBin();
    await servesTheEmbeddedMock([BUILT_BIN]);
  });

  it('the bundled bin with --read-only lists no tool that writes', async () => {
    requireBuiltBin();
    await listsNoToolThatWrites([BUILT_BIN]);
  });

  it('the bundled bin answers bad lines the same way', async () => {
    requireBuiltBin();
    await answersBadLines([BUILT_BIN]);
  });
});
