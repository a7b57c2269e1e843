/**
 * What several server processes share to behave as one: who polls a
 * container (a lease), the digest last seen of it, and the channel its
 * changes are announced on. In one process all three live in memory;
 * `@shiptrack/redis` implements them over Redis for `shiptrack-mcp-http`.
 */

/** One container of one account. `account` is a hash of the credential, never the credential. */
export interface FollowedContainer {
  readonly account: string;
  readonly containerId: string;
}

/** Announces changes to every process that serves subscribers of the account. */
export interface ChangeFanout {
  /** Announces that a tracked attribute of the container changed. */
  publish(change: FollowedContainer): Promise<void>;
  /**
   * Hears the account's announced changes (from any process) until the
   * returned function is called.
   */
  subscribe(account: string, listener: (containerId: string) => void): () => void;
}

/** Decides which process polls a container, and keeps what it saw last. */
export interface PollCoordinator {
  /**
   * Claims (or renews) the right to poll the container for `ttlMs`; false
   * while another process holds it.
   */
  claim(container: FollowedContainer, ttlMs: number): Promise<boolean>;
  /** The digest of the tracked attributes last stored, by any process. */
  lastDigest(container: FollowedContainer): Promise<string | undefined>;
  /** Stores the digest seen now; `onlyIfAbsent` keeps a digest already there (a baseline never hides a change). */
  storeDigest(
    container: FollowedContainer,
    digest: string,
    options: { ttlMs: number; onlyIfAbsent?: boolean },
  ): Promise<void>;
  /** This process no longer follows the container: gives up its lease (the digest stays for the others). */
  release(container: FollowedContainer): Promise<void>;
}

function keyOf({ account, containerId }: FollowedContainer): string {
  return `${account}\u0000${containerId}`;
}

/** The fanout of one process: changes go straight to its listeners. */
export class MemoryChangeFanout implements ChangeFanout {
  readonly #listeners = new Map<string, Set<(containerId: string) => void>>();

  async publish({ account, containerId }: FollowedContainer): Promise<void> {
    for (const listener of this.#listeners.get(account) ?? []) listener(containerId);
  }

  subscribe(account: string, listener: (containerId: string) => void): () => void {
    let set = this.#listeners.get(account);
    if (!set) {
      set = new Set();
      this.#listeners.set(account, set);
    }
    set.add(listener);
    return () => {
      const current = this.#listeners.get(account);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(account);
    };
  }
}

/** The coordinator of one process: it always holds the lease; digests live in a map. */
export class MemoryPollCoordinator implements PollCoordinator {
  readonly #digests = new Map<string, string>();

  async claim(): Promise<boolean> {
    return true;
  }

  async lastDigest(container: FollowedContainer): Promise<string | undefined> {
    return this.#digests.get(keyOf(container));
  }

  async storeDigest(
    container: FollowedContainer,
    digest: string,
    options: { ttlMs: number; onlyIfAbsent?: boolean },
  ): Promise<void> {
    const key = keyOf(container);
    if (options.onlyIfAbsent && this.#digests.has(key)) return;
    this.#digests.set(key, digest);
  }

  /** Nobody else follows it: the digest goes too. */
  async release(container: FollowedContainer): Promise<void> {
    this.#digests.delete(keyOf(container));
  }
}

/** Refused by {@link SubscriptionCounter.reserve}: how many subscriptions the account holds now. */
export interface CountRefusal {
  readonly ok: false;
  readonly current: number;
}

/**
 * Counts an account's subscriptions for the per-account cap, in one
 * process or across processes. A subscription is a hold: a string naming
 * one connection's (or HTTP stream set's) subscription to one container,
 * unique across processes. Holds taken again are counted once.
 */
export interface SubscriptionCounter {
  /**
   * Takes the holds unless the account would then hold more than `limit`
   * (those it holds already count once). `ttlMs`: how long a hold lasts
   * unless refreshed (a process that crashed gives its holds back then).
   */
  reserve(
    account: string,
    holds: readonly string[],
    limit: number,
    ttlMs: number,
  ): Promise<{ readonly ok: true } | CountRefusal>;
  /** Keeps the holds alive for another `ttlMs` (taken again when they lapsed). */
  refresh(account: string, holds: readonly string[], ttlMs: number): Promise<void>;
  /** Gives the holds back. */
  release(account: string, holds: readonly string[]): Promise<void>;
}

/** The counter of one process: holds live while the process does, in a set per account. */
export class MemorySubscriptionCounter implements SubscriptionCounter {
  readonly #holds = new Map<string, Set<string>>();

  async reserve(
    account: string,
    holds: readonly string[],
    limit: number,
  ): Promise<{ readonly ok: true } | CountRefusal> {
    const held = this.#holds.get(account) ?? new Set<string>();
    const fresh = new Set(holds.filter((hold) => !held.has(hold)));
    if (held.size + fresh.size > limit) return { ok: false, current: held.size };
    for (const hold of fresh) held.add(hold);
    this.#holds.set(account, held);
    return { ok: true };
  }

  async refresh(account: string, holds: readonly string[]): Promise<void> {
    if (holds.length === 0) return;
    const held = this.#holds.get(account) ?? new Set<string>();
    for (const hold of holds) held.add(hold);
    this.#holds.set(account, held);
  }

  async release(account: string, holds: readonly string[]): Promise<void> {
    const held = this.#holds.get(account);
    if (!held) return;
    for (const hold of holds) held.delete(hold);
    if (held.size === 0) this.#holds.delete(account);
  }
}
