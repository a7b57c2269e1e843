/**
 * The retry schedule of webhook deliveries. The service documents "at most
 * 12 retries" but not the waits; the mock uses this fixed schedule, measured
 * on the engine's clock (so a test advances simulated time, never waits).
 * After the first attempt fails, retry `n` (1-based) is due
 * `RETRY_DELAYS_MS[n - 1]` after the attempt before it failed: in total about
 * 28 hours from the first attempt to the last.
 */
import { HOUR, MINUTE, SECOND } from '../time.js';

/** Wait before each retry, in milliseconds; its length is the retry budget. */
export const RETRY_DELAYS_MS: readonly number[] = [
  30 * SECOND,
  1 * MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  20 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
];

/** The number of retries after the first attempt before a notification is `failed`. */
export const MAX_DELIVERY_RETRIES = RETRY_DELAYS_MS.length;

/**
 * The wait before retry number `retry` (1-based), or `undefined` when the
 * retry budget is used up and the notification must be marked `failed`.
 */
export function retryDelayMs(retry: number): number | undefined {
  if (!Number.isInteger(retry) || retry < 1) return undefined;
  return RETRY_DELAYS_MS[retry - 1];
}
