import type { Mirror, MirrorChange } from '@shiptrack/mirror';
import { mirroredContainer } from '../service/mirror-container.js';
import type {
  ChangeCallback,
  ChangeSource,
  FollowTarget,
  SourceErrorCallback,
} from './change-source.js';
import type { FollowedContainer, PollCoordinator } from './coordination.js';
import { trackedDigest } from './tracked-attributes.js';

/**
 * How long the process that announced a container's change keeps the right
 * to announce the next one: N processes on one mirror hear each commit,
 * and the lease (the poll lease of the container) lets one of them tell it.
 */
const ANNOUNCE_LEASE_MS = 60_000;

/** The digest of a container the mirror has no copy of (yet): its first copy is a change. */
const NOT_MIRRORED = 'not mirrored';

interface Followed {
  readonly target: FollowTarget;
  digest: string | undefined;
  shipmentId: string | null;
}

/**
 * Hears changes from the mirror's change feed (`mirror.changes()`, a NOTIFY
 * per commit) instead of polling: a committed version of a followed
 * container, or of its shipment, is a change when its tracked attributes
 * (`trackedAttributes`, the ones the polling source tells) differ from the
 * version before. It reads no API: the mirror must be fed
 * (webhooks, sync) with the account the subscribers belong to. With a
 * shared coordinator (N processes on one mirror) only the process that
 * holds the container's lease announces the change.
 */
export class MirrorChangeSource implements ChangeSource {
  readonly #mirror: Mirror;
  readonly #changed: ChangeCallback;
  readonly #onError: SourceErrorCallback;
  readonly #coordinator: PollCoordinator | undefined;
  readonly #followed = new Map<string, Followed>();
  #feed: AbortController | undefined;

  constructor(
    mirror: Mirror,
    changed: ChangeCallback,
    onError: SourceErrorCallback,
    coordinator?: PollCoordinator,
  ) {
    this.#mirror = mirror;
    this.#changed = changed;
    this.#onError = onError;
    this.#coordinator = coordinator;
  }

  follow(target: FollowTarget): () => void {
    const followed: Followed = { target, digest: undefined, shipmentId: null };
    this.#followed.set(target.containerId, followed);
    this.#start();
    void this.#read(followed)
      .then(({ digest, shipmentId }) => {
        followed.digest ??= digest;
        followed.shipmentId = shipmentId;
      })
      .catch((error) => this.#onError(error, `mirror read of container ${target.containerId}`));
    return () => {
      if (this.#followed.get(target.containerId) !== followed) return;
      this.#followed.delete(target.containerId);
      this.#coordinator
        ?.release(target)
        .catch((error) => this.#onError(error, `lease of container ${target.containerId}`));
      if (this.#followed.size === 0) this.#stop();
    };
  }

  close(): void {
    this.#followed.clear();
    this.#stop();
  }

  #start(): void {
    if (this.#feed) return;
    const feed = new AbortController();
    this.#feed = feed;
    void this.#listen(feed.signal);
  }

  #stop(): void {
    this.#feed?.abort();
    this.#feed = undefined;
  }

  async #listen(signal: AbortSignal): Promise<void> {
    try {
      for await (const change of this.#mirror.changes({ since: 'now', signal })) {
        await this.#apply(change);
      }
    } catch (error) {
      if (!signal.aborted) this.#onError(error, 'mirror change feed');
    }
  }

  async #apply(change: MirrorChange): Promise<void> {
    const affected =
      change.type === 'container'
        ? [this.#followed.get(change.id)]
        : change.type === 'shipment'
          ? [...this.#followed.values()].filter((entry) => entry.shipmentId === change.id)
          : [];
    for (const followed of affected) {
      if (!followed) continue;
      const { digest, shipmentId } = await this.#read(followed);
      followed.shipmentId = shipmentId;
      if (followed.digest === digest) continue;
      const before = followed.digest;
      followed.digest = digest;
      const container = {
        account: followed.target.account,
        containerId: followed.target.containerId,
      };
      if (before !== undefined && (await this.#announces(container))) this.#changed(container);
    }
  }

  /** Whether this process tells the change: it holds (or takes) the lease, or there is no one else. */
  async #announces(container: FollowedContainer): Promise<boolean> {
    if (!this.#coordinator) return true;
    try {
      return await this.#coordinator.claim(container, ANNOUNCE_LEASE_MS);
    } catch (error) {
      // Better told twice than not at all.
      this.#onError(error, `lease of container ${container.containerId}`);
      return true;
    }
  }

  /** The digest of the container's tracked attributes (those the polling source tells), and its shipment. */
  async #read(followed: Followed): Promise<{ digest: string; shipmentId: string | null }> {
    const found = await mirroredContainer(this.#mirror, followed.target.containerId);
    if (found === null) return { digest: NOT_MIRRORED, shipmentId: null };
    return { digest: await trackedDigest(found.container), shipmentId: found.shipmentId };
  }
}
