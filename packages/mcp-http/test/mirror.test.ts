/**
 * The HTTP host with a mirror: requests made with the mirror's API key
 * answer from it, every other key reads REST (a mirror holds one account).
 * A real PGlite mirror in a temp directory synced from the mock, real MCP
 * clients over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
