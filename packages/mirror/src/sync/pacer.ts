import type { RateLimitState } from '@shiptrack/sdk';
import { rateLimitBuckets } from '@shiptrack/sdk/spec';
import { MirrorConfigurationError } from '../errors.js';

/** Waits `ms`, or rejects when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Keeps a sync's own requests within a share of the rate limit: at most
 * `floor(share * limit)` of them in any rolling window of the bucket. The
 * requests also pass the client's own limiter, so the sync and the rest of
 * the application together stay under the full limit; this leaves the other
 * share to the application. The limit and window are the client's (its
 * overrides included), learnt from each response; before the first, the
 * spec's `default` bucket.
 */
export class SyncPacer {
  private limit: number;
  private windowMs: number;
  private readonly sent: number[] = [];

  constructor(
    private readonly share: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: Sleep = realSleep,
  ) {
    if (!(share > 0 && share <= 1)) {
      throw new MirrorConfigurationError(
        `rateLimitShare must be above 0 and at most 1 (the share of the rate limit a sync may use), got ${share}.`,
      );
    }
    this.limit = rateLimitBuckets.default.limit;
    this.windowMs = rateLimitBuckets.default.windowMs;
  }

  /** How many requests the sync may send per window. */
  get budget(): number {
    return Math.max(1, Math.floor(this.share * this.limit));
  }

  /** Waits until the sync may send one more request, and counts it. */
  async reserve(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.sent.length > 0 && (this.sent[0] ?? 0) <= now - this.windowMs) this.sent.shift();
      if (this.sent.length < this.budget) {
        this.sent.push(now);
        return;
      }
      await this.sleep((this.sent[0] ?? now) + this.windowMs - now, signal);
    }
  }

  /**
   * Waits out a 429: `retryAfterMs` as the service asked, or a whole window
   * when it did not say.
   */
  async backOff(retryAfterMs: number | undefined, signal?: AbortSignal): Promise<void> {
    await this.sleep(retryAfterMs ?? this.windowMs, signal);
  }

  /** Learns the bucket's limit and window from a response's rate-limit state. */
  observe(state: RateLimitState): void {
    if (state.bucket !== 'default') return;
    this.limit = state.limit;
    this.windowMs = state.windowMs;
  }
}
