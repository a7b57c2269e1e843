import type { Mirror } from '@shiptrack/mirror';
import type { ShiptrackClient } from '@shiptrack/sdk';
import type { ChangeSource, SourceErrorCallback } from './change-source.js';
import { type ChangeFanout, type FollowedContainer, MemoryChangeFanout } from './coordination.js';
import { MirrorChangeSource } from './mirror-source.js';
import { PollingChangeSource, type PollingOptions } from './polling-source.js';
import { type SessionOptions, SubscriptionSession } from './session.js';

/** How many containers may be followed at once. */
export interface SubscriptionLimits {
  /** Distinct containers one connection (one `subscriptions/listen` stream over HTTP) follows (default 50). */
  perConnection: number;
  /** Subscriptions of one account in this process, all connections together (default 500). */
  perAccount: number;
}

/** The default {@link SubscriptionLimits}. */
export const DEFAULT_SUBSCRIPTION_LIMITS: Readonly<SubscriptionLimits> = {
  perConnection: 50,
  perAccount: 500,
};

/** Options of {@link SubscriptionHub}. */
export interface SubscriptionHubOptions {
  /** The caps (defaults in {@link DEFAULT_SUBSCRIPTION_LIMITS}). */
  limits?: Partial<SubscriptionLimits>;
  /**
   * The change source: the mirror's change feed when a mirror is given
   * (it must be fed with the same account's data), polling otherwise.
   */
  mirror?: Mirror;
  /** How polling runs (interval, share of the rate limit, shared store and lease). */
  polling?: PollingOptions;
  /** Where changes are announced (default: in this process; Redis pub/sub across processes). */
  fanout?: ChangeFanout;
  /** Told about failures while following, for the host's log. */
  onError?: SourceErrorCallback;
}

/** Told about each change of a followed container. */
type ChangeListener = () => void;

interface FollowedEntry {
  readonly listeners: Set<ChangeListener>;
  readonly stop: () => void;
}

interface AccountState {
  /** Subscriptions (connection × container) of the account. */
  count: number;
  readonly containers: Map<string, FollowedEntry>;
  readonly unsubscribe: () => void;
}

function checkedLimits(given: Partial<SubscriptionLimits> = {}): SubscriptionLimits {
  const limits = { ...DEFAULT_SUBSCRIPTION_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(
        `subscription limits: ${name} must be a whole number of 1 or more; got ${String(value)}.`,
      );
    }
  }
  return limits;
}

/**
 * The subscriptions of one process: each container followed once however
 * many connections subscribe to it, changes heard through the fanout (so a
 * change another process detects reaches this one's subscribers), and the
 * per-account cap. Connections take part through {@link SubscriptionHub.session}.
 */
export class SubscriptionHub {
  readonly limits: SubscriptionLimits;
  readonly #source: ChangeSource;
  readonly #polling: PollingChangeSource | undefined;
  readonly #fanout: ChangeFanout;
  readonly #accounts = new Map<string, AccountState>();

  constructor(options: SubscriptionHubOptions = {}) {
    this.limits = checkedLimits(options.limits);
    this.#fanout = options.fanout ?? new MemoryChangeFanout();
    const onError = options.onError ?? (() => {});
    const changed = (container: FollowedContainer) => {
      this.#fanout.publish(container).catch((error) => onError(error, 'change fanout'));
    };
    if (options.mirror) {
      this.#source = new MirrorChangeSource(options.mirror, changed, onError);
    } else {
      this.#polling = new PollingChangeSource(changed, onError, options.polling);
      this.#source = this.#polling;
    }
  }

  /** A connection's subscriptions, for the account `account` (a hash of its credential) and its SDK client. */
  session(options: SessionOptions): SubscriptionSession {
    return new SubscriptionSession(this, options);
  }

  /**
   * Counts `count` more subscriptions of the account, or answers how many
   * it has when that would pass the per-account cap.
   * @internal
   */
  reserve(account: string, count: number): { ok: true } | { ok: false; current: number } {
    const current = this.#accounts.get(account)?.count ?? 0;
    if (current + count > this.limits.perAccount) return { ok: false, current };
    this.#account(account).count += count;
    return { ok: true };
  }

  /**
   * Follows a container for one connection; the returned function stops (and
   * gives its subscription back to the account's count).
   * @internal
   */
  follow(
    container: FollowedContainer & { client(): ShiptrackClient },
    listener: ChangeListener,
  ): () => void {
    const state = this.#account(container.account);
    let entry = state.containers.get(container.containerId);
    if (!entry) {
      entry = { listeners: new Set(), stop: this.#source.follow(container) };
      state.containers.set(container.containerId, entry);
    }
    const followed = entry;
    followed.listeners.add(listener);
    let live = true;
    return () => {
      if (!live) return;
      live = false;
      followed.listeners.delete(listener);
      state.count -= 1;
      if (followed.listeners.size === 0) {
        followed.stop();
        state.containers.delete(container.containerId);
      }
      if (state.count <= 0 && state.containers.size === 0) {
        state.unsubscribe();
        this.#accounts.delete(container.account);
      }
    };
  }

  /** Records the digest a subscription read, as the baseline of polling. @internal */
  async baseline(container: FollowedContainer, digest: string): Promise<void> {
    await this.#polling?.baseline(container, digest);
  }

  /** Stops following everything. */
  close(): void {
    this.#source.close();
    for (const state of this.#accounts.values()) state.unsubscribe();
    this.#accounts.clear();
  }

  #account(account: string): AccountState {
    let state = this.#accounts.get(account);
    if (!state) {
      const containers = new Map<string, FollowedEntry>();
      state = {
        count: 0,
        containers,
        unsubscribe: this.#fanout.subscribe(account, (containerId) => {
          for (const listener of [...(containers.get(containerId)?.listeners ?? [])]) listener();
        }),
      };
      this.#accounts.set(account, state);
    }
    return state;
  }
}
