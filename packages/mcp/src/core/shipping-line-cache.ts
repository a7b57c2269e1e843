import type { MappedShippingLine } from '@shiptrack/sdk';

/** Options of a {@link ShippingLineCache}. */
export interface ShippingLineCacheOptions {
  /** How long a loaded list is served before it is loaded again, in ms (default 6 hours). */
  ttlMs?: number;
  /** Most accounts kept at once; the least recently loaded is dropped first (default 1 000). */
  maxEntries?: number;
  /** The clock, in ms (default `Date.now`). */
  now?: () => number;
}

interface Entry {
  lines: Promise<readonly MappedShippingLine[]>;
  loadedAt: number;
}

/**
 * The supported shipping lines per account, loaded once and kept for hours
 * (the list changes rarely). One instance serves any number of MCP server
 * instances: a stateless HTTP host that builds a server per request shares
 * one cache across requests, keyed per account. Concurrent callers share
 * one load; a failed load is not kept.
 */
export class ShippingLineCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();

  constructor(options: ShippingLineCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 6 * 60 * 60 * 1000;
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The lines of the account `key`, from the cache or from `load`.
   * `key` identifies the account (for example a hash of its API key); it is
   * never logged.
   */
  get(
    key: string,
    load: () => Promise<readonly MappedShippingLine[]>,
  ): Promise<readonly MappedShippingLine[]> {
    const now = this.#now();
    const cached = this.#entries.get(key);
    if (cached && now - cached.loadedAt < this.#ttlMs) return cached.lines;
    const lines = load();
    this.#entries.delete(key);
    this.#entries.set(key, { lines, loadedAt: now });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    lines.catch(() => {
      if (this.#entries.get(key)?.lines === lines) this.#entries.delete(key);
    });
    return lines;
  }

  /** Forgets every account's list (the next call loads again). */
  clear(): void {
    this.#entries.clear();
  }
}
