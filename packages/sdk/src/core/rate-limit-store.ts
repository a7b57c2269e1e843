/**
 * A slot reserved by {@link RateLimitStore.acquire}, which the client gives
 * back when it will not send the request after all.
 */
export interface RateLimitSlot {
  /** How long the caller must wait before sending, in ms (0: send now). */
  waitMs: number;
  /**
   * Optional: how many more requests the bucket admits in the current
   * window after this one, when the store can tell. The client reports it
   * in `withResponse().rateLimit.remaining`; stores that leave it out are
   * still valid.
   */
  remaining?: number;
  /**
   * Forgets the reservation, so it no longer delays later requests. The
   * client calls it at most once, before the slot's time, when the request
   * is not sent: the wait exceeded `rateLimit.maxWaitMs`, the caller's
   * signal fired, or the call's deadline passed while queued.
   */
  release(): Promise<void>;
}

/**
 * Where the client-side rate limiter keeps its counts. The memory store
 * serves one process; implement this interface over Redis or another shared
 * store to share one API key's limits among several processes.
 */
export interface RateLimitStore {
  /**
   * Reserves one request in `bucket` for `key` (a hash of the credentials,
   * never the key itself) on a rolling window of `windowMs` that admits
   * `limit` requests. Resolves to a {@link RateLimitSlot}: how long the
   * caller must wait before sending, and how to give the reservation back
   * when the request is not sent after all (refused for waiting longer
   * than `rateLimit.maxWaitMs`, aborted, or past its deadline).
   */
  acquire(key: string, bucket: string, limit: number, windowMs: number): Promise<RateLimitSlot>;
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
 * A bucket whose every send time has left its window is forgotten, so a
 * process that sees many API keys keeps only those of the last window.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  /** Least recently used bucket first, so the ones that went quiet are found at the front. */
  readonly #logs = new Map<string, SendLog>();
  readonly #now: () => number;
  readonly #marginMs: number;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#now = options.now ?? (() => Date.now());
    this.#marginMs = options.marginMs ?? 250;
  }

  /** Forgets every bucket: the requests sent so far no longer delay any. */
  clear(): void {
    this.#logs.clear();
  }

  /**
   * Reserves a send time; see {@link RateLimitStore.acquire}. Releasing the
   * slot removes that send time from the bucket's log.
   */
  acquire(key: string, bucket: string, limit: number, windowMs: number): Promise<RateLimitSlot> {
    const now = this.#now();
    const id = `${key}\u0000${bucket}`;
    const log = this.#logs.get(id) ?? new SendLog();
    this.#logs.delete(id);
    this.#forgetQuiet(now);
    this.#logs.set(id, log);
    // A send time stays counted for the window plus the margin: a request
    // that went out at `t` may reach the service late, so the slot it held
    // is free only at `t + windowMs + marginMs`, waiting or not.
    log.keptFor = windowMs + this.#marginMs;
    log.dropThrough(now - log.keptFor);
    // Below the limit: send now. Otherwise the window admits this request once
    // the request `limit` places earlier leaves it.
    const earlier = log.size < limit ? undefined : log.at(log.size - limit);
    const sendAt = earlier === undefined ? now : Math.max(now, earlier + windowMs + this.#marginMs);
    log.insert(sendAt);
    let released = false;
    const sendLog = log;
    return Promise.resolve({
      waitMs: sendAt - now,
      remaining: Math.max(0, limit - log.size),
      release: () => {
        if (!released) sendLog.remove(sendAt);
        released = true;
        return Promise.resolve();
      },
    });
  }

  /** How many buckets (per key) are kept: those with a send time still in their window. */
  get size(): number {
    return this.#logs.size;
  }

  /**
   * Drops the least recently used buckets whose last send time has left its
   * window (they limit nothing any more); two at most per call, which keeps
   * up with the one bucket each call can add.
   */
  #forgetQuiet(now: number): void {
    for (let checked = 0; checked < 2; checked++) {
      const oldest = this.#logs.entries().next();
      if (oldest.done) return;
      const [id, log] = oldest.value;
      if (!log.quietAt(now)) return;
      this.#logs.delete(id);
    }
  }
}

/**
 * Ascending send times of one bucket: those still in the window and those
 * reserved for later. Expired times are skipped by moving a head index (no
 * shifting on every request).
 */
class SendLog {
  #times: number[] = [];
  #head = 0;
  /** How long a send time stays counted: the bucket's window plus the margin, as last acquired. */
  keptFor = 0;

  get size(): number {
    return this.#times.length - this.#head;
  }

  at(index: number): number | undefined {
    return this.#times[this.#head + index];
  }

  /** Forgets the times at or before `cutoff`. */
  dropThrough(cutoff: number): void {
    const times = this.#times;
    while (this.#head < times.length && (times[this.#head] ?? 0) <= cutoff) this.#head++;
    // Copy once more than half is expired: kept times stay under twice the live ones.
    if (this.#head > 16 && this.#head * 2 > times.length) {
      this.#times = times.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Whether every send time has left the window by `now` (the newest is the last). */
  quietAt(now: number): boolean {
    const newest = this.#times.at(-1);
    return newest === undefined || newest <= now - this.keptFor;
  }

  /** Inserts a time; new times are usually the latest, so the search starts at the end. */
  insert(time: number): void {
    const times = this.#times;
    let index = times.length;
    while (index > this.#head && (times[index - 1] ?? 0) > time) index--;
    times.splice(index, 0, time);
  }

  /** Removes one occurrence of a time (a released reservation), if it is still kept. */
  remove(time: number): void {
    const index = this.#times.lastIndexOf(time);
    if (index >= this.#head) this.#times.splice(index, 1);
  }
}
