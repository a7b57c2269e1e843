import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './rate-limit-store.js';

describe('MemoryRateLimitStore', () => {
  it('admits `limit` requests per rolling window and schedules the rest in order', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 0 });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) waits.push(await store.acquire('k', 'refresh', 2, 60_000));
    expect(waits).toEqual([0, 0, 60_000, 60_000, 120_000]);
    now += 60_000;
    // The two requests sent at the start have left the window, but their two successors are due now.
    expect(await store.acquire('k', 'refresh', 2, 60_000)).toBe(60_000);
  });

  it('never lets more than `limit` send times fall in any window', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, marginMs: 0 });
    const sendTimes: number[] = [];
    for (let i = 0; i < 250; i++) {
      now += i % 7 === 0 ? 1500 : 10;
      sendTimes.push(now + (await store.acquire('k', 'default', 100, 60_000)));
    }
    sendTimes.sort((a, b) => a - b);
    for (let i = 100; i < sendTimes.length; i++) {
      expect((sendTimes[i] ?? 0) - (sendTimes[i - 100] ?? 0)).toBeGreaterThanOrEqual(60_000);
    }
  });

  it('keeps keys and buckets apart', async () => {
    const store = new MemoryRateLimitStore({ now: () => 0 });
    expect(await store.acquire('a', 'refresh', 1, 60_000)).toBe(0);
    expect(await store.acquire('b', 'refresh', 1, 60_000)).toBe(0);
    expect(await store.acquire('a', 'default', 1, 60_000)).toBe(0);
    expect(await store.acquire('a', 'refresh', 1, 60_000)).toBe(60_250);
  });
});
