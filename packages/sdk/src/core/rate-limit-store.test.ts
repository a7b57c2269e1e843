import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './rate-limit-store.js';

/** The wait of a fresh reservation. */
async function wait(store: MemoryRateLimitStore, key: string, bucket: string, limit: number) {
  return (await store.acquire(key, bucket, limit, 60_000)).waitMs;
}

describe('MemoryRateLimitStore', () => {
  it('admits `limit` requests per rolling window and schedules the rest in order', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 0 });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) waits.push(await wait(store, 'k', 'refresh', 2));
    expect(waits).toEqual([0, 0, 60_000, 60_000, 120_000]);
    now += 60_000;
    // The two requests sent at the start have left the window, but their two successors are due now.
    expect(await wait(store, 'k', 'refresh', 2)).toBe(60_000);
  });

  it('never lets more than `limit` send times fall in any window', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 0 });
    const sendTimes: number[] = [];
    for (let i = 0; i < 250; i++) {
      now += i % 7 === 0 ? 1500 : 10;
      sendTimes.push(now + (await wait(store, 'k', 'default', 100)));
    }
    sendTimes.sort((a, b) => a - b);
    for (let i = 100; i < sendTimes.length; i++) {
      expect((sendTimes[i] ?? 0) - (sendTimes[i - 100] ?? 0)).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('counts a send time for the window plus the margin, so a late arrival cannot share a window', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 250 });
    expect(await wait(store, 'k', 'refresh', 1)).toBe(0);
    // Just past the window: the first request may still have reached the service late.
    now = 60_001;
    expect(await wait(store, 'k', 'refresh', 1)).toBe(249);
    // Past the window and its margin: room at once.
    now = 200_000;
    expect(await wait(store, 'k', 'refresh', 1)).toBe(0);
  });

  it('keeps keys and buckets apart', async () => {
    const store = new MemoryRateLimitStore({ now: () => 0 });
    expect(await wait(store, 'a', 'refresh', 1)).toBe(0);
    expect(await wait(store, 'b', 'refresh', 1)).toBe(0);
    expect(await wait(store, 'a', 'default', 1)).toBe(0);
    expect(await wait(store, 'a', 'refresh', 1)).toBe(60_250);
  });

  it('forgets a released reservation, so it delays nobody', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 0 });
    expect(await wait(store, 'k', 'refresh', 1)).toBe(0);
    const refused = await store.acquire('k', 'refresh', 1, 60_000);
    expect(refused.waitMs).toBe(60_000);
    await refused.release();
    await refused.release(); // a second release changes nothing
    const queued = await store.acquire('k', 'refresh', 1, 60_000);
    expect(queued.waitMs).toBe(60_000);
    now = 60_001;
    // The reservation at 60 000 still holds its window; nothing released it.
    expect(await wait(store, 'k', 'refresh', 1)).toBe(59_999);
  });

  it('keeps every window within the limit when a reservation between others is released', async () => {
    const store = new MemoryRateLimitStore({ now: () => 0, marginMs: 0 });
    const slots = [];
    for (let i = 0; i < 6; i++) slots.push(await store.acquire('k', 'default', 2, 60_000));
    expect(slots.map((slot) => slot.waitMs)).toEqual([0, 0, 60_000, 60_000, 120_000, 120_000]);
    await slots[4]?.release();
    await slots[2]?.release();
    // The later windows still hold at most two: the next request joins the one left at 120 000.
    expect(await wait(store, 'k', 'default', 2)).toBe(120_000);
    expect(await wait(store, 'k', 'default', 2)).toBe(180_000);
  });
});

describe('MemoryRateLimitStore with many keys', () => {
  it('forgets the buckets whose send times have all left their window', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 250 });
    for (let key = 0; key < 1_000; key++) await wait(store, `key-${key}`, 'default', 100);
    expect(store.size).toBe(1_000);
    // Within the window and its margin every bucket still counts.
    now = 60_249;
    await wait(store, 'busy', 'default', 1_000);
    expect(store.size).toBe(1_001);
    // Past it, each call drops up to two quiet buckets.
    now = 60_250;
    for (let call = 0; call < 500; call++) await wait(store, 'busy', 'default', 1_000);
    expect(store.size).toBe(1);
  });

  it('keeps a bucket whose reservations are still ahead', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 0 });
    await wait(store, 'queued', 'refresh', 1);
    expect(await wait(store, 'queued', 'refresh', 1)).toBe(60_000);
    now = 60_000;
    for (let call = 0; call < 10; call++) await wait(store, `other-${call}`, 'default', 100);
    // The reservation for 60 000 still counts until 120 000.
    expect(await wait(store, 'queued', 'refresh', 1)).toBe(60_000);
  });
});
