/**
 * The HTTP host with a mirror: requests made with the mirror's API key
 * answer from it, every other key reads REST (a mirror holds one account).
 * A real PGlite mirror in a temp directory synced from the mock, real MCP
 * clients over HTTP.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../src/cli/args.js';
import { startMcpHttpServer } from '../src/index.js';
import { connectWithHeader, type Host, MOCK_START, startHost } from './support/host.js';

type Listed = { containers: { id: string }[]; paging: { asOf?: string } };

const dir = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-http-mirror-'));
/** The command's own mirror (a PGlite directory is one process's at a time). */
const cliDir = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-http-cli-mirror-'));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
let mock: RunningMockServer;
let mirror: Mirror;
let host: Host;

beforeAll(async () => {
  mock = await startMockServer({
    clock: { mode: 'manual', startAt: MOCK_START },
    rateLimits: false,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  mirror = await createMirror({
    client: createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url }),
    database: dir,
  });
  await mirror.sync({ sleep: async () => {} });
  host = await startHost({ mirror: { mirror, apiKey: DEMO_API_KEY } }, mock);
}, 120_000);

afterAll(async () => {
  await host?.close();
  await mirror?.close();
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

describe('an HTTP host with a mirror', () => {
  it("answers the mirror's account from it and every other account from REST", async () => {
    const clients: Client[] = [];
    try {
      const own = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
      clients.push(own);
      const other = await connectWithHeader(host.url, `Token ${DEMO_SECOND_API_KEY}`);
      clients.push(other);
      const mine = (await own.callTool({ name: 'list_containers', arguments: { page_size: 100 } }))
        .structuredContent as Listed;
      const theirs = (
        await other.callTool({ name: 'list_containers', arguments: { page_size: 100 } })
      ).structuredContent as Listed;
      const { asOf } = await mirror.freshness();
      expect(mine.paging.asOf).toBe(asOf);
      expect(mine.containers.map((row) => row.id).sort()).toEqual(
        (await mirror.list('container')).map((record) => record.id).sort(),
      );
      expect(theirs.paging.asOf).toBeUndefined();
      const mirrored = new Set(mine.containers.map((row) => row.id));
      expect(theirs.containers.length).toBeGreaterThan(0);
      expect(theirs.containers.some((row) => mirrored.has(row.id))).toBe(false);
    } finally {
      for (const client of clients) await client.close();
    }
  });

  it('refuses a mirror beside a server factory of your own, rather than dropping one', async () => {
    await expect(
      startMcpHttpServer({
        port: 0,
        mirror: { mirror, apiKey: DEMO_API_KEY },
        createServer: () => {
          throw new Error('not called');
        },
      }),
    ).rejects.toThrow(/Pass `mirror` or `createServer`, not both/);
  });
});

describe('--mirror on the command line', () => {
  it("needs the API key of the mirror's account, and reads SVC_MCP_MIRROR", () => {
    expect(() => parseCommand(['--mirror', dir], {})).toThrow(/set SVC_API_TOKEN/);
    expect(() => parseCommand(['--mirror-sync'], {})).toThrow(/give --mirror/);
    expect(() =>
      parseCommand(['--mirror-max-age', 'soon'], { SVC_MCP_MIRROR: dir, SVC_API_TOKEN: 'k' }),
    ).toThrow(/--mirror-max-age must be a number of minutes/);
    const command = parseCommand(['--mirror-sync', '--mirror-max-age', '5'], {
      SVC_MCP_MIRROR: dir,
      SVC_API_TOKEN: 'key',
    });
    expect(command.mirror).toEqual({ database: dir, apiKey: 'key', sync: true, maxAgeMs: 300_000 });
  });
});

describe('shiptrack-mcp-http --mirror', () => {
  it('serves the mirror of SVC_API_TOKEN and closes it on SIGTERM', async () => {
    const seeded = await createMirror({
      client: createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url }),
      database: cliDir,
    });
    await seeded.sync({ sleep: async () => {} });
    const { asOf } = await seeded.freshness();
    await seeded.close();
    const child = spawn(
      process.execPath,
      [
        '--import',
        pathToFileURL(`${root}node_modules/tsx/dist/loader.mjs`).href,
        '--conditions=shiptrack-source',
        cli,
        ...['--port', '0', '--base-url', mock.url, '--quiet', '--mirror', cliDir],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SVC_API_TOKEN: DEMO_API_KEY } },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const firstLine = new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
      });
      child.once('exit', () => reject(new Error(`the command exited: ${stderr}`)));
    });
    try {
      const { url } = JSON.parse(await firstLine) as { url: string };
      const client = await connectWithHeader(new URL(url), `Token ${DEMO_API_KEY}`);
      const listed = (await client.callTool({ name: 'list_containers', arguments: {} }))
        .structuredContent as Listed;
      await client.close();
      expect(listed.paging.asOf).toBe(asOf);
      expect(stderr).toContain(`from the mirror in PGlite directory ${cliDir}`);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const reopened = await createMirror({ database: cliDir });
    expect((await reopened.freshness()).asOf).toBe(asOf);
    await reopened.close();
  }, 120_000);
});
