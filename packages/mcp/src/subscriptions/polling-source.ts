import {
  type BucketLimit,
  MemoryRateLimitStore,
  NotFoundError,
  type RateLimitStore,
} from '@shiptrack/sdk';
import { rateLimitBuckets } from '@shiptrack/sdk/spec';
import type {
  ChangeCallback,
  ChangeSource,
  FollowTarget,
  SourceErrorCallback,
} from './change-source.js';
import {
  type FollowedContainer,
  MemoryPollCoordinator,
  type PollCoordinator,
} from './coordination.js';
import { TRACKED_INCLUDES, trackedDigest } from './tracked-attributes.js';

/**
 * Runs `tick` after `delayMs` and returns a function that cancels it. The
 * default uses `setTimeout`; tests inject one they drive by hand.
 */
export type PollScheduler = (tick: () => Promise<void>, delayMs: number) => () => void;

/** Options of the polling change source: how often and within what share of the rate limit it polls. */
export interface PollingOptions {
  /** Time between two polls of one container, in ms (default 60 000). */
  intervalMs?: number;
  /**
   * The share of the account's `default` rate limit that polling may spend
   * (default 0.2: 20 of the spec's 100 requests a minute). Containers past
   * it wait for the next round.
   */
  rateLimitShare?: number;
  /** The account's `default` bucket, when it differs from the spec's 100 requests per 60 s. */
  defaultLimit?: BucketLimit;
  /**
   * Where the poll budget is counted: the SDK's rate-limit store (default: a
   * `MemoryRateLimitStore` of its own). Give a shared one (Redis) so that
   * several processes share one budget per account.
   */
  store?: RateLimitStore;
  /** Who polls a container and what it saw last (default: this process, in memory). */
  coordinator?: PollCoordinator;
  /** Runs the next round (default: `setTimeout`). */
  scheduler?: PollScheduler;
}

/** How long a stored digest outlives the last poll (a poll deferred by the budget still compares against it). */
const DIGEST_TTL_MS = 24 * 60 * 60 * 1000;
/** The bucket name the poll budget is counted under, beside the client's own buckets. */
const POLL_BUCKET = 'subscription_polls';

const timeoutScheduler: PollScheduler = (tick, delayMs) => {
  const timer = setTimeout(() => void tick(), delayMs);
  timer.unref?.();
  return () => clearTimeout(timer);
};

function keyOf({ account, containerId }: FollowedContainer): string {
  return `${account}\u0000${containerId}`;
}

/**
 * Polls each followed container once per interval, within a share of the
 * account's rate limit counted in the SDK's rate-limit store, and reports a
 * change when the digest of its tracked attributes differs from the one
 * last stored. The first read of a container is its baseline, never a change.
 */
export class PollingChangeSource implements ChangeSource {
  readonly intervalMs: number;
  /** Polls per window each account may spend, and the window. */
  readonly budget: BucketLimit;
  readonly #targets = new Map<string, FollowTarget>();
  readonly #store: RateLimitStore;
  readonly #coordinator: PollCoordinator;
  readonly #scheduler: PollScheduler;
  readonly #changed: ChangeCallback;
  readonly #onError: SourceErrorCallback;
  #cancel: (() => void) | undefined;
  #closed = false;

  constructor(changed: ChangeCallback, onError: SourceErrorCallback, options: PollingOptions = {}) {
    this.intervalMs = options.intervalMs ?? 60_000;
    const share = options.rateLimitShare ?? 0.2;
    if (!(this.intervalMs > 0)) {
      throw new TypeError(`polling.intervalMs must be above 0 ms; got ${this.intervalMs}.`);
    }
    if (!(share > 0 && share <= 1)) {
      throw new TypeError(`polling.rateLimitShare must be above 0 and at most 1; got ${share}.`);
    }
    const bucket = options.defaultLimit ?? rateLimitBuckets.default;
    this.budget = {
      limit: Math.max(1, Math.floor(bucket.limit * share)),
      windowMs: bucket.windowMs,
    };
    this.#store = options.store ?? new MemoryRateLimitStore({ marginMs: 0 });
    this.#coordinator = options.coordinator ?? new MemoryPollCoordinator();
    this.#scheduler = options.scheduler ?? timeoutScheduler;
    this.#changed = changed;
    this.#onError = onError;
  }

  follow(target: FollowTarget): () => void {
    const key = keyOf(target);
    this.#targets.set(key, target);
    this.#arm();
    return () => {
      if (this.#targets.get(key) !== target) return;
      this.#targets.delete(key);
      void this.#coordinator.release(target).catch((error) => this.#onError(error, 'poll lease'));
      if (this.#targets.size === 0) this.#disarm();
    };
  }

  /**
   * Stores the digest read when a subscription was accepted, unless one is
   * stored already (by an earlier subscriber or another process).
   */
  async baseline(container: FollowedContainer, digest: string): Promise<void> {
    await this.#coordinator.storeDigest(container, digest, {
      ttlMs: DIGEST_TTL_MS,
      onlyIfAbsent: true,
    });
  }

  close(): void {
    this.#closed = true;
    this.#targets.clear();
    this.#disarm();
  }

  #leaseMs(): number {
    return this.intervalMs * 2;
  }

  #arm(): void {
    if (this.#cancel || this.#closed) return;
    this.#cancel = this.#scheduler(() => this.#round(), this.intervalMs);
  }

  #disarm(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }

  /** One round: every followed container once, in the order least recently polled first, within the budget. */
  async #round(): Promise<void> {
    this.#cancel = undefined;
    const exhausted = new Set<string>();
    for (const [key, target] of [...this.#targets]) {
      if (this.#closed) return;
      if (exhausted.has(target.account) || this.#targets.get(key) !== target) continue;
      let turned = false;
      try {
        turned = await this.#takeTurn(target);
        if (!turned) exhausted.add(target.account);
      } catch (error) {
        // The store or the coordinator failed (Redis away): this container waits for the next round.
        this.#onError(error, `poll of container ${target.containerId}`);
      }
      // Least recently polled first next round.
      if (turned && this.#targets.get(key) === target) {
        this.#targets.delete(key);
        this.#targets.set(key, target);
      }
    }
    if (this.#targets.size > 0) this.#arm();
  }

  /**
   * Polls the container if the account's share allows it and no other
   * process holds its lease; false when the share is spent.
   */
  async #takeTurn(target: FollowTarget): Promise<boolean> {
    const slot = await this.#store.acquire(
      target.account,
      POLL_BUCKET,
      this.budget.limit,
      this.budget.windowMs,
    );
    if (slot.waitMs > 0) {
      // The share is spent: this account's other containers wait for the next round.
      await slot.release();
      return false;
    }
    if (!(await this.#coordinator.claim(target, this.#leaseMs()))) {
      await slot.release();
      return true;
    }
    await this.#poll(target);
    return true;
  }

  async #poll(target: FollowTarget): Promise<void> {
    try {
      const container = await target
        .client()
        .containers.get(target.containerId, { format: 'mapped', include: [...TRACKED_INCLUDES] });
      const digest = await trackedDigest(container);
      const last = await this.#coordinator.lastDigest(target);
      if (last === digest) return;
      await this.#coordinator.storeDigest(target, digest, { ttlMs: DIGEST_TTL_MS });
      if (last !== undefined)
        this.#changed({ account: target.account, containerId: target.containerId });
    } catch (error) {
      // A container deleted from the account stays followed but quiet; anything else is for the log.
      if (!(error instanceof NotFoundError))
        this.#onError(error, `poll of container ${target.containerId}`);
    }
  }
}
