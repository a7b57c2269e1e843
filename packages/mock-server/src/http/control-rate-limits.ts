/**
 * The rate limits in the control API: `GET /_mock/rate_limits` shows those
 * in force, `PATCH /_mock/rate_limits` changes them until the next reset:
 *
 * ```json
 * { "enabled": true, "buckets": { "default": { "limit": 100, "window_seconds": 2 } } }
 * ```
 */
import type { RateLimitBucketName } from '../engine/operations.js';
import {
  BUCKET_NAMES,
  type BucketState,
  isBucketName,
  limitProblem,
  type RateLimitState,
  windowProblem,
} from '../engine/rate-limiter.js';
import { BodyCheck, isObject } from './validation.js';

/** The wire form of one bucket in the control API. */
interface WireBucket {
  limit: number;
  window_seconds: number;
}

/** The wire form of the rate limits in force. */
export function rateLimitsJson(state: RateLimitState): {
  enabled: boolean;
  buckets: Record<string, WireBucket>;
} {
  const buckets: Record<string, WireBucket> = {};
  for (const name of BUCKET_NAMES) {
    const { limit, windowSeconds } = state.buckets[name];
    buckets[name] = { limit, window_seconds: windowSeconds };
  }
  return { enabled: state.enabled, buckets };
}

function patchBucket(
  check: BodyCheck,
  current: BucketState,
  name: string,
  value: unknown,
): BucketState {
  const pointer = `/buckets/${name}`;
  if (!isObject(value)) {
    check.add(
      pointer,
      'invalid',
      'must be an object such as { "limit": 100, "window_seconds": 2 }.',
    );
    return current;
  }
  check.closed(value, pointer, ['limit', 'window_seconds']);
  const limitIssue = value.limit === undefined ? undefined : limitProblem(value.limit);
  if (limitIssue) check.add(`${pointer}/limit`, 'invalid', `${limitIssue}.`);
  const windowIssue =
    value.window_seconds === undefined ? undefined : windowProblem(value.window_seconds);
  if (windowIssue) check.add(`${pointer}/window_seconds`, 'invalid', `${windowIssue}.`);
  return {
    limit: typeof value.limit === 'number' ? value.limit : current.limit,
    windowSeconds:
      typeof value.window_seconds === 'number' ? value.window_seconds : current.windowSeconds,
  };
}

/**
 * The limits that a `PATCH /_mock/rate_limits` body asks for, over the
 * current ones: members left out stay as they are. Throws 422 listing every
 * problem (an unknown member or bucket, a bad limit or window).
 */
export function patchRateLimits(current: RateLimitState, body: unknown): RateLimitState {
  const check = new BodyCheck();
  if (!isObject(body)) {
    check.add(
      '',
      'invalid',
      'must be an object such as { "enabled": false } or { "buckets": { "default": { "limit": 100, "window_seconds": 2 } } }.',
    );
    check.finish();
    return current;
  }
  check.closed(body, '', ['enabled', 'buckets']);
  let enabled = current.enabled;
  if (body.enabled !== undefined) {
    if (typeof body.enabled === 'boolean') enabled = body.enabled;
    else check.add('/enabled', 'invalid', 'must be true or false.');
  }
  const buckets: Record<RateLimitBucketName, BucketState> = { ...current.buckets };
  if (body.buckets !== undefined) {
    if (!isObject(body.buckets)) {
      check.add('/buckets', 'invalid', 'must be an object keyed by bucket name.');
    } else {
      for (const [name, value] of Object.entries(body.buckets)) {
        if (isBucketName(name)) buckets[name] = patchBucket(check, buckets[name], name, value);
        else
          check.add(
            `/buckets/${name}`,
            'unknown_attribute',
            `is not a bucket; the buckets are ${BUCKET_NAMES.join(', ')}.`,
          );
      }
    }
  }
  check.finish();
  return { enabled, buckets };
}
