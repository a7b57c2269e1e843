/**
 * Where the ids of accepted `requestState`s are kept until the states
 * expire, so that each answer to a question is taken once: a replayed
 * retry (the same state sent again, or twice at once) is refused instead
 * of acting a second time without asking.
 */

/**
 * Remembers which `requestState`s were taken. One store must serve every
 * instance that may receive a retried call: N instances share one through
 * Redis (`createRedisUsedRequestStateStore` of `@shiptrack/redis`).
 */
export interface UsedRequestStateStore {
  /**
   * Records that the state `id` was taken, for `ttlMs`: `true` the first
   * time, `false` when it was taken before and is still remembered (a
   * replay). Of two calls at once with one id, one gets `true`.
   */
  take(id: string, ttlMs: number): Promise<boolean>;
}

/** Options of {@link MemoryUsedRequestStateStore}. */
export interface MemoryUsedRequestStateStoreOptions {
  /** Current time in ms (default `Date.now`), for expiry. */
  now?: () => number;
}

/**
 * The ids taken in this process, each dropped once its time is up. Enough
 * for one process (stdio, one HTTP instance); instances behind a load
 * balancer share a store instead.
 */
export class MemoryUsedRequestStateStore implements UsedRequestStateStore {
  /** When each id may be forgotten; insertion order is the order they were taken. */
  readonly #until = new Map<string, number>();
  readonly #now: () => number;

  constructor(options: MemoryUsedRequestStateStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  async take(id: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    this.#forgetExpired(now);
    const until = this.#until.get(id);
    if (until !== undefined && until > now) return false;
    // Nothing is awaited between the look-up and this write, so two calls at once cannot both pass.
    this.#until.delete(id);
    this.#until.set(id, now + ttlMs);
    return true;
  }

  /** How many ids are remembered (for tests of expiry). */
  get size(): number {
    return this.#until.size;
  }

  /** Drops expired ids from the oldest on (a longer-lived one stops the sweep until it expires). */
  #forgetExpired(now: number): void {
    for (const [id, until] of this.#until) {
      if (until > now) return;
      this.#until.delete(id);
    }
  }
}
