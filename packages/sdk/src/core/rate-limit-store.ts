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
  readonly #logs = new Map<string, SendLog>();
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
      log = new SendLog();
      this.#logs.set(id, log);
    }
    log.dropThrough(now - windowMs, limit);
    if (log.size < limit) {
      log.insert(now);
      return Promise.resolve(0);
    }
    // The window admits this request once the request `limit` places earlier leaves it.
    const earlier = log.at(log.size - limit) ?? now;
    const sendAt = Math.max(now, earlier + windowMs + this.#marginMs);
    log.insert(sendAt);
    return Promise.resolve(sendAt - now);
  }
}

/**
 * Ascending send times of one bucket. Expired times are skipped by moving a
 * head index (no shifting on every request), and only the last `limit` times
 * are kept, since older ones cannot change a decision.
 */
class SendLog {
  #times: number[] = [];
  #head = 0;

  get size(): number {
    return this.#times.length - this.#head;
  }

  at(index: number): number | undefined {
    return this.#times[this.#head + index];
  }

  /** Forgets the times at or before `cutoff`, and all but the last `keep`. */
  dropThrough(cutoff: number, keep: number): void {
    const times = this.#times;
    while (this.#head < times.length && (times[this.#head] ?? 0) <= cutoff) this.#head++;
    if (this.size > keep) this.#head = times.length - keep;
    if (this.#head > 1024 && this.#head * 2 > times.length) {
      this.#times = times.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Inserts a time; new times are usually the latest, so the search starts at the end. */
  insert(time: number): void {
    const times = this.#times;
    let index = times.length;
    while (index > this.#head && (times[index - 1] ?? 0) > time) index--;
    times.splice(index, 0, time);
  }
}
