import { WebhookConfigurationError } from './errors.js';

/**
 * Remembers which notifications were already processed, keyed by the
 * notification id (`data.id`, the same on every retry of a notification).
 *
 * Implement it over a shared store when several processes receive
 * deliveries. With Redis:
 *
 * ```ts
 * const store: IdempotencyStore = {
 *   async claim(id, ttlMs) {
 *     return (await redis.set(`webhook:${id}`, '1', { NX: true, PX: ttlMs })) === 'OK';
 *   },
 *   async release(id) {
 *     await redis.del(`webhook:${id}`);
 *   },
 * };
 * ```
 */
export interface IdempotencyStore {
  /**
   * Atomically records `id` for `ttlMs` milliseconds. Resolves to `true` the
   * first time (process the notification), `false` while the id is recorded
   * (a duplicate: acknowledge it without processing).
   */
  claim(id: string, ttlMs: number): Promise<boolean>;
  /** Forgets `id` after its processing failed, so the service's retry is processed. */
  release(id: string): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a notification id is remembered by default: 72 hours. The service
 * retries a delivery up to 12 times and does not publish the schedule (the
 * mock server's spans about 28 hours); 72 hours covers that with room for a
 * slower schedule, at a cost of about 100 bytes per id in memory.
 */
export const DEFAULT_IDEMPOTENCY_TTL_MS = 72 * HOUR_MS;

/** How many ids `MemoryIdempotencyStore` keeps by default before evicting the least recently used. */
export const DEFAULT_IDEMPOTENCY_MAX_ENTRIES = 100_000;

/** Options of `MemoryIdempotencyStore`. */
export interface MemoryIdempotencyStoreOptions {
  /** The most ids kept; past it the least recently used id is evicted. Default 100,000. */
  maxEntries?: number;
  /** The clock, in epoch milliseconds; for tests. Default `Date.now`. */
  now?: () => number;
}

/**
 * An `IdempotencyStore` in process memory: expiring entries, bounded size
 * with least-recently-used eviction. Right for one process; with several
 * replicas, a redelivery can reach another replica, so use a shared store.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  /** Id -> expiry time; Map order is the recency order (oldest first). */
  private readonly expiries = new Map<string, number>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryIdempotencyStoreOptions = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_IDEMPOTENCY_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
    if (!Number.isInteger(this.maxEntries) || this.maxEntries < 1) {
      throw new WebhookConfigurationError(
        `maxEntries of MemoryIdempotencyStore must be a positive integer, got ${this.maxEntries}.`,
      );
    }
  }

  /** The number of ids currently remembered (expired ones may linger until touched). */
  get size(): number {
    return this.expiries.size;
  }

  async claim(id: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const expiry = this.expiries.get(id);
    this.expiries.delete(id);
    if (expiry !== undefined && expiry > now) {
      // A duplicate: re-insert to mark it recently used, keeping its expiry.
      this.expiries.set(id, expiry);
      return false;
    }
    this.expiries.set(id, now + ttlMs);
    this.evict(now);
    return true;
  }

  async release(id: string): Promise<void> {
    this.expiries.delete(id);
  }

  /** Drops expired ids from the old end, then the least recently used ones over the bound. */
  private evict(now: number): void {
    for (const [id, expiry] of this.expiries) {
      if (expiry > now && this.expiries.size <= this.maxEntries) break;
      this.expiries.delete(id);
    }
  }
}
