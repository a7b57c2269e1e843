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
