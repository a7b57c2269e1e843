import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APITimeoutError,
  APIUserAbortError,
  MemoryRateLimitStore,
  RateLimitError,
  type RateLimitOptions,
  type RateLimitStore,
} from '../src/index.js';
import { resetSharedRateLimits } from '../src/testing.js';
import { useMockService } from './mock-harness.js';

// The mock's clock follows Date.now, which the fake timers drive: one clock for both sides.
const harness = useMockService({ clock: { mode: 'real' } });

/** The id of a container of the current mock (read with the client-side limiter off). */
async function containerId(): Promise<string> {
  const page = await harness
    .client({ format: 'raw', rateLimit: false })
    .containers.list({ pageSize: 1 });
  const id = page.data[0]?.id;
  if (!id) throw new Error('the demo data has containers');
  return id;
}

/**
 * Rate limiting with a store of its own: by default every client of the
 * process shares one store (per API key), so each test starts from an
 * empty one here.
 */
function ownStore(options: RateLimitOptions = {}): RateLimitOptions {
  return { store: new MemoryRateLimitStore(), ...options };
}

afterEach(() => {
  vi.useRealTimers();
});

function fakeTime() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
}

describe('client-side rate limiting', () => {
  it('keeps a burst of 250 requests free of 429 by queueing past the 100/min window', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const client = harness.client({ rateLimit: ownStore(), maxRetries: 0 });
    // The store key is a SHA-256 of the API key, computed once on the thread pool (real time):
    // let it settle through a request in another bucket before the fake clock starts moving.
    await client.trackingRequests.inferNumber('CSQU3054383');
    const sentAt: number[] = [];
    const start = Date.now();
    const calls = Array.from({ length: 250 }, () =>
      client.shippingLines.list({ pageSize: 1 }).then(
        () => sentAt.push(Date.now() - start),
        (error: unknown) => {
          throw error;
        },
      ),
    );
    const settled = Promise.allSettled(calls);
    for (let i = 0; i < 130; i++) await vi.advanceTimersByTimeAsync(1000);
    const results = await settled;
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toEqual([]);
    expect(sentAt).toHaveLength(250);
    sentAt.sort((a, b) => a - b);
    expect(sentAt.filter((t) => t < 60_000)).toHaveLength(100);
    expect(sentAt.filter((t) => t >= 60_000 && t < 120_000)).toHaveLength(100);
    expect(sentAt.filter((t) => t >= 120_000)).toHaveLength(50);
  });

  it('hits 429 on the same burst without the client-side limiter', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const client = harness.client({ rateLimit: false, maxRetries: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 250 }, () => client.shippingLines.list({ pageSize: 1 })),
    );
    const throttled = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof RateLimitError,
    );
    expect(throttled).toHaveLength(150);
  });

  it('lets the caller abort while queued', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const refreshId = await containerId();
    const client = harness.client({ rateLimit: ownStore() });
    await Promise.all(Array.from({ length: 10 }, () => client.containers.refresh(refreshId)));
    const controller = new AbortController();
    const queued = client.containers
      .refresh(refreshId, { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    controller.abort();
    expect(await queued).toBeInstanceOf(APIUserAbortError);
  });

  it('throws RateLimitError instead of queueing longer than maxWaitMs', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const refreshId = await containerId();
    const client = harness.client({
      rateLimit: ownStore({ limits: { refresh_container: 2 }, maxWaitMs: 10_000 }),
    });
    await client.containers.refresh(refreshId);
    await client.containers.refresh(refreshId);
    const error = await client.containers.refresh(refreshId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      bucket: 'refresh_container',
      retryAfterMs: 60_250,
      clientSide: true,
    });
  });

  it('does not let refused requests delay a later call once the window passed', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const refreshId = await containerId();
    const queued: string[] = [];
    const client = harness.client({
      rateLimit: ownStore({ limits: { refresh_container: 2 }, maxWaitMs: 5000 }),
      logger: { info: (line) => queued.push(line) },
    });
    await client.containers.refresh(refreshId);
    await client.containers.refresh(refreshId);
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.containers.refresh(refreshId).catch((e: unknown) => e),
      ),
    );
    for (const error of burst)
      expect(error).toMatchObject({ clientSide: true, bucket: 'refresh_container' });
    await vi.advanceTimersByTimeAsync(61_000);
    let done = false;
    const later = client.containers.refresh(refreshId).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(queued).toEqual([]);
    await later;
    expect(done).toBe(true);
  });

  it('frees the slot of a queued call that is aborted or runs out of time', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const refreshId = await containerId();
    const queued: string[] = [];
    const client = harness.client({
      rateLimit: ownStore({ limits: { refresh_container: 1 } }),
      logger: { info: (line) => queued.push(line) },
    });
    await client.containers.refresh(refreshId); // t = 0; the next slot is at 60.25 s
    const controller = new AbortController();
    const aborted = client.containers
      .refresh(refreshId, { signal: controller.signal })
      .catch((e: unknown) => e);
    const expired = client.containers
      .refresh(refreshId, { deadlineMs: 3000 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort();
    expect(await aborted).toBeInstanceOf(APIUserAbortError);
    expect(await expired).toBeInstanceOf(APITimeoutError);
    expect(queued.map((line) => line.match(/for (\d+) ms/)?.[1])).toEqual(['60250', '120500']);

    // Both slots were given back: the next call takes the first free one, at 60.25 s.
    let done = false;
    const next = client.containers.refresh(refreshId).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(queued.at(-1)).toMatch(/for 57250 ms/);
    await vi.advanceTimersByTimeAsync(57_249);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(done).toBe(true);
  });

  it('asks a pluggable store, keyed by a hash of the key and by bucket', async () => {
    harness.renew();
    const refreshId = await containerId();
    const asked: Array<[string, string, number, number]> = [];
    // A store that cannot forget a reservation releases nothing.
    const store: RateLimitStore = {
      acquire: async (key, bucket, limit, windowMs) => {
        asked.push([key, bucket, limit, windowMs]);
        return { waitMs: 0, release: async () => {} };
      },
    };
    const client = harness.client({ rateLimit: { store, limits: { default: 300 } } });
    await client.containers.refresh(refreshId);
    await client.trackingRequests.inferNumber('CSQU3054383');
    await client.shippingLines.list();
    expect(asked.map(([, bucket, limit]) => [bucket, limit])).toEqual([
      ['refresh_container', 10],
      ['infer_tracking_number', 200],
      ['default', 300],
    ]);
    expect(asked[0]?.[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(asked[0]?.[0]).not.toContain(DEMO_API_KEY);
    expect(asked[0]?.[3]).toBe(60_000);
  });

  it('shares the buckets of one API key among the clients of a process, by default', async () => {
    harness.renew();
    // Clients created per request (the pattern that lost the protection): same key, same buckets.
    const limits = { limits: { infer_tracking_number: 2 }, maxWaitMs: 0 };
    const first = harness.client({ rateLimit: limits });
    const second = harness.client({ rateLimit: limits });
    const other = harness.client({ apiKey: DEMO_SECOND_API_KEY, rateLimit: limits });
    const sent = await first.trackingRequests.inferNumber('CSQU3054383').withResponse();
    expect(sent.rateLimit).toMatchObject({
      bucket: 'infer_tracking_number',
      limit: 2,
      queuedMs: 0,
      remaining: 1,
    });
    await second.trackingRequests.inferNumber('CSQU3054383');
    const refused = await second.trackingRequests.inferNumber('CSQU3054383').catch((e) => e);
    expect(refused).toMatchObject({ clientSide: true, bucket: 'infer_tracking_number' });
    expect(await first.trackingRequests.inferNumber('CSQU3054383').catch((e) => e)).toBeInstanceOf(
      RateLimitError,
    );
    // Another key has buckets of its own.
    await expect(other.trackingRequests.inferNumber('CSQU3054383')).resolves.toMatchObject({
      numberType: 'container',
    });
    // A test runner's reset between files empties the shared buckets, for clients made before it too.
    resetSharedRateLimits();
    await expect(first.trackingRequests.inferNumber('CSQU3054383')).resolves.toMatchObject({
      numberType: 'container',
    });
  });
});
