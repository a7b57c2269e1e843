import { WebhookConfigurationError } from './errors.js';

/**
 * What `IdempotencyStore.claim` found: `claimed` (process the notification
 * now), `in_progress` (another attempt is processing it right now), `done`
 * (it was processed already).
 */
export type IdempotencyClaim = 'claimed' | 'in_progress' | 'done';

/**
 * Remembers which notifications are being processed and which were
 * processed, keyed by the notification id (`data.id`, the same on every
 * retry of a notification). "In progress" and "done" are kept apart so that a
 * retry arriving while the first attempt still runs is not acknowledged: if
 * that attempt then fails, the service must still have a retry to send.
 *
 * Implement it over a shared store when several processes receive
 * deliveries. With Redis:
 *
 * ```ts
 * const key = (id: string) => `shiptrack:webhook:${id}`;
 * const store: IdempotencyStore = {
 *   async claim(id, leaseMs) {
 *     if ((await redis.set(key(id), 'processing', { NX: true, PX: leaseMs })) === 'OK') return 'claimed';
 *     return (await redis.get(key(id))) === 'done' ? 'done' : 'in_progress';
 *   },
 *   async complete(id, ttlMs) {
 *     await redis.set(key(id), 'done', { PX: ttlMs });
 *   },
 *   async release(id) {
 *     await redis.del(key(id));
 *   },
 * };
 * ```
 */
export interface IdempotencyStore {
  /**
   * Atomically starts processing `id` unless it is in progress or done. A
   * claim is a lease: if the process dies before `complete` or `release`, the
   * id becomes claimable again after `leaseMs`, so the notification is not
   * lost.
   */
  claim(id: string, leaseMs: number): Promise<IdempotencyClaim>;
  /** Records `id` as processed for `ttlMs` milliseconds: later copies are duplicates. */
  complete(id: string, ttlMs: number): Promise<void>;
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

/**
 * How long a claim lasts by default before it can be taken again: 5 minutes.
 * It must be longer than your handlers ever run (the service itself gives up
 * on an answer after seconds); it only matters when a process dies mid-work.
 */
export const DEFAULT_IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;

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
  /** Id -> state and expiry; Map order is the recency order (oldest first). */
  private readonly entries = new Map<string, { done: boolean; expiresAt: number }>();
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
    return this.entries.size;
  }

  async claim(id: string, leaseMs: number): Promise<IdempotencyClaim> {
    const now = this.now();
    const entry = this.entries.get(id);
    if (entry !== undefined && entry.expiresAt > now) {
      this.touch(id, entry);
      return entry.done ? 'done' : 'in_progress';
    }
    this.touch(id, { done: false, expiresAt: now + leaseMs });
    this.evict(now);
    return 'claimed';
  }

  async complete(id: string, ttlMs: number): Promise<void> {
    const now = this.now();
    this.touch(id, { done: true, expiresAt: now + ttlMs });
    this.evict(now);
  }

  async release(id: string): Promise<void> {
    this.entries.delete(id);
  }

  /** Stores the entry as the most recently used. */
  private touch(id: string, entry: { done: boolean; expiresAt: number }): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
  }

  /** Drops expired ids from the old end, then the least recently used ones over the bound. */
  private evict(now: number): void {
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size <= this.maxEntries) break;
      this.entries.delete(id);
    }
  }
}
