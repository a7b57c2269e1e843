import { describe, expect, it } from 'vitest';
import { Clock } from './clock.js';
import { PendingWork } from './pending-work.js';

const START = Date.parse('2025-03-01T00:00:00Z');

describe('Clock (manual)', () => {
  it('runs due jobs in time order, each at its own instant, and stops at the target', async () => {
    const clock = new Clock({ mode: 'manual', startAt: START });
    const seen: Array<[string, number]> = [];
    clock.schedule(START + 3000, () => void seen.push(['c', clock.now()]));
    clock.schedule(START + 1000, () => void seen.push(['a', clock.now()]));
    clock.schedule(START + 1000, () => void seen.push(['b', clock.now()]));
    clock.schedule(START + 9000, () => void seen.push(['late', clock.now()]));
    expect(await clock.advance(5000)).toBe(START + 5000);
    expect(seen).toEqual([
      ['a', START + 1000],
      ['b', START + 1000],
      ['c', START + 3000],
    ]);
    expect(clock.pendingJobs).toBe(1);
  });

  it('runs jobs that jobs schedule within the same advance, and skips cancelled ones', async () => {
    const clock = new Clock({ mode: 'manual', startAt: START });
    const seen: number[] = [];
    const cancelled = clock.schedule(START + 500, () => void seen.push(-1));
    clock.schedule(START + 1000, () => {
      seen.push(clock.now());
      clock.scheduleIn(1000, () => void seen.push(clock.now()));
    });
    cancelled.cancel();
    await clock.advance(60_000);
    expect(seen).toEqual([START + 1000, START + 2000]);
  });

  it('awaits async jobs and the pending work they start before moving on', async () => {
    const pending = new PendingWork();
    const clock = new Clock({ mode: 'manual', startAt: START, settle: () => pending.settle() });
    const seen: string[] = [];
    clock.schedule(START + 1000, () => {
      pending.track(
        (async () => {
          await new Promise((resolve) => setImmediate(resolve));
          seen.push('delivery done');
          clock.scheduleIn(500, () => void seen.push(`retry at +${clock.now() - START}`));
        })(),
      );
    });
    clock.schedule(START + 1200, async () => {
      await Promise.resolve();
      seen.push('next job');
    });
    await clock.advance(2000);
    expect(seen).toEqual(['delivery done', 'next job', 'retry at +1500']);
  });

  it('keeps going when a job throws and reports the error', async () => {
    const errors: string[] = [];
    const clock = new Clock({
      mode: 'manual',
      startAt: START,
      onJobError: (_error, label) => errors.push(label),
    });
    let ran = false;
    clock.schedule(
      START + 1,
      () => {
        throw new Error('boom');
      },
      'exploding',
    );
    clock.schedule(START + 2, () => {
      ran = true;
    });
    await clock.advance(10);
    expect(errors).toEqual(['exploding']);
    expect(ran).toBe(true);
  });

  it('refuses to go backwards', async () => {
    const clock = new Clock({ mode: 'manual', startAt: START });
    await expect(clock.advance(-1)).rejects.toThrow(RangeError);
    expect(() => new Clock({ mode: 'manual', startAt: 'not a date' })).toThrow(/ISO 8601/);
  });
});

describe('Clock (real)', () => {
  it('follows the wall clock plus what was advanced', async () => {
    const clock = new Clock({ mode: 'real' });
    const before = Date.now();
    await clock.advance(86_400_000);
    expect(clock.now() - Date.now()).toBeGreaterThanOrEqual(86_400_000 - (Date.now() - before) - 5);
    clock.dispose();
  });
});
