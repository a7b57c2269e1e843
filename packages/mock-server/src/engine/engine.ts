/**
 * The mock service's engine: in-memory state, the simulated carrier and
 * container lifecycle on a clock, the event bus, the serializer and the rate
 * limiter. It knows nothing of HTTP; the hono app in `src/http` speaks the
 * wire on top of it.
 */
import { type AccountInput, DEMO_ACCOUNTS } from './accounts.js';
import { Clock, type ClockOptions } from './clock.js';
import type { EngineContext, Logger } from './context.js';
import { CustomFields } from './custom-fields/custom-fields.js';
import { registerCustomFieldSerializers } from './custom-fields/serialize.js';
import { type DatasetName, seedDataset } from './datasets.js';
import type { DocumentLimits } from './documents/blob-store.js';
import { Documents } from './documents/documents.js';
import { registerDocumentSerializers } from './documents/serialize.js';
import { EngineEventBus } from './events.js';
import { IdGenerator, stableId } from './ids.js';
import { Lifecycle } from './lifecycle/runner.js';
import { escapeControlCharacters, escapingLogger } from './log-lines.js';
import { Parties, registerPartySerializer } from './parties.js';
import { PendingWork } from './pending-work.js';
import { applyOverrides, RateLimiter, type RateLimitSettings } from './rate-limiter.js';
import type { AccountRecord, UserRecord } from './records.js';
import { loadReferenceData } from './reference/index.js';
import type { SeedTarget } from './seed-target.js';
import { registerEventSerializers } from './serialize/events.js';
import { registerReferenceSerializers } from './serialize/reference.js';
import { Serializer } from './serialize/resource-object.js';
import { registerTrackingSerializers } from './serialize/tracking.js';
import { Shipments } from './shipments.js';
import { Store } from './store.js';
import { TrackingRequests } from './tracking-requests.js';
import { WebhookSubsystem } from './webhooks/subsystem.js';

/** How to build an engine. */
export interface EngineOptions {
  /** Seed of the id generator: the same seed and requests give the same ids. Default `shiptrack`. */
  seed?: string;
  /** `real` (default) or `manual` clock, and its start time. */
  clock?: ClockOptions;
  /** Accounts and keys; default the two demo accounts. */
  accounts?: readonly AccountInput[];
  /** Extra API keys accepted for the first account. */
  apiKeys?: readonly string[];
  /** Data loaded at start and by reset; default `demo`. */
  dataset?: DatasetName;
  /**
   * `true` (default): the spec's limits; `false`: none; or the spec's with
   * per-bucket overrides of the limit and the window, e.g.
   * `{ default: { limit: 100, windowSeconds: 2 } }`. Windows run on the wall
   * clock plus every clock advance, so a manual clock never locks a client out.
   */
  rateLimits?: RateLimitSettings;
  /**
   * Where diagnostics go; default silent except errors on stderr via
   * console.error. Messages reach it with control characters escaped (`\x00`).
   */
  logger?: Logger;
  /** Time-out of one webhook delivery attempt in wall-clock ms (default 10 s). */
  webhookTimeoutMs?: number;
  /** The fetch used for webhook deliveries (default the global fetch). */
  fetch?: typeof fetch;
  /**
   * Limits of the document store, each per account: `maxFileBytes` (10 MiB),
   * `maxDocumentsPerAccount` (200), `maxStoredBytesPerAccount` (64 MiB, its
   * uploads and documents), `maxPendingUploadsPerAccount` (20),
   * `pendingUploadTtlSeconds` (3600) and `downloadUrlTtlSeconds` (300), on
   * the mock clock.
   */
  documents?: Partial<DocumentLimits>;
}

const consoleLogger: Logger = {
  info: () => {},
  warn: (message) => console.error(`[shiptrack-mock] ${message}`),
  error: (message, error) =>
    console.error(
      `[shiptrack-mock] ${message}`,
      error instanceof Error ? escapeControlCharacters(error.stack ?? error.message) : '',
    ),
};

/** The in-memory service. */
export class Engine implements EngineContext, SeedTarget {
  readonly store = new Store();
  readonly clock: Clock;
  readonly events: EngineEventBus;
  readonly pending = new PendingWork();
  readonly serializer = new Serializer();
  readonly logger: Logger;
  readonly rateLimiter: RateLimiter;
  readonly lifecycle: Lifecycle;
  readonly trackingRequests: TrackingRequests;
  readonly shipments: Shipments;
  readonly webhooks: WebhookSubsystem;
  readonly documents: Documents;
  readonly parties: Parties;
  readonly customFields: CustomFields;
  private idGenerator: IdGenerator;
  /** Resets so far: each one starts a new id sequence. */
  private resetCount = 0;
  private revisionCounter = 0;
  private dataset: DatasetName;
  private readonly seed: string;
  private readonly accountInputs: readonly AccountInput[];
  /** The `apiKeys` option: extra keys of the first account, listed after every account's own. */
  private readonly extraApiKeys: readonly string[];
  private readonly resetHooks: Array<() => void> = [];

  constructor(options: EngineOptions = {}) {
    this.seed = options.seed ?? 'shiptrack';
    this.idGenerator = new IdGenerator(this.seed);
    this.logger = escapingLogger(options.logger ?? consoleLogger);
    this.clock = new Clock({
      ...options.clock,
      onJob: () => this.touch(),
      settle: () => this.pending.settle(),
      onJobError: (error, label) => this.logger.error(`scheduled job "${label}" failed`, error),
    });
    this.events = new EngineEventBus((error, event) =>
      this.logger.error(`a listener of ${event.name} failed`, error),
    );
    this.rateLimiter = new RateLimiter(options.rateLimits ?? true);
    this.dataset = options.dataset ?? 'demo';
    const accounts = [...(options.accounts ?? DEMO_ACCOUNTS)];
    const [first, ...rest] = accounts;
    this.extraApiKeys =
      first === undefined
        ? []
        : [...new Set(options.apiKeys ?? [])].filter((key) => !first.apiKeys.includes(key));
    this.accountInputs =
      first === undefined
        ? []
        : [{ ...first, apiKeys: [...first.apiKeys, ...this.extraApiKeys] }, ...rest];

    loadReferenceData(this.store);
    registerTrackingSerializers(this.serializer, this.store);
    registerEventSerializers(this.serializer, this.store);
    registerReferenceSerializers(this.serializer, this.store);
    this.lifecycle = new Lifecycle(this, (shipment, at) =>
      this.shipments.stopTracking(shipment, 'all_containers_terminated', { at }),
    );
    this.trackingRequests = new TrackingRequests(this, this.lifecycle);
    this.shipments = new Shipments(this, this.lifecycle, this.trackingRequests);
    this.webhooks = new WebhookSubsystem({
      bus: this.events,
      serialize: (ref) => this.serializer.serializeResource(ref.type, ref.id),
      clock: this.clock,
      pending: this.pending,
      newId: () => this.ids.next(),
      ...(options.webhookTimeoutMs === undefined
        ? {}
        : { deliveryTimeoutMs: options.webhookTimeoutMs }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      logger: this.logger,
    });
    this.onReset(() => this.webhooks.reset());
    this.documents = new Documents(this, options.documents);
    this.parties = new Parties(this);
    this.customFields = new CustomFields(this, this.parties);
    registerDocumentSerializers(this.serializer, this.documents.tables);
    registerPartySerializer(this.serializer, this.parties);
    registerCustomFieldSerializers(this.serializer, this.customFields);
    this.onReset(() => {
      this.documents.clear();
      this.parties.clear();
      this.customFields.clear();
    });
    this.load();
  }

  /**
   * The current id generator. A fresh engine starts from the seed; every
   * reset starts another sequence (the seed and the number of resets), so
   * the same operations give the same ids while ids never repeat across a
   * reset (a receiver deduplicating on `data.id` keeps every delivery).
   */
  get ids(): IdGenerator {
    return this.idGenerator;
  }

  /**
   * A number that changes whenever the state may have changed (every clock
   * job, every write request, every reset). Read caches key on it.
   */
  get revision(): number {
    return this.revisionCounter;
  }

  /** Marks the state as changed; call it after mutating the store directly. */
  touch(): void {
    this.revisionCounter += 1;
  }

  /** The current time on the mock clock (epoch ms). */
  now(): number {
    return this.clock.now();
  }

  /** The dataset that reset reloads. */
  get datasetName(): DatasetName {
    return this.dataset;
  }

  /** Every account with its keys (for adapters that print or return them). */
  accounts(): AccountRecord[] {
    return [...this.store.accounts.values()];
  }

  /**
   * Every API key accepted: each account's own keys in account order (the
   * demo keys first, as usual), then the extra keys of the `apiKeys` option.
   */
  apiKeys(): string[] {
    const extra = new Set(this.extraApiKeys);
    const own = this.accounts()
      .flatMap((account) => account.apiKeys)
      .filter((key) => !extra.has(key));
    return [...own, ...this.extraApiKeys];
  }

  /** The account an API key belongs to. */
  accountForKey(apiKey: string): AccountRecord | undefined {
    const id = this.store.apiKeys.get(apiKey);
    return id === undefined ? undefined : this.store.accounts.get(id);
  }

  /** Adds an account (and its keys) to the running engine. */
  addAccount(input: AccountInput): AccountRecord {
    if (input.rateLimits !== undefined) {
      // Checked now, so a bad override fails at start rather than on a request.
      applyOverrides(
        this.rateLimiter.state().buckets,
        input.rateLimits,
        `${input.name} rateLimits`,
      );
    }
    const id = input.id ?? stableId(`account:${input.name}`);
    const user: UserRecord = {
      id: stableId(`user:${id}`),
      accountId: id,
      firstName: input.user?.firstName ?? 'Demo',
      lastName: input.user?.lastName ?? 'User',
      email: input.user?.email ?? 'demo.user@example.com',
    };
    const account: AccountRecord = {
      id,
      name: input.name,
      apiKeys: [...input.apiKeys],
      entitlements: { route: false, refresh: false, ...input.entitlements },
      userId: user.id,
      ...(input.rateLimits === undefined ? {} : { rateLimits: input.rateLimits }),
    };
    this.store.addAccount(account, user);
    return account;
  }

  /** Registers work to run on every reset (the webhook subsystem clears its stores here). */
  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  /**
   * Resolves once every tracked asynchronous piece of work (webhook deliveries
   * in flight) has settled. Never await it from inside a scheduled job that
   * itself is tracked.
   */
  settle(): Promise<void> {
    return this.pending.settle();
  }

  /**
   * Drops all account data, scheduled jobs and rate windows, then reloads the
   * dataset; ids continue in a new sequence (see {@link Engine.ids}).
   */
  reset(): void {
    this.touch();
    this.clock.clear();
    this.lifecycle.clear();
    this.trackingRequests.clear();
    this.rateLimiter.restore();
    this.store.clearAccountData();
    for (const hook of this.resetHooks) hook();
    this.resetCount += 1;
    this.idGenerator = new IdGenerator(`${this.seed}#reset${this.resetCount}`);
    this.load();
  }

  /** Replaces all data with a dataset (and makes it the one reset reloads). */
  seedDataset(dataset: DatasetName): void {
    this.dataset = dataset;
    this.reset();
  }

  /** Stops the real-time timer; call when the engine is no longer used. */
  dispose(): void {
    this.clock.dispose();
    this.webhooks.dispose();
  }

  private load(): void {
    for (const input of this.accountInputs) this.addAccount(input);
    seedDataset(this, this.dataset);
  }
}
