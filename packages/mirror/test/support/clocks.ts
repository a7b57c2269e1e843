/** Clocks the mirror's tests run a mirror on: the mock's, and one whose waits take no time. */
import type { RunningMockServer } from '@shiptrack/mock-server';
import { advanceMockClock } from './rest-state.js';

/** Where the mock's manual clock starts (see `startEmptyMock`). */
export const MOCK_START = '2025-03-01T00:00:00Z';

/** The mock's manual clock, to run a mirror on: `now()` follows each `advance`. */
export interface MockClock {
  now(): number;
  /** Moves the mock's clock forward (running what falls due, deliveries included), then `now()`. */
  advance(seconds: number): Promise<void>;
}

/** The mock's clock as it stands, to run a mirror on (a reset keeps the time it reached). */
export async function mockClock(server: RunningMockServer): Promise<MockClock> {
  const response = await fetch(`${server.origin}/_mock/clock`);
  let ms = ((await response.json()) as { now_ms: number }).now_ms;
  return {
    now: () => ms,
    async advance(seconds) {
      // Deliveries made while the mock moves come dated up to its new time: that is `now` meanwhile.
      ms += seconds * 1000;
      await advanceMockClock(server, seconds);
    },
  };
}

/** A clock whose waits take no time: wall time plus every wait skipped. */
export interface SkippingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * A sync's clock that never waits on real time (its pacing, the waits after
 * a 429, `syncEvery`'s interval): each wait only moves it on.
 */
export function skippingClock(): SkippingClock {
  let skipped = 0;
  return {
    now: () => Date.now() + skipped,
    sleep: async (ms) => {
      skipped += ms;
    },
  };
}
