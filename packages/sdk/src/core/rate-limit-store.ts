/**
 * Where the client-side rate limiter keeps its counts. The memory store
 * serves one process; implement this interface over Redis or another shared
 * store to share one API key's limits among several processes.
 */
export interface RateLimitStore {
  /**
   * Reserves one request in `bucket` for `key` (a hash of the credentials,
   * never the key itself) on a rolling window of `windowMs` that admits
   * `limit` requests. Resolves to how long the caller must wait before
   * sending, in ms (0: send now). The reservation is kept even if the caller
   * gives up waiting, which errs on the safe side.
   */
  acquire(key: string, bucket: string, limit: number, windowMs: number): Promise<number>;
}

/** Options of {@link MemoryRateLimitStore}. */
export interface MemoryRateLimitStoreOptions {
  /** Current time in ms; inject a manual clock in tests. Defaults to `Date.now`. */
  now?: () => number;
  /**
   * Extra gap added to a deferred request, in ms, so that network jitter
   * cannot make the service see more than `limit` requests in its window.
   * Defaults to 250.
   */
  marginMs?: number;
}

/**
 * In-memory sliding-window log, matching the service's rolling 60 s window.
 * Each bucket keeps the send times of its recent and reserved requests; a
 * request past the limit is given the earliest time at which the window has
 * room again, so queued callers go out in order without hitting 429.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #logs = new Map<string, number[]>();
  readonly #now: () => number;
  readonly #marginMs: number;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#now = options.now ?? (() => Date.now());
    this.#marginMs = options.marginMs ?? 250;
  }

  /** Reserves a send time; see {@link RateLimitStore.acquire}. */
  acquire(key: string, bucket: string, limit: number, windowMs: number): Promise<number> {
    const now = this.#now();
    const id = `${key}\u0000${bucket}`;
    let log = this.#logs.get(id);
    if (!log) {
      log = [];
      this.#logs.set(id, log);
    }
    // The log is sorted by send time: drop the times that left the window.
    let expired = 0;
    while (expired < log.length && (log[expired] ?? 0) <= now - windowMs) expired++;
    if (expired > 0) log.splice(0, expired);

    if (log.length < limit) {
      insertSorted(log, now);
      return Promise.resolve(0);
    }
    // The window admits this request once the request `limit` places earlier leaves it.
    const earlier = log[log.length - limit] ?? now;
    const sendAt = Math.max(now, earlier + windowMs + this.#marginMs);
    insertSorted(log, sendAt);
    return Promise.resolve(sendAt - now);
  }
}

/** Inserts a time into an ascending log; new times are usually the latest, so search from the end. */
function insertSorted(log: number[], time: number): void {
  let index = log.length;
  while (index > 0 && (log[index - 1] ?? 0) > time) index--;
  log.splice(index, 0, time);
}
