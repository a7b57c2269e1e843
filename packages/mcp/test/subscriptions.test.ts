import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  collectUpdates,
  type ManualScheduler,
  manualScheduler,
  settle,
} from '../../../test-support/subscriptions.js';
import { containerResourceUri, type PollCoordinator } from '../src/index.js';
import { MemoryPollCoordinator } from '../src/subscriptions/coordination.js';
import { type Connection, connect, MOCK_START, type ProtocolRevision } from './harness.js';

const HOUR = 3600;
/** The demo container followed: discharged at New York with a customs hold, released a day later. */
const NUMBER = 'MSCU1451670';

let mock: RunningMockServer;
let elapsedHours = 0;

function sdk(): ShiptrackClient {
  return createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false, maxRetries: 0 });
}

/** Moves the mock's clock (over its control API) to `hours` after the start. */
async function clockAt(hours: number): Promise<void> {
  const seconds = (hours - elapsedHours) * HOUR;
  const response = await fetch(`${mock.origin}/_mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
  elapsedHours = hours;
}

/** An SDK client for the mock that records the container id of each `GET /containers/{id}`. */
function countingSdk(polled: string[]): ShiptrackClient {
  return createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: mock.url,
    rateLimit: false,
    maxRetries: 0,
    fetch: (url, init) => {
      const path = new URL(url).pathname;
      if (/\/containers\/[^/]+$/.test(path)) polled.push(path.split('/').pop() ?? '');
      return fetch(url, init);
    },
  });
}

async function containerId(number: string): Promise<string> {
  const page = await sdk().containers.list({ format: 'mapped', q: number });
  const id = page.data[0]?.id;
  if (!id) throw new Error(`the demo data has no container ${number}`);
  return id;
}

beforeAll(async () => {
  mock = await startMockServer({ port: 0, clock: { mode: 'manual', startAt: MOCK_START } });
});
afterAll(() => mock.close());

let connection: Connection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  await fetch(`${mock.origin}/_mock/reset`, { method: 'POST' });
  elapsedHours = 0;
});

async function open(
  revision: ProtocolRevision,
  limits?: { perConnection?: number; perAccount?: number },
): Promise<{ connection: Connection; polls: ManualScheduler; updates: string[] }> {
  const polls = manualScheduler();
  connection = await connect(
    { client: sdk() },
    { revision, subscriptions: { polling: { scheduler: polls.scheduler }, limits } },
  );
  return { connection, polls, updates: collectUpdates(connection.client) };
}

/** Moves the clock, runs one poll round and returns the updates that arrived with it. */
async function step(
  polls: ManualScheduler,
  updates: string[],
  hours: number | null,
): Promise<string[]> {
  const before = updates.length;
  if (hours !== null) await clockAt(hours);
  await polls.round();
  await settle();
  return updates.slice(before);
}

/** The mock's timeline of the container, in hours after the start (each crossing is one tracked change or none). */
async function expectOnePerTrackedChange(
  polls: ManualScheduler,
  updates: string[],
  uri: string,
): Promise<void> {
  expect(await step(polls, updates, null)).toEqual([]); // nothing moved
  expect(await step(polls, updates, null)).toEqual([]);
  expect(await step(polls, updates, 100)).toEqual([uri]); // ETA revised at 72 h
  expect(await step(polls, updates, 230)).toEqual([uri]); // discharged at 228 h: status, last free day, customs hold, fees
  expect(await step(polls, updates, 230)).toEqual([]); // polled again, unchanged
  expect(await step(polls, updates, 253)).toEqual([uri]); // hold released, available at 252 h
  expect(await step(polls, updates, 255)).toEqual([uri]); // the line's last free day at 254 h
  expect(await step(polls, updates, 257)).toEqual([uri]); // the pickup appointment made at 256 h
  expect(await step(polls, updates, 257)).toEqual([]); // polled again, unchanged
}

describe('resources/subscribe (2025-11-25) on stdio', () => {
  it('declares resources.subscribe and sends exactly one update per tracked change, none while nothing changes', async () => {
    const { connection, polls, updates } = await open('2025-11-25');
    expect(connection.client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    const uri = containerResourceUri(await containerId(NUMBER));
    await connection.client.subscribeResource({ uri });
    await expectOnePerTrackedChange(polls, updates, uri);
  });

  it('polls a container once however many URIs name it, and stops after unsubscribe', async () => {
    const polled: string[] = [];
    const polls = manualScheduler();
    connection = await connect(
      { client: countingSdk(polled) },
      { subscriptions: { polling: { scheduler: polls.scheduler } } },
    );
    const updates = collectUpdates(connection.client);
    const id = await containerId(NUMBER);
    await connection.client.subscribeResource({ uri: containerResourceUri(id) });
    await connection.client.subscribeResource({ uri: containerResourceUri(NUMBER) });
    polled.length = 0;
    expect((await step(polls, updates, 100)).sort()).toEqual(
      [containerResourceUri(id), containerResourceUri(NUMBER)].sort(),
    );
    expect(polled).toEqual([id]); // one poll, two URIs told
    await connection.client.unsubscribeResource({ uri: containerResourceUri(id) });
    await connection.client.unsubscribeResource({ uri: containerResourceUri(NUMBER) });
    expect(polls.pending).toBe(0);
    expect(await step(polls, updates, 230)).toEqual([]);
  });

  it('refuses an unknown container, another account’s, a URI that is not a container, and a subscription past the cap', async () => {
    const { connection } = await open('2025-11-25', { perConnection: 1 });
    await expect(
      connection.client.subscribeResource({ uri: containerResourceUri('ZZZU0000000') }),
    ).rejects.toThrow(/no container "ZZZU0000000" in this account/);
    await expect(
      connection.client.subscribeResource({ uri: 'service://docs/milestone-glossary' }),
    ).rejects.toThrow(/only containers can be subscribed to/);
    const otherAccount = createClient({
      apiKey: DEMO_SECOND_API_KEY,
      baseUrl: mock.url,
      rateLimit: false,
    });
    const foreign = (await otherAccount.containers.list({ format: 'mapped' })).data[0]?.id ?? '';
    await expect(
      connection.client.subscribeResource({ uri: containerResourceUri(foreign) }),
    ).rejects.toThrow(`no container "${foreign}" in this account`);
    await connection.client.subscribeResource({ uri: containerResourceUri(NUMBER) });
    await expect(
      connection.client.subscribeResource({ uri: containerResourceUri('MAEU4002159') }),
    ).rejects.toThrow(/Subscription limit reached: a connection follows at most 1 containers/);
  });

  it('states the per-account cap when the account has used it up', async () => {
    const { connection } = await open('2025-11-25', { perAccount: 1 });
    await connection.client.subscribeResource({ uri: containerResourceUri(NUMBER) });
    await expect(
      connection.client.subscribeResource({ uri: containerResourceUri('MAEU4002159') }),
    ).rejects.toThrow(/already follows 1 of its 1 subscriptions/);
  });
});

describe('subscriptions/listen (2026-07-28) on stdio', () => {
  it('acknowledges the container and sends one update per tracked change on the stream until closed', async () => {
    const { connection, polls, updates } = await open('2026-07-28');
    expect(connection.client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    const uri = containerResourceUri(await containerId(NUMBER));
    const subscription = await connection.client.listen({ resourceSubscriptions: [uri] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([uri]);
    await expectOnePerTrackedChange(polls, updates, uri);
    expect(polls.pending).toBe(1);
    await subscription.close();
    await settle();
    expect(polls.pending).toBe(0); // the cancelled stream's container is no longer polled
    expect(await step(polls, updates, 280)).toEqual([]); // picked up at 279 h, but nobody listens
  });

  it('refuses a stream naming an unknown container, and one past the cap, before acknowledging', async () => {
    const { connection } = await open('2026-07-28', { perConnection: 1 });
    await expect(
      connection.client.listen({ resourceSubscriptions: [containerResourceUri('ZZZU0000000')] }),
    ).rejects.toThrow(/no container "ZZZU0000000" in this account/);
    await expect(
      connection.client.listen({
        resourceSubscriptions: [containerResourceUri(NUMBER), containerResourceUri('MAEU4002159')],
      }),
    ).rejects.toThrow(/a connection follows at most 1 containers/);
    const accepted = await connection.client.listen({
      resourceSubscriptions: [containerResourceUri(NUMBER)],
    });
    expect(accepted.honoredFilter.resourceSubscriptions).toEqual([containerResourceUri(NUMBER)]);
  });
});

describe('the poll budget', () => {
  it('spends at most its share of the rate limit per window, least recently polled first', async () => {
    const polled: string[] = [];
    const counting = countingSdk(polled);
    const polls = manualScheduler();
    connection = await connect(
      { client: counting },
      {
        subscriptions: {
          polling: {
            scheduler: polls.scheduler,
            rateLimitShare: 0.2,
            defaultLimit: { limit: 10, windowMs: 60_000 }, // a budget of 2 polls a minute
          },
        },
      },
    );
    const ids = await Promise.all(['MSCU1451670', 'MAEU4002159', 'CMAU9155939'].map(containerId));
    for (const id of ids)
      await connection.client.subscribeResource({ uri: containerResourceUri(id) });
    polled.length = 0;
    await polls.round();
    expect(polled).toEqual(ids.slice(0, 2));
    await polls.round(); // the same minute: the budget is spent
    expect(polled).toEqual(ids.slice(0, 2));
  });
});

describe('a poll that cannot coordinate', () => {
  it('reports the failure and polls again next round instead of stopping', async () => {
    const failures: string[] = [];
    let coordinatorUp = false;
    const memory = new MemoryPollCoordinator();
    // A coordinator whose store is away until `coordinatorUp` (Redis down, then back).
    const flaky: PollCoordinator = {
      claim: async () => {
        if (!coordinatorUp) throw new Error('coordinator unreachable');
        return memory.claim();
      },
      lastDigest: (container) => memory.lastDigest(container),
      storeDigest: (container, digest, options) => memory.storeDigest(container, digest, options),
      release: (container) => memory.release(container),
    };
    const polls = manualScheduler();
    connection = await connect(
      { client: sdk(), onError: (_error, where) => failures.push(where) },
      { subscriptions: { polling: { scheduler: polls.scheduler, coordinator: flaky } } },
    );
    const updates = collectUpdates(connection.client);
    const uri = containerResourceUri(await containerId(NUMBER));
    await connection.client.subscribeResource({ uri });
    expect(await step(polls, updates, 100)).toEqual([]);
    expect(failures).toEqual([`poll of container ${uri.split('/').pop()}`]);
    expect(polls.pending).toBe(1); // armed again
    coordinatorUp = true;
    expect(await step(polls, updates, null)).toEqual([uri]); // the change is heard once it can poll
  });
});
