/**
 * Live container updates of an HTTP host with a mirror: the mirror's
 * account hears its changes from the mirror's change feed, with no poll of
 * the service; every other account is polled. A real PGlite mirror in a
 * temp directory synced from the mock, real MCP clients over HTTP, and two
 * instances on one redis-server sharing the mirror.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { containerResourceUri } from '@shiptrack/mcp';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { collectUpdates, manualScheduler, settle } from '../../../test-support/subscriptions.js';
import { connectWithHeader, type Host, MOCK_START, startHost } from './support/host.js';

const HOUR = 3600;
const dir = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-http-subs-mirror-'));
let mock: RunningMockServer;
let mirror: Mirror;
let elapsedHours = 0;
const clients: Client[] = [];
const hosts: Host[] = [];

/** The API key of each REST call an MCP host made (its own client's, not the mirror's sync). */
const restCalls: string[] = [];
function countingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = input instanceof Request ? input.headers : new Headers(init?.headers);
  restCalls.push(headers.get('authorization') ?? '');
  return globalThis.fetch(input, init);
}
const callsWith = (apiKey: string) => restCalls.filter((auth) => auth.includes(apiKey)).length;

async function containerUri(apiKey: string, number?: string): Promise<string> {
  const sdk = createClient({ apiKey, baseUrl: mock.url, rateLimit: false, maxRetries: 0 });
  const id = (await sdk.containers.list({ format: 'mapped', q: number })).data[0]?.id;
  if (!id) throw new Error(`no container ${number ?? ''} in the demo data`);
  return containerResourceUri(id);
}

/** Moves the mock's clock, then lets the mirror read the account again (a change committed to it). */
async function mirrorAt(hours: number): Promise<void> {
  const response = await fetch(`${mock.origin}/_mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: (hours - elapsedHours) * HOUR }),
  });
  expect(response.status).toBe(200);
  elapsedHours = hours;
  await mirror.sync({ staleAfterMs: 0, sleep: async () => {} });
}

async function listenOn(host: Host, apiKey: string, uri: string): Promise<string[]> {
  const client = await connectWithHeader(host.url, `Token ${apiKey}`, '2026-07-28');
  clients.push(client);
  const updates = collectUpdates(client);
  await client.listen({ resourceSubscriptions: [uri] });
  return updates;
}

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
}, 120_000);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});
afterAll(async () => {
  await mirror?.close();
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('live container updates of an HTTP host with a mirror', () => {
  it("tells the mirror's account a change the mirror commits, once, with no poll; other accounts are polled", async () => {
    const polls = manualScheduler();
    const host = await startHost(
      {
        mirror: { mirror, apiKey: DEMO_API_KEY },
        subscriptions: { polling: { scheduler: polls.scheduler } },
        fetch: countingFetch,
      },
      mock,
    );
    hosts.push(host);
    const uri = await containerUri(DEMO_API_KEY, 'MSCU1451670');
    const updates = await listenOn(host, DEMO_API_KEY, uri);
    expect(polls.pending).toBe(0); // nothing to poll: the mirror's feed tells its account
    const otherUri = await containerUri(DEMO_SECOND_API_KEY);
    await listenOn(host, DEMO_SECOND_API_KEY, otherUri);
    expect(polls.pending).toBe(1); // the other account is polled
    restCalls.length = 0;

    await mirrorAt(100); // the shipment's ETA revised at 72 h, committed to the mirror
    await eventually(() => expect(updates).toEqual([uri]));
    await polls.round(); // the other account's round
    await settle();
    expect(updates).toEqual([uri]);
    expect(callsWith(DEMO_API_KEY)).toBe(0);
    expect(callsWith(DEMO_SECOND_API_KEY)).toBeGreaterThan(0);
  });

  describeWithRedis('two instances on one mirror and one redis-server', () => {
    const redis = useRedisServer();

    it('tells each stream a change once, though both instances hear the commit', async () => {
      for (let instance = 0; instance < 2; instance += 1) {
        hosts.push(
          await startHost(
            {
              redisUrl: redis.url(),
              mirror: { mirror, apiKey: DEMO_API_KEY },
              subscriptions: { polling: { scheduler: manualScheduler().scheduler } },
            },
            mock,
          ),
        );
      }
      const [first, second] = hosts as [Host, Host];
      const uri = await containerUri(DEMO_API_KEY, 'MSCU1451670');
      const onFirst = await listenOn(first, DEMO_API_KEY, uri);
      const onSecond = await listenOn(second, DEMO_API_KEY, uri);

      await mirrorAt(230); // discharged at 228 h: status, last free day, hold, fees
      await eventually(() => expect(onFirst).toEqual([uri]));
      await eventually(() => expect(onSecond).toEqual([uri]));
      await settle();
      expect(onFirst).toEqual([uri]);
      expect(onSecond).toEqual([uri]);
    });
  });
});
