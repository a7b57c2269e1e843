import type { RateLimitBucketName } from '../generated/operations.js';
import { ConfigurationError } from './errors.js';
import {
  MemoryRateLimitStore,
  type RateLimitSlot,
  type RateLimitStore,
} from './rate-limit-store.js';

/** The client-side view of the request's rate-limit bucket. */
export interface RateLimitState {
  /** The bucket: `default`, `create_tracking_request`, `infer_tracking_number` or `refresh_container`. */
  bucket: string;
  /** Requests the bucket admits per window. */
  limit: number;
  /** The rolling window, in ms. */
  windowMs: number;
  /** How long the request waited in the client-side queue, in ms. */
  queuedMs: number;
  /** Requests the bucket still admits in the window, when the limiter's store says (undefined otherwise). */
  remaining: number | undefined;
}

/** Limit of one bucket: `limit` requests per rolling `windowMs`. */
export interface BucketLimit {
  limit: number;
  windowMs: number;
}

/** Client-side rate limiting options (`rateLimit` of `createClient`). */
export interface RateLimitOptions {
  /**
   * Where counts live. Defaults to one {@link MemoryRateLimitStore} shared by
   * every client of the process, so clients with the same API key share its
   * buckets (counts are kept per key). Give a shared store (Redis, say) to
   * extend that across processes.
   */
  store?: RateLimitStore;
  /**
   * Limits per bucket that replace the spec's, for accounts with higher
   * limits: `{ default: 300 }` or `{ default: { limit: 300, windowMs: 60_000 } }`.
   * The names are the spec's buckets (`default`, `create_tracking_request`,
   * `infer_tracking_number`, `refresh_container`); `createClient` rejects
   * others with `ConfigurationError`.
   */
  limits?: Partial<Record<RateLimitBucketName, number | Partial<BucketLimit>>>;
  /**
   * Longest wait in the client-side queue, in ms; a longer one throws
   * `RateLimitError` instead of waiting. Defaults to no limit (the caller's
   * signal and `deadlineMs` still apply).
   */
  maxWaitMs?: number;
}

/** Result of reserving a slot: how long to wait, the bucket's limit, and how to give the slot back. */
export interface Reservation {
  waitMs: number;
  limit: BucketLimit;
  /** Requests the bucket still admits in the window, when the store says. */
  remaining: number | undefined;
  /** Forgets the reservation (the request will not be sent); see {@link RateLimitSlot.release}. */
  release(): Promise<void>;
}

/** The limit of one bucket after an override, or a {@link ConfigurationError} naming what is wrong. */
function overridden(
  name: string,
  base: BucketLimit,
  override: number | Partial<BucketLimit>,
): BucketLimit {
  const { limit = base.limit, windowMs = base.windowMs } =
    typeof override === 'object' && override !== null ? override : { limit: override };
  if (Number.isInteger(limit) && limit > 0 && Number.isFinite(windowMs) && windowMs > 0) {
    return { limit, windowMs };
  }
  throw new ConfigurationError(
    `\`rateLimit.limits.${name}\` must be a whole number of requests above 0, or { limit, windowMs } with both above 0; got ${JSON.stringify(override)}.`,
  );
}

/**
 * Keeps a client under the service's limits: before each request it reserves
 * a slot in the request's bucket and tells the transport how long to queue.
 * Counts are per API key (hashed) and bucket.
 */
export class RateLimiter {
  readonly #limits: Map<string, BucketLimit>;
  readonly #store: RateLimitStore;
  readonly #key: () => Promise<string>;
  /** Longest accepted queue wait, in ms. */
  readonly maxWaitMs: number;

  constructor(
    buckets: Readonly<Record<string, BucketLimit>>,
    options: RateLimitOptions,
    key: () => Promise<string>,
  ) {
    this.#limits = new Map(Object.entries(buckets));
    for (const [name, override] of Object.entries(options.limits ?? {})) {
      const base = this.#limits.get(name);
      if (!base) {
        const known = [...this.#limits.keys()].map((bucket) => `"${bucket}"`).join(', ');
        throw new ConfigurationError(
          `\`rateLimit.limits\` names an unknown bucket "${name}". The buckets are ${known}.`,
        );
      }
      this.#limits.set(name, overridden(name, base, override));
    }
    const { maxWaitMs } = options;
    if (maxWaitMs !== undefined && !(typeof maxWaitMs === 'number' && maxWaitMs >= 0)) {
      throw new ConfigurationError(
        `\`rateLimit.maxWaitMs\` must be a number of milliseconds of 0 or more, got ${String(maxWaitMs)}.`,
      );
    }
    this.#store = options.store ?? processStore();
    this.#key = key;
    this.maxWaitMs = maxWaitMs ?? Number.POSITIVE_INFINITY;
  }

  /** Reserves one request in `bucket` (unknown buckets count against `default`). */
  async reserve(bucket: string): Promise<Reservation> {
    const name = this.#limits.has(bucket) ? bucket : 'default';
    const limit = this.#limits.get(name) ?? { limit: 100, windowMs: 60_000 };
    const key = await this.#key();
    const slot = await this.#store.acquire(key, name, limit.limit, limit.windowMs);
    return {
      waitMs: slot.waitMs,
      limit,
      remaining: slot.remaining,
      release: () => slot.release(),
    };
  }
}

let sharedStore: MemoryRateLimitStore | undefined;

/** The store clients use by default: one per process, so clients of one API key share its buckets. */
function processStore(): MemoryRateLimitStore {
  sharedStore ??= new MemoryRateLimitStore();
  return sharedStore;
}

/**
 * Forgets what every API key sent through the store clients share by
 * default, in this process. For test runners that run many test files in
 * one process: one file's requests then no longer hold back the next file's.
 */
export function resetSharedRateLimits(): void {
  sharedStore?.clear();
}

/**
 * Derives the store key of a credential: the first 16 hex digits of its
 * SHA-256, so shared stores never hold the key itself.
 */
export async function credentialKey(credential: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(credential));
  let hex = '';
  for (const byte of new Uint8Array(digest).subarray(0, 8))
    hex += byte.toString(16).padStart(2, '0');
  return hex;
}
