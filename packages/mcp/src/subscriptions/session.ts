import type { MappedContainer, ShiptrackClient } from '@shiptrack/sdk';
import { toToolError } from '../core/errors.js';
import { resolveContainerId } from '../service/resolve.js';
import type { CountRefusal, FollowedContainer } from './coordination.js';
import { SubscriptionRefusedError } from './errors.js';
import type { SubscriptionLimits } from './limits.js';
import { TRACKED_INCLUDES, trackedDigest } from './tracked-attributes.js';

const CONTAINER_URI = /^service:\/\/container\/([^/?#]+)$/;

/**
 * What a session asks of its hub (`SubscriptionHub` is the one): the caps,
 * the account's count, and following a container from the right source.
 */
export interface SessionHub {
  readonly limits: SubscriptionLimits;
  /** Whether the account count is shared across processes. */
  readonly sharedCount: boolean;
  /** Whether a mirror's change feed is at hand. */
  readonly hasMirror: boolean;
  reserve(
    account: string,
    session: string,
    containerIds: readonly string[],
  ): Promise<{ readonly ok: true } | CountRefusal>;
  unreserve(account: string, session: string, containerIds: readonly string[]): void;
  follow(
    container: FollowedContainer & { client(): ShiptrackClient },
    session: string,
    fromMirror: boolean,
    listener: () => void,
  ): () => void;
  baseline(container: FollowedContainer, digest: string): Promise<void>;
}

/** Options of a session (`hub.session(options)`). */
export interface SessionOptions {
  /** The account: a hash of its credential, never the credential (it keys the fanout). */
  account: string;
  /** The account's SDK client, to check a subscription and to poll. */
  client: () => ShiptrackClient;
  /**
   * Each holder is a connection of its own (HTTP: one session per account
   * and process, one holder per `subscriptions/listen` stream), so the
   * per-connection cap counts each holder's containers. Default false: the
   * whole session is one connection (stdio).
   */
  connectionPerHolder?: boolean;
  /**
   * Where this account's changes come from: the hub's mirror (default when
   * the hub has one) or polling (default otherwise; an HTTP host polls for
   * the accounts its mirror does not copy).
   */
  changesFrom?: 'mirror' | 'polling';
}

/** Who within a connection holds a subscription: `resources/subscribe`, or one `subscriptions/listen` stream. */
export type SubscriptionHolder = string;

interface SessionContainer {
  /** The URIs naming it (an id and a number may name the same container), each with its holders. */
  readonly uris: Map<string, Set<SubscriptionHolder>>;
  readonly stop: () => void;
}

/** The container id a URI names, or a refusal. */
function idOrNumberOf(uri: string): string {
  const match = CONTAINER_URI.exec(uri);
  const raw = match?.[1];
  let decoded: string | undefined;
  try {
    decoded = raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    decoded = undefined;
  }
  if (!decoded) {
    throw new SubscriptionRefusedError(
      'not_a_container',
      uri,
      `Cannot subscribe to ${uri}: only containers can be subscribed to, as service://container/{id} (the id or the container number, as resources/list and search_container give them).`,
    );
  }
  return decoded;
}

/**
 * One connection's subscriptions (on HTTP, one account's listen streams on
 * this process): which containers it follows for which URIs, the
 * per-connection cap, and where its change notifications go.
 */
export class SubscriptionSession {
  readonly account: string;
  /** Names this session's holds in the hub's counter, unique across processes (see {@link #id}). */
  #idMade: string | undefined;
  readonly #hub: SessionHub;
  readonly #client: () => ShiptrackClient;
  readonly #containers = new Map<string, SessionContainer>();
  #deliver: ((uri: string) => void) | undefined;
  #closed = false;
  #adding: Promise<void> = Promise.resolve();

  readonly #capPerHolder: boolean;
  readonly #fromMirror: boolean;

  /**
   * This session's id, made on first use: Node loads its crypto module on
   * the first `randomUUID`, which the bin's start need not pay.
   */
  get #id(): string {
    this.#idMade ??= crypto.randomUUID();
    return this.#idMade;
  }

  constructor(hub: SessionHub, options: SessionOptions) {
    if (options.changesFrom === 'mirror' && !hub.hasMirror) {
      throw new TypeError(
        "A session's changes can come from a mirror only when its hub has one: pass `mirror` to the SubscriptionHub.",
      );
    }
    this.#fromMirror = (options.changesFrom ?? (hub.hasMirror ? 'mirror' : 'polling')) === 'mirror';
    this.#hub = hub;
    this.account = options.account;
    this.#client = options.client;
    this.#capPerHolder = options.connectionPerHolder ?? false;
  }

  /** Whether the session follows nothing (a host may drop it). */
  get isEmpty(): boolean {
    return this.#containers.size === 0;
  }

  /** Where `notifications/resources/updated` for this connection go (the server instance serving it). */
  deliverTo(deliver: (uri: string) => void): void {
    this.#deliver = deliver;
  }

  /** The URIs subscribed, for tests and status. */
  get uris(): string[] {
    return [...this.#containers.values()].flatMap((container) => [...container.uris.keys()]);
  }

  /**
   * Subscribes `holder` to every URI, all or none: each must name a
   * container of this account (checked over the service), and the caps
   * must allow them. Throws {@link SubscriptionRefusedError} otherwise.
   */
  add(holder: SubscriptionHolder, uris: readonly string[]): Promise<void> {
    // One at a time, so two requests cannot both pass a cap the pair exceeds.
    const added = this.#adding.then(() => this.#add(holder, uris));
    this.#adding = added.catch(() => {});
    return added;
  }

  async #add(holder: SubscriptionHolder, uris: readonly string[]): Promise<void> {
    const wanted = uris.map((uri) => ({ uri, idOrNumber: idOrNumberOf(uri) }));
    const known = new Set(this.uris);
    const fresh = wanted.filter(({ uri }) => !known.has(uri));
    const held = this.#capPerHolder ? this.#heldBy(holder) : this.#containers.size;
    const asked = this.#capPerHolder ? wanted.length : fresh.length;
    this.#checkConnectionCap(held, asked, fresh[0]?.uri ?? uris[0]);
    const resolved: { uri: string; container: MappedContainer }[] = [];
    for (const { uri, idOrNumber } of fresh) {
      resolved.push({ uri, container: await this.#read(uri, idOrNumber) });
    }
    for (const { container } of resolved) {
      const followed = { account: this.account, containerId: container.id };
      // The read is the baseline, unless one is stored already (it never hides a change).
      if (this.#fromMirror) continue; // the mirror's feed reads its own baseline
      await this.#hub.baseline(followed, await trackedDigest(container)).catch(() => {});
    }
    const ids = [...new Set(resolved.map(({ container }) => container.id))];
    const newIds = ids.filter((id) => !this.#containers.has(id));
    if (!this.#capPerHolder) this.#checkConnectionCap(held, newIds.length, resolved[0]?.uri);
    // Held ones are taken again (counted once): a hold a concurrent `remove` gave back is retaken.
    const reservation = await this.#hub.reserve(this.account, this.#id, ids);
    if (!reservation.ok) {
      const where = this.#hub.sharedCount
        ? 'all connections to every instance together'
        : 'all connections together';
      throw new SubscriptionRefusedError(
        'account_limit',
        resolved[0]?.uri ?? uris[0] ?? '',
        `Subscription limit reached: this account already follows ${reservation.current} of its ${this.#hub.limits.perAccount} subscriptions (${where}). Unsubscribe from containers you no longer need.`,
      );
    }
    if (this.#closed) {
      this.#hub.unreserve(this.account, this.#id, newIds);
      return;
    }
    // From here on nothing waits: the holds taken are the holds followed.
    for (const { uri, container } of resolved) this.#hold(holder, uri, container.id);
    // URIs already subscribed by another holder of this connection: add this holder.
    for (const { uri } of wanted) {
      for (const container of this.#containers.values()) container.uris.get(uri)?.add(holder);
    }
  }

  /** Drops `holder`'s subscriptions to `uris` (all of its subscriptions when omitted). */
  remove(holder: SubscriptionHolder, uris?: readonly string[]): void {
    const only = uris ? new Set(uris) : undefined;
    for (const [id, container] of [...this.#containers]) {
      for (const [uri, holders] of [...container.uris]) {
        if (only && !only.has(uri)) continue;
        holders.delete(holder);
        if (holders.size === 0) container.uris.delete(uri);
      }
      if (container.uris.size === 0) {
        container.stop();
        this.#containers.delete(id);
      }
    }
  }

  /** Ends every subscription of the connection. */
  close(): void {
    this.#closed = true;
    for (const container of this.#containers.values()) container.stop();
    this.#containers.clear();
    this.#deliver = undefined;
  }

  #hold(holder: SubscriptionHolder, uri: string, containerId: string): void {
    // A container already followed keeps its one subscription; a new one was reserved by `add`.
    let container = this.#containers.get(containerId);
    if (!container) {
      const uris = new Map<string, Set<SubscriptionHolder>>();
      const stop = this.#hub.follow(
        { account: this.account, containerId, client: this.#client },
        this.#id,
        this.#fromMirror,
        () => {
          for (const target of uris.keys()) this.#deliver?.(target);
        },
      );
      container = { uris, stop };
      this.#containers.set(containerId, container);
    }
    let holders = container.uris.get(uri);
    if (!holders) {
      holders = new Set();
      container.uris.set(uri, holders);
    }
    holders.add(holder);
  }

  /** How many containers `holder` follows. */
  #heldBy(holder: SubscriptionHolder): number {
    let count = 0;
    for (const container of this.#containers.values()) {
      if ([...container.uris.values()].some((holders) => holders.has(holder))) count += 1;
    }
    return count;
  }

  #checkConnectionCap(held: number, adding: number, uri: string | undefined): void {
    const limit = this.#hub.limits.perConnection;
    if (held + adding > limit) {
      throw new SubscriptionRefusedError(
        'connection_limit',
        uri ?? '',
        `Subscription limit reached: a connection follows at most ${limit} containers and this one follows ${held}; ${adding} more asked. Unsubscribe from containers you no longer need, or open another connection.`,
      );
    }
  }

  async #read(uri: string, idOrNumber: string): Promise<MappedContainer> {
    const client = this.#client();
    try {
      const id = await resolveContainerId(client, idOrNumber);
      return await client.containers.get(id, { format: 'mapped', include: [...TRACKED_INCLUDES] });
    } catch (error) {
      const failure = toToolError(error, { kind: 'container', id: idOrNumber });
      if (failure.code === 'not_found') {
        throw new SubscriptionRefusedError(
          'unknown_container',
          uri,
          `Cannot subscribe to ${uri}: no container "${idOrNumber}" in this account. Subscribe with an id or number from resources/list or search_container; track_container starts tracking a new number.`,
          { cause: error },
        );
      }
      throw new SubscriptionRefusedError(
        'service_error',
        uri,
        `Cannot subscribe to ${uri} now: ${failure.code}: ${failure.message} ${failure.next}`,
        { cause: error },
      );
    }
  }
}
