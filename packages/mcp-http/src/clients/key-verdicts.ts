/**
 * Whether the service accepts an API key, checked with one cheap REST call
 * the first time a key is seen and remembered for a while (accepted keys
 * longer than rejected ones), so a wrong key gets HTTP 401 at connect time
 * instead of tools that all fail. A REST 401 seen later (a revoked key)
 * marks the key rejected at once.
 */
import { LruMap } from './lru.js';

/**
 * What the check found: the key works, the service refused it, the
 * service could not be reached to ask (`unavailable`: answer 503, never a
 * session), or it answered without telling (`unknown`, a 429: the key is
 * let through, and its calls meet the limit themselves).
 */
export type KeyVerdict = 'accepted' | 'rejected' | 'unavailable' | 'unknown';

/** Options of {@link KeyVerdicts}. */
export interface KeyVerdictsOptions {
  /** One check against the service. */
  check: (apiKey: string) => Promise<KeyVerdict>;
  acceptedTtlMs: number;
  rejectedTtlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Remembered {
  readonly verdict: KeyVerdict;
  readonly until: number;
}

/** Cached, single-flight key checks. */
export class KeyVerdicts {
  readonly #options: KeyVerdictsOptions;
  readonly #remembered: LruMap<string, Remembered>;
  readonly #running = new Map<string, Promise<KeyVerdict>>();
  readonly #now: () => number;

  constructor(options: KeyVerdictsOptions) {
    this.#options = options;
    this.#remembered = new LruMap(options.maxEntries);
    this.#now = options.now ?? Date.now;
  }

  /** The verdict for `apiKey`: remembered, or checked now (one check per key at a time). */
  verdict(apiKey: string): Promise<KeyVerdict> {
    const remembered = this.#remembered.get(apiKey);
    if (remembered && remembered.until > this.#now()) return Promise.resolve(remembered.verdict);
    const running = this.#running.get(apiKey);
    if (running) return running;
    const check = this.#options
      .check(apiKey)
      .catch((): KeyVerdict => 'unavailable')
      .then((verdict) => {
        this.#running.delete(apiKey);
        if (verdict === 'accepted' || verdict === 'rejected') this.#remember(apiKey, verdict);
        return verdict;
      });
    this.#running.set(apiKey, check);
    return check;
  }

  /** Records that the service just refused `apiKey`. */
  markRejected(apiKey: string): void {
    this.#remember(apiKey, 'rejected');
  }

  #remember(apiKey: string, verdict: KeyVerdict): void {
    const ttl = verdict === 'accepted' ? this.#options.acceptedTtlMs : this.#options.rejectedTtlMs;
    this.#remembered.set(apiKey, { verdict, until: this.#now() + ttl });
  }

  /** How many verdicts are remembered (for tests of the bound). */
  get size(): number {
    return this.#remembered.size;
  }

  clear(): void {
    this.#remembered.clear();
  }
}
