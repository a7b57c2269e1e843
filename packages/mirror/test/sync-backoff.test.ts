/**
 * A sync meets real 429s from the mock (its fault rules, over HTTP): each is
 * waited out `Retry-After` long through the sync's injected wait (no real
 * sleep), and the sync ends with everything stored; one that keeps being
 * refused fails with the RateLimitError, and the next sync continues.
 */
import type { RunningMockServer } from '@shiptrack/mock-server';
import { RateLimitError } from '@shiptrack/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMirror, type Mirror } from '../src/index.js';
import { RATE_LIMITED_ATTEMPTS } from '../src/sync/rest-reads.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { startEmptyMock, syncClient } from './support/mock-service.js';

let server: RunningMockServer;
let mirror: Mirror | undefined;

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.origin}/_mock/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /_mock/${path}: ${response.status}`);
  return response.json();
}

/** A PGlite database of the test's own. */
async function database() {
  if (pglite === undefined) throw new Error('no PGlite among the test databases');
  return pglite.fresh();
}

/** A wait that records what it was asked for and returns at once. */
function recordingSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

const pglite = TEST_DATABASES[0];

beforeAll(async () => {
  server = await startEmptyMock();
  await pglite?.prepare('fresh');
}, DATABASE_HOOK_MS);
beforeEach(async () => {
  await mirror?.close();
  await control('POST', 'reset');
});
afterAll(async () => {
  await mirror?.close();
  await server?.close();
});

describe('sync under 429s from the service', () => {
  it('waits out each Retry-After (beyond what the client retries itself) and stores everything', async () => {
    // The client waits out up to 60 s itself; a longer Retry-After comes back to the sync.
    const client = syncClient(server);
    await client.trackingRequests.create({
      requestType: 'container',
      requestNumber: 'MSCU1234566',
      scac: 'MSCU',
    });
    await control('POST', 'clock/advance', { seconds: 24 * 3600 }); // the request is tracked
    await control('POST', 'faults', {
      method: 'GET',
      path: '/v2/shipments',
      rateLimit: { retryAfter: 90 },
      count: 2,
    });
    mirror = await createMirror({ client, database: await database() });
    const { waits, sleep } = recordingSleep();

    const result = await mirror.sync({ sleep });

    expect(waits).toEqual([90_000, 90_000]);
    expect(result).toMatchObject({ fullSyncRan: true, rateLimitedWaits: 2 });
    const { faults } = (await control('GET', 'faults')) as { faults: unknown[] };
    expect(faults).toEqual([expect.objectContaining({ path: '/v2/shipments', count: 0 })]);
    expect((await mirror.list('shipment')).length).toBe(1);
    expect((await mirror.list('container')).length).toBe(1);
  });

  it(`gives up after ${RATE_LIMITED_ATTEMPTS} refusals in a row, and the next sync continues where it stopped`, async () => {
    const client = syncClient(server);
    await client.trackingRequests.create({
      requestType: 'container',
      requestNumber: 'MSCU1234566',
      scac: 'MSCU',
    });
    await control('POST', 'faults', {
      method: 'GET',
      path: '/v2/containers',
      rateLimit: { retryAfter: 120 },
      count: RATE_LIMITED_ATTEMPTS,
    });
    mirror = await createMirror({ client, database: await database() });
    const first = recordingSleep();
    const steps: string[] = [];
    const failure = await mirror
      .sync({ sleep: first.sleep, onProgress: (p) => void steps.push(`${p.step}:${p.page}`) })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RateLimitError);
    expect(first.waits).toEqual(Array(RATE_LIMITED_ATTEMPTS - 1).fill(120_000));
    expect(steps).toEqual(['tracking_requests:1', 'shipments:1']);

    const second = recordingSleep();
    const steps2: string[] = [];
    const result = await mirror.sync({
      sleep: second.sleep,
      onProgress: (p) => void steps2.push(`${p.step}:${p.page}`),
    });
    expect(second.waits).toEqual([]);
    expect(result).toMatchObject({ fullSyncRan: true, rateLimitedWaits: 0 });
    expect(steps2[0]).toBe('containers:1');
  });
});
