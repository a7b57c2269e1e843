/**
 * Waiting in a test for a condition, never for a time. vitest's
 * `vi.waitFor` gives up after one second by default, which a busy machine
 * can take to deliver an event that is on its way; this waits for as long
 * as the test may run.
 */
import { vi } from 'vitest';

/**
 * Below the test time-out of vitest.config.ts, so that a wait for what never
 * comes fails with the check's last error rather than a bare time-out.
 */
const GIVE_UP_AFTER_MS = 50_000;

/**
 * Runs `check` until it stops throwing (a promise: until it resolves) and
 * gives back its value.
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: GIVE_UP_AFTER_MS, interval: 10 });
}
