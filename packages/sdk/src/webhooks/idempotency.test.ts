import { describe, expect, it } from 'vitest';
import { WebhookConfigurationError } from './errors.js';
import {
  DEFAULT_IDEMPOTENCY_LEASE_MS,
  DEFAULT_IDEMPOTENCY_TTL_MS,
  MemoryIdempotencyStore,
} from './idempotency.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('MemoryIdempotencyStore', () => {
  it('tells a claim in progress from a completed one', async () => {
    const store = new MemoryIdempotencyStore();
    expect(await store.claim('n1', 60_000)).toBe('claimed');
    expect(await store.claim('n1', 60_000)).toBe('in_progress');
    await store.complete('n1', 60_000);
    expect(await store.claim('n1', 60_000)).toBe('done');
  });

  it('gives a claim back after its lease, so a process that died mid-work does not lose the notification', async () => {
    const time = clock();
    const store = new MemoryIdempotencyStore({ now: time.now });
    expect(await store.claim('n1', 1_000)).toBe('claimed');
    time.advance(999);
    expect(await store.claim('n1', 1_000)).toBe('in_progress');
    time.advance(1);
    expect(await store.claim('n1', 1_000)).toBe('claimed');
  });

  it('remembers a completed id for its time to live, not its lease', async () => {
    const time = clock();
    const store = new MemoryIdempotencyStore({ now: time.now });
    await store.claim('n1', 1_000);
    await store.complete('n1', 10_000);
    time.advance(9_999);
    expect(await store.claim('n1', 1_000)).toBe('done');
    time.advance(1);
    expect(await store.claim('n1', 1_000)).toBe('claimed');
  });

  it('keeps ids apart', async () => {
    const store = new MemoryIdempotencyStore();
    expect(await store.claim('n1', 60_000)).toBe('claimed');
    expect(await store.claim('n2', 60_000)).toBe('claimed');
  });

  it('lets a released id be claimed again, for the retry of a failed delivery', async () => {
    const store = new MemoryIdempotencyStore();
    expect(await store.claim('n1', 60_000)).toBe('claimed');
    await store.release('n1');
    expect(await store.claim('n1', 60_000)).toBe('claimed');
  });

  it('evicts the least recently used id past its bound', async () => {
    const store = new MemoryIdempotencyStore({ maxEntries: 2 });
    await store.complete('a', 60_000);
    await store.complete('b', 60_000);
    // A duplicate of "a" makes it the most recently used, so "b" is evicted next.
    expect(await store.claim('a', 60_000)).toBe('done');
    expect(await store.claim('c', 60_000)).toBe('claimed');
    expect(store.size).toBe(2);
    expect(await store.claim('a', 60_000)).toBe('done');
    expect(await store.claim('b', 60_000)).toBe('claimed');
  });

  it('drops expired ids when new ones arrive, so memory follows the live window', async () => {
    const time = clock();
    const store = new MemoryIdempotencyStore({ now: time.now });
    for (let i = 0; i < 100; i++) await store.complete(`old-${i}`, 1_000);
    time.advance(2_000);
    await store.claim('new', 1_000);
    expect(store.size).toBe(1);
  });

  it('defaults to remembering ids for 72 hours and leasing claims for 5 minutes', () => {
    expect(DEFAULT_IDEMPOTENCY_TTL_MS).toBe(72 * 60 * 60 * 1000);
    expect(DEFAULT_IDEMPOTENCY_LEASE_MS).toBe(5 * 60 * 1000);
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => new MemoryIdempotencyStore({ maxEntries: 0 })).toThrow(WebhookConfigurationError);
  });
});
