import { describe, expect, it } from 'vitest';
import { MirrorConfigurationError } from '../errors.js';
import { SyncPacer } from './pacer.js';

/** A clock that only moves when the pacer sleeps. */
function manualTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

describe('SyncPacer', () => {
  it('sends at most half the default bucket (50 of 100 a minute) before waiting for the window', async () => {
    const time = manualTime();
    const pacer = new SyncPacer(0.5, time.now, time.sleep);
    for (let i = 0; i < 50; i += 1) await pacer.reserve();
    expect(time.sleeps).toEqual([]);
    await pacer.reserve();
    expect(time.sleeps).toEqual([60_000]);
  });

  it("follows the client's limit and window once a response told them", async () => {
    const time = manualTime();
    const pacer = new SyncPacer(0.25, time.now, time.sleep);
    pacer.observe({
      bucket: 'default',
      limit: 20,
      windowMs: 2_000,
      queuedMs: 0,
      remaining: undefined,
    });
    expect(pacer.budget).toBe(5);
    for (let i = 0; i < 6; i += 1) await pacer.reserve();
    expect(time.sleeps).toEqual([2_000]);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => new SyncPacer(0)).toThrow(MirrorConfigurationError);
    expect(() => new SyncPacer(1.5)).toThrow(/at most 1/);
  });
});
