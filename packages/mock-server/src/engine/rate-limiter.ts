/**
 * Rate limits per API key and bucket on a rolling window. The spec gives each
 * bucket its limit and window; a user may turn limits off or override the
 * limit and the window of any bucket, at start and at run time.
 *
 * Windows are measured on the wall clock plus every advance of the mock
 * clock (see `Clock.runningNow`): a window always ends in real time, so a
 * manual clock can never lock a client out, and it ends at once when a test
 * advances the clock past it.
 */
import { type RateLimitBucketName, rateLimitBuckets } from './operations.js';

/**
 * A bucket's limit and window, each overriding the spec's when given; the
 * window in seconds, as the CLI's `--rate-limit default=100/2s` writes it.
 * (The SDK's `BucketLimit` is the limit in force, its window in ms.)
 */
export interface BucketOverride {
  /** Requests allowed per window: an integer >= 1. */
  limit?: number;
  /** Length of the rolling window in seconds: a number > 0 (fractions allowed, e.g. 0.5). */
  windowSeconds?: number;
}

/** The override of one bucket: its limit alone (`10_000`), or its limit and window. */
export type RateLimitOverride = number | BucketOverride;

/** Overrides of some buckets, by bucket name (`default`, `create_tracking_request`, ...). */
export type RateLimitOverrides = Partial<Record<RateLimitBucketName, RateLimitOverride>>;

/** How limits apply: `true` the spec's, `false` none, or the spec's with per-bucket overrides. */
export type RateLimitSettings = boolean | RateLimitOverrides;

/** The limit and window in force for one bucket. */
export interface BucketState {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** The rate limits in force. */
export interface RateLimitState {
  /** False when limits are off: no request is ever refused. */
  readonly enabled: boolean;
  /** Every bucket of the spec with its limit and window (as overridden). */
  readonly buckets: Readonly<Record<RateLimitBucketName, BucketState>>;
}

/** The answer of {@link RateLimiter.take}. */
export type RateLimitDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** Whole seconds until a slot frees up (at least 1). */
      readonly retryAfterSeconds: number;
      /** The limit and window that refused the request. */
      readonly bucket: BucketState;
      /** True for the first refusal since the window last allowed a request (log it once). */
      readonly firstRefusal: boolean;
    };

/** The names of the spec's buckets. */
export const BUCKET_NAMES = Object.keys(rateLimitBuckets) as RateLimitBucketName[]; // keys of a const object

/** True when `name` is a bucket of the spec. */
export function isBucketName(name: string): name is RateLimitBucketName {
  return Object.hasOwn(rateLimitBuckets, name);
}

/** What is wrong with a bucket's limit (`undefined` when it is a valid one). */
export function limitProblem(limit: unknown): string | undefined {
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 1
    ? undefined
    : 'must be an integer >= 1';
}

/** What is wrong with a window length in seconds (`undefined` when it is a valid one). */
export function windowProblem(seconds: unknown): string | undefined {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? undefined
    : 'must be a number of seconds > 0';
}

/** The spec's limit and window of every bucket. */
function specBuckets(): Record<RateLimitBucketName, BucketState> {
  const buckets = {} as Record<RateLimitBucketName, BucketState>; // filled for every name below
  for (const name of BUCKET_NAMES) {
    const { limit, windowMs } = rateLimitBuckets[name];
    buckets[name] = { limit, windowSeconds: windowMs / 1000 };
  }
  return buckets;
}

/** A bucket with an override applied; throws a TypeError naming the bad value. */
function applyOverride(base: BucketState, override: RateLimitOverride, where: string): BucketState {
  const { limit, windowSeconds } =
    typeof override === 'number' ? { limit: override, windowSeconds: undefined } : override;
  const limitIssue = limit === undefined ? undefined : limitProblem(limit);
  if (limitIssue) throw new TypeError(`${where} limit ${limitIssue}; got ${String(limit)}.`);
  const windowIssue = windowSeconds === undefined ? undefined : windowProblem(windowSeconds);
  if (windowIssue) {
    throw new TypeError(`${where} windowSeconds ${windowIssue}; got ${String(windowSeconds)}.`);
  }
  return { limit: limit ?? base.limit, windowSeconds: windowSeconds ?? base.windowSeconds };
}

/**
 * The buckets of `base` with overrides applied. An unknown bucket name or a
 * bad value is a TypeError that says what to pass.
 */
export function applyOverrides(
  base: Readonly<Record<RateLimitBucketName, BucketState>>,
  overrides: Readonly<Partial<Record<string, RateLimitOverride>>>,
  where = 'rateLimits',
): Record<RateLimitBucketName, BucketState> {
  const buckets = { ...base };
  for (const [name, override] of Object.entries(overrides)) {
    if (override === undefined) continue;
    if (!isBucketName(name)) {
      throw new TypeError(
        `${where} names an unknown bucket "${name}"; the buckets are ${BUCKET_NAMES.join(', ')}.`,
      );
    }
    buckets[name] = applyOverride(base[name], override, `${where}.${name}`);
  }
  return buckets;
}

/** The state that settings describe. */
export function stateOf(settings: RateLimitSettings): RateLimitState {
  if (typeof settings === 'boolean') return { enabled: settings, buckets: specBuckets() };
  return { enabled: true, buckets: applyOverrides(specBuckets(), settings) };
}

interface Window {
  /** Times of the allowed requests, a ring as large as the limit. */
  times: number[];
  next: number;
  refusing: boolean;
}

/**
 * A rolling-window limiter: remembers the time of each allowed request in a
 * ring as large as the limit, so a check is O(1).
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly configured: RateLimitState;
  private current: RateLimitState;

  /** Throws a TypeError for an unknown bucket or a bad limit or window. */
  constructor(settings: RateLimitSettings = true) {
    this.configured = stateOf(settings);
    this.current = this.configured;
  }

  /** The limits in force. */
  state(): RateLimitState {
    return this.current;
  }

  /** Replaces the limits in force; every window starts afresh. */
  setState(state: RateLimitState): void {
    this.current = state;
    this.windows.clear();
  }

  /** Back to the limits the engine was created with, every window afresh (used by reset). */
  restore(): void {
    this.setState(this.configured);
  }

  /**
   * Counts one request of `apiKey` against `bucket` at `now` (epoch ms of
   * the clock's running time); refuses it, with the whole seconds until a
   * slot frees up, when the window is full. An account's own overrides
   * apply over the limits in force.
   */
  take(
    apiKey: string,
    bucketName: RateLimitBucketName,
    now: number,
    accountOverrides?: RateLimitOverrides,
  ): RateLimitDecision {
    if (!this.current.enabled) return { allowed: true };
    const inForce = this.current.buckets[bucketName];
    const override = accountOverrides?.[bucketName];
    const bucket =
      override === undefined
        ? inForce
        : applyOverride(inForce, override, `the account's rateLimits.${bucketName}`);
    const windowMs = bucket.windowSeconds * 1000;
    const key = `${bucketName}\u0000${apiKey}`;
    let window = this.windows.get(key);
    if (window === undefined) {
      window = { times: [], next: 0, refusing: false };
      this.windows.set(key, window);
    }
    if (window.times.length < bucket.limit) {
      window.times.push(now);
      window.refusing = false;
      return { allowed: true };
    }
    const oldest = window.times[window.next] ?? now;
    if (oldest <= now - windowMs) {
      window.times[window.next] = now;
      window.next = (window.next + 1) % window.times.length;
      window.refusing = false;
      return { allowed: true };
    }
    const firstRefusal = !window.refusing;
    window.refusing = true;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
      bucket,
      firstRefusal,
    };
  }

  /** Forgets every window. */
  clear(): void {
    this.windows.clear();
  }
}
