import type { Mirror } from '@shiptrack/mirror';
import type { ShiptrackClient } from '@shiptrack/sdk';
import type { ChangeSource, SourceErrorCallback } from './change-source.js';
import {
  type ChangeFanout,
  type CountRefusal,
  type FollowedContainer,
  MemoryChangeFanout,
  MemorySubscriptionCounter,
  type SubscriptionCounter,
} from './coordination.js';
import { DEFAULT_SUBSCRIPTION_LIMITS, type SubscriptionLimits } from './limits.js';
import { MirrorChangeSource } from './mirror-source.js';
import { PollingChangeSource, type PollingOptions } from './polling-source.js';
import { type SessionHub, type SessionOptions, SubscriptionSession } from './session.js';

/** Options of {@link SubscriptionHub}. */
export interface SubscriptionHubOptions {
  /** The caps (defaults in {@link DEFAULT_SUBSCRIPTION_LIMITS}). */
  limits?: Partial<SubscriptionLimits>;
  /**
   * The mirror's change feed as a change source (it must be fed with the
   * data of the accounts that take their changes from it): every session
   * does, unless it asks for polling (`changesFrom`, as an HTTP host does
   * for the accounts the mirror does not copy). Polling otherwise.
   */
  mirror?: Mirror;
  /** How polling runs (interval, share of the rate limit, shared store and lease). */
  polling?: PollingOptions;
  /** Where changes are announced (default: in this process; Redis pub/sub across processes). */
  fanout?: ChangeFanout;
  /**
   * Where the per-account cap is counted (default: in this process). Give a
   * shared one (Redis) so that N processes behind a load balancer hold one
   * account to one cap.
   */
  counter?: SubscriptionCounter;
  /** Told about failures while following, for the host's log. */
  onError?: SourceErrorCallback;
}

/** How long a hold lasts in the counter unless refreshed: a crashed process's holds lapse after it. */
export const SUBSCRIPTION_HOLD_TTL_MS = 90_000;
/** How often the holds of open subscriptions are refreshed. */
const HOLD_REFRESH_MS = 30_000;

/** The hold a connection (session) takes on a container, as the counter names it. */
function holdOf(session: string, containerId: string): string {
  return `${session}:${containerId}`;
}

/** Told about each change of a followed container. */
type ChangeListener = () => void;

interface FollowedEntry {
  readonly listeners: Set<ChangeListener>;
  readonly stop: () => void;
}

interface AccountState {
  /** The account's holds (connection × container) in this process, refreshed while they last. */
  readonly holds: Set<string>;
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
export class SubscriptionHub implements SessionHub {
  readonly limits: SubscriptionLimits;
  readonly #mirror: ChangeSource | undefined;
  readonly #polling: PollingChangeSource;
  readonly #fanout: ChangeFanout;
  readonly #counter: SubscriptionCounter;
  readonly #onError: SourceErrorCallback;
  readonly #accounts = new Map<string, AccountState>();
  #refreshTimer: ReturnType<typeof setInterval> | undefined;
  /** Whether the per-account cap is counted across processes (a counter was given). */
  readonly sharedCount: boolean;

  constructor(options: SubscriptionHubOptions = {}) {
    this.limits = checkedLimits(options.limits);
    this.#fanout = options.fanout ?? new MemoryChangeFanout();
    this.#counter = options.counter ?? new MemorySubscriptionCounter();
    this.sharedCount = options.counter !== undefined;
    const onError = options.onError ?? (() => {});
    this.#onError = onError;
    const changed = (container: FollowedContainer) => {
      this.#fanout.publish(container).catch((error) => onError(error, 'change fanout'));
    };
    // The poll lease also picks which process announces a change the mirror's feed tells them all.
    this.#mirror =
      options.mirror &&
      new MirrorChangeSource(options.mirror, changed, onError, options.polling?.coordinator);
    this.#polling = new PollingChangeSource(changed, onError, options.polling);
  }

  /** Whether a mirror's change feed is at hand (the sessions' default source then). */
  get hasMirror(): boolean {
    return this.#mirror !== undefined;
  }

  /** A connection's subscriptions, for the account `account` (a hash of its credential) and its SDK client. */
  session(options: SessionOptions): SubscriptionSession {
    return new SubscriptionSession(this, options);
  }

  /**
   * Takes the session's holds on `containerIds` (those it holds already
   * count once), or answers how many the account holds when that would
   * pass the per-account cap. A counter that fails (Redis down) is
   * reported and lets the subscription through, as the shared rate limit
   * fails open; the per-connection cap still applies.
   * @internal
   */
  async reserve(
    account: string,
    session: string,
    containerIds: readonly string[],
  ): Promise<{ readonly ok: true } | CountRefusal> {
    if (containerIds.length === 0) return { ok: true };
    const holds = containerIds.map((id) => holdOf(session, id));
    try {
      return await this.#counter.reserve(
        account,
        holds,
        this.limits.perAccount,
        SUBSCRIPTION_HOLD_TTL_MS,
      );
    } catch (error) {
      this.#onError(error, 'subscription count');
      return { ok: true };
    }
  }

  /** Gives back holds reserved and never followed. @internal */
  unreserve(account: string, session: string, containerIds: readonly string[]): void {
    const holds = containerIds.map((id) => holdOf(session, id));
    this.#counter
      .release(account, holds)
      .catch((error) => this.#onError(error, 'subscription count'));
  }

  /**
   * Follows a container for one connection; the returned function stops (and
   * gives its subscription back to the account's count).
   * @internal
   */
  follow(
    container: FollowedContainer & { client(): ShiptrackClient },
    session: string,
    fromMirror: boolean,
    listener: ChangeListener,
  ): () => void {
    const state = this.#account(container.account);
    const hold = holdOf(session, container.containerId);
    state.holds.add(hold);
    let entry = state.containers.get(container.containerId);
    if (!entry) {
      const source = fromMirror && this.#mirror ? this.#mirror : this.#polling;
      entry = { listeners: new Set(), stop: source.follow(container) };
      state.containers.set(container.containerId, entry);
    }
    const followed = entry;
    followed.listeners.add(listener);
    let live = true;
    return () => {
      if (!live) return;
      live = false;
      followed.listeners.delete(listener);
      state.holds.delete(hold);
      this.unreserve(container.account, session, [container.containerId]);
      if (followed.listeners.size === 0) {
        followed.stop();
        state.containers.delete(container.containerId);
      }
      if (state.containers.size === 0) {
        state.unsubscribe();
        this.#accounts.delete(container.account);
        if (this.#accounts.size === 0) this.#stopRefreshing();
      }
    };
  }

  /** Records the digest a subscription read, as the baseline of polling. @internal */
  async baseline(container: FollowedContainer, digest: string): Promise<void> {
    await this.#polling.baseline(container, digest);
  }

  /** Stops following everything. */
  close(): void {
    this.#mirror?.close();
    this.#polling.close();
    this.#stopRefreshing();
    for (const [account, state] of this.#accounts) {
      state.unsubscribe();
      this.#counter.release(account, [...state.holds]).catch(() => {});
    }
    this.#accounts.clear();
  }

  /** Keeps the holds of open subscriptions alive in the counter (and takes back any that lapsed). */
  #refresh(): void {
    for (const [account, state] of this.#accounts) {
      this.#counter
        .refresh(account, [...state.holds], SUBSCRIPTION_HOLD_TTL_MS)
        .catch((error) => this.#onError(error, 'subscription count'));
    }
  }

  #stopRefreshing(): void {
    clearInterval(this.#refreshTimer);
    this.#refreshTimer = undefined;
  }

  #account(account: string): AccountState {
    let state = this.#accounts.get(account);
    if (!state) {
      const containers = new Map<string, FollowedEntry>();
      state = {
        holds: new Set(),
        containers,
        unsubscribe: this.#fanout.subscribe(account, (containerId) => {
          for (const listener of [...(containers.get(containerId)?.listeners ?? [])]) listener();
        }),
      };
      this.#accounts.set(account, state);
      if (!this.#refreshTimer) {
        this.#refreshTimer = setInterval(() => this.#refresh(), HOLD_REFRESH_MS);
        this.#refreshTimer.unref?.();
      }
    }
    return state;
  }
}
