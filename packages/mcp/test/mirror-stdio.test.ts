/**
 * `shiptrack-mcp --mirror <dir>` as a spawned stdio process and a real MCP
 * client: a PGlite mirror synced from the mock over HTTP beforehand, the
 * command's REST base pointed at a closed port, so any REST call would fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createMirror } from '@shiptrack/mirror';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_BIN, BUNDLE, requireBuiltBin } from './built-bin.js';
import { textOf } from './schema-check.js';

const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const NODE_ARGS = ['--conditions=shiptrack-source', '--import', 'tsx', MAIN];
/** No server listens here: a REST call from the command fails. */
const CLOSED_BASE_URL = 'http://127.0.0.1:1/v2';

const dir = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-stdio-mirror-'));
let server: RunningMockServer;
let containers = 0;
let asOf = '';

function environment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...getDefaultEnvironment(), ...extra };
  delete env.SVC_MCP_MIRROR;
  delete env.SVC_MIRROR;
  return env;
}

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
      env: environment({ SVC_API_BASE_URL: CLOSED_BASE_URL }),
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end();
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' },
    rateLimits: false,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  const mirror = await createMirror({
    client: createClient({ apiKey: DEMO_API_KEY, baseUrl: server.url }),
    database: dir,
  });
  await mirror.sync({ sleep: async () => {} });
  containers = (await mirror.list('container')).length;
  asOf = (await mirror.freshness()).asOf ?? '';
  await mirror.close();
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the command with `--mirror`: list_containers answers from it, and it is closed at the end. */
async function answersFromMirror(args: string[]): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...args, '--mirror', dir],
    env: environment({ SVC_API_TOKEN: DEMO_API_KEY, SVC_API_BASE_URL: CLOSED_BASE_URL }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'stdio-mirror-test', version: '1' });
  await client.connect(transport);
  try {
    const result = await client.callTool({
      name: 'list_containers',
      arguments: { page_size: 100 },
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const structured = result.structuredContent as {
      containers: unknown[];
      paging: { asOf?: string; total: number };
    };
    expect(structured.containers).toHaveLength(containers);
    expect(structured.paging).toMatchObject({ asOf, total: containers });
    expect(textOf(result)).toContain('From the mirror (no REST call)');
  } finally {
    await client.close();
  }
  expect(stderr).toContain(
    `answering lists and searches from the mirror in PGlite directory ${dir}`,
  );
  // The command closed the mirror on its way out: the directory opens again.
  const reopened = await createMirror({ database: dir });
  expect((await reopened.status()).records.containers).toBe(containers);
  await reopened.close();
}

describe('shiptrack-mcp --mirror', () => {
  it('answers list_containers from the PGlite directory without REST, then closes it', async () => {
    await answersFromMirror(NODE_ARGS);
  }, 60_000);

  // The bundle requires the installed @shiptrack/mirror (and its PGlite files) at run time.
  it('does the same as the built bin', async () => {
    requireBuiltBin();
    await answersFromMirror([BUILT_BIN]);
  }, 60_000);

  it('keeps PGlite out of the bin: the bundle only requires the package', () => {
    requireBuiltBin();
    const bundle = readFileSync(BUNDLE, 'utf8');
    expect(bundle).not.toContain('@electric-sql/pglite');
    expect(bundle).not.toContain('kysely');
  });

  it('refuses --mirror-sync without an API key, and --mirror-max-age without a mirror', async () => {
    const sync = await run(['--mirror', dir, '--mirror-sync']);
    expect(sync.code).toBe(2);
    expect(sync.stderr).toContain('--mirror-sync reads REST: set SVC_API_TOKEN');
    const age = await run(['--mirror-max-age', '5']);
    expect(age.code).toBe(2);
    expect(age.stderr).toContain('give --mirror <dir|postgres-url> (or SVC_MCP_MIRROR)');
  }, 60_000);
});
