/**
 * Rate limits per API key and bucket on a rolling window, measured on the
 * mock clock (so a test can advance past a window instead of waiting).
 */
import { type RateLimitBucketName, rateLimitBuckets } from './operations.js';

/** The answer of {@link RateLimiter.take}. */
export type RateLimitDecision =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/** How limits apply: the spec's, overridden per bucket, or not at all. */
export type RateLimitSettings = boolean | Partial<Record<RateLimitBucketName, number>>;

/**
 * A rolling-window limiter: remembers the time of each allowed request in a
 * ring as large as the limit, so a check is O(1).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { times: number[]; next: number }>();
  private readonly settings: RateLimitSettings;

  constructor(settings: RateLimitSettings = true) {
    this.settings = settings;
  }

  /** The limit of a bucket, honouring overrides (account first, then global). */
  limitOf(bucket: RateLimitBucketName, accountOverrides?: Partial<Record<string, number>>): number {
    const override =
      accountOverrides?.[bucket] ??
      (typeof this.settings === 'object' ? this.settings[bucket] : undefined);
    return override ?? rateLimitBuckets[bucket].limit;
  }

  /**
   * Counts one request of `apiKey` against `bucket` at `now`; refuses it (with
   * the whole seconds until a slot frees up) when the window is full.
   */
  take(
    apiKey: string,
    bucket: RateLimitBucketName,
    now: number,
    accountOverrides?: Partial<Record<string, number>>,
  ): RateLimitDecision {
    if (this.settings === false) return { allowed: true };
    const limit = this.limitOf(bucket, accountOverrides);
    const windowMs = rateLimitBuckets[bucket].windowMs;
    const key = `${bucket}\u0000${apiKey}`;
    let window = this.windows.get(key);
    if (window === undefined) {
      window = { times: [], next: 0 };
      this.windows.set(key, window);
    }
    if (window.times.length < limit) {
      window.times.push(now);
      return { allowed: true };
    }
    const oldest = window.times[window.next] ?? now;
    if (oldest <= now - windowMs) {
      window.times[window.next] = now;
      window.next = (window.next + 1) % window.times.length;
      return { allowed: true };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
    };
  }

  /** Forgets every window (used by reset). */
  clear(): void {
    this.windows.clear();
  }
}
