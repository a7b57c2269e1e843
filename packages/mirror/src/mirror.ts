import type { AttentionItem, ChangesSince, ShiptrackClient } from '@shiptrack/sdk';
import type { WebhookHandler } from '@shiptrack/sdk/webhooks';
import { type ChangesOptions, type MirrorChange, readChanges } from './changes/feed.js';
import {
  type MirrorDatabaseKind,
  type MirrorDatabaseOption,
  type OpenedDatabase,
  openDatabase,
} from './database/open.js';
import { MirrorConfigurationError } from './errors.js';
import { readChangesSince } from './history/changes-since.js';
import { type AttributeChange, readHistory } from './history/history.js';
import type { MirroredType } from './ingest/mirrored-types.js';
import {
  createMirrorWebhookHandler,
  type MirrorWebhookHandlerOptions,
} from './ingest/webhook-handler.js';
import { type AtRiskContainer, type AtRiskQuery, queryAtRisk } from './queries/at-risk.js';
import { type AttentionQuery, queryAttention } from './queries/attention.js';
import {
  type ContainerQuery,
  type MirrorQueryResult,
  queryContainers,
} from './queries/containers.js';
import { type Freshness, readFreshness } from './queries/freshness.js';
import { type LookupMatch, lookupNumber } from './queries/lookup.js';
import {
  type ContainerPageQuery,
  type MirrorPage,
  queryContainerPage,
  queryShipmentPage,
  queryTrackingRequestPage,
  type ShipmentPageQuery,
  type TrackingRequestPageQuery,
} from './queries/pages.js';
import {
  type MirrorSearchOptions,
  type MirrorSearchResult,
  searchRecords,
} from './queries/search.js';
import { type MirrorStatus, readStatus } from './queries/status.js';
import { readSyncBacklog, type SyncBacklog } from './queries/sync-backlog.js';
import { type MirroredRecord, readAllRecords, readRecord } from './records/read.js';
import { type SyncLoop, type SyncLoopOptions, startSyncLoop } from './sync/loop.js';
import { runSync, type SyncOptions, type SyncResult } from './sync/sync.js';

/** Options of {@link createMirror}. */
export interface MirrorOptions {
  /**
   * The SDK client the mirror reads REST with (`sync`); any response format.
   * A mirror that only receives webhooks and answers queries needs none.
   */
  client?: ShiptrackClient<'mapped' | 'raw' | 'both'>;
  /** Where the mirror lives; default `'memory:'` (PGlite in memory). See {@link MirrorDatabaseOption}. */
  database?: MirrorDatabaseOption;
  /**
   * What opening does with the schema: `'apply'` the migrations it lacks
   * (the default), or `'require'` them applied already (a team whose
   * database changes go through review runs `shiptrack-mirror migrate`;
   * an old schema is then a `MirrorSchemaOutdatedError`).
   */
  migrations?: 'apply' | 'require';
}

/** The account's tracking data in a database: see {@link createMirror}. */
export interface Mirror {
  /** `pglite` or `postgres`. */
  readonly databaseKind: MirrorDatabaseKind;
  /** The webhook endpoint that feeds the mirror; see {@link MirrorWebhookHandlerOptions}. */
  webhookHandler(options: MirrorWebhookHandlerOptions): WebhookHandler;
  /** One record as mirrored, or `null`. */
  get(type: MirroredType, id: string): Promise<MirroredRecord | null>;
  /** Every mirrored record of a type, by id. */
  list(type: MirroredType): Promise<MirroredRecord[]>;
  /**
   * Backfills and reconciles from REST: the full sync first (resumable), then
   * the records of failed notifications and of stale active containers. See
   * {@link SyncOptions}.
   */
  sync(options?: SyncOptions): Promise<SyncResult>;
  /** Runs `sync` now and `intervalMs` after each run ends, until `stop()`. */
  syncEvery(intervalMs: number, options?: SyncLoopOptions): SyncLoop;
  /** Containers matching every filter given, read from the mirror only (no REST call). */
  containers(query?: ContainerQuery): Promise<MirrorQueryResult<MirroredRecord>>;
  /** The containers a container number, bill of lading, booking or reference number names. */
  lookup(number: string): Promise<MirrorQueryResult<LookupMatch>>;
  /** Containers not picked up whose last free day is at most `withinDays` away in the terminal's zone. */
  atRisk(query?: AtRiskQuery): Promise<MirrorQueryResult<AtRiskContainer>>;
  /** What needs attention across the account, as the SDK's `accountAttention` decides it for every surface. */
  attention(query?: AttentionQuery): Promise<MirrorQueryResult<AttentionItem>>;
  /** One page of containers (by number) with their shipments in `related`, and the total. */
  containerPage(query?: ContainerPageQuery): Promise<MirrorPage>;
  /** One page of shipments (by bill of lading), with their containers when asked, and the total. */
  shipmentPage(query?: ShipmentPageQuery): Promise<MirrorPage>;
  /** One page of tracking requests, newest first, and the total. */
  trackingRequestPage(query?: TrackingRequestPageQuery): Promise<MirrorPage>;
  /** Containers, shipments and tracking requests whose numbers contain `text` (case ignored). */
  search(text: string, options?: MirrorSearchOptions): Promise<MirrorSearchResult>;
  /** How fresh the mirror is. */
  freshness(): Promise<Freshness>;
  /** What the mirror holds (counts), its schema version and freshness. */
  status(): Promise<MirrorStatus>;
  /** The records waiting to be re-read, and when a sync last finished a pass over the lists. */
  syncBacklog(): Promise<SyncBacklog>;
  /**
   * The changes committed to the mirror, in commit order, live: across
   * processes on PostgreSQL (LISTEN/NOTIFY), within the process on PGlite.
   * Resume with `since` set to the last position handled.
   */
  changes(options?: ChangesOptions): AsyncGenerator<MirrorChange>;
  /** Every change of a tracked attribute of the container and its shipment, oldest first. */
  history(containerId: string): Promise<AttributeChange[]>;
  /** What changed across the account since an instant, per record, ranked by the SDK's `changesSince`. */
  changesSince(since: Date | string): Promise<ChangesSince>;
  /** Closes the database (a PGlite instance passed in stays open). */
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the mirror's database and returns the mirror.
 *
 * @example
 * const mirror = await createMirror({ client: createClient(), database: './mirror-data' });
 * http.createServer(toNodeHandler(mirror.webhookHandler({ secret }))).listen(8080);
 */
export async function createMirror(options: MirrorOptions): Promise<Mirror> {
  const { client } = options ?? {};
  if (client !== undefined && (typeof client !== 'object' || client === null)) {
    throw new MirrorConfigurationError(
      '`client` must be an SDK client made with createClient({ apiKey }).',
    );
  }
  const database: OpenedDatabase = await openDatabase(options.database, options.migrations);
  const sync = async (syncOptions?: SyncOptions): Promise<SyncResult> => {
    if (client === undefined) {
      throw new MirrorConfigurationError(
        'sync() reads REST: pass `client` (createClient({ apiKey })) to createMirror.',
      );
    }
    return runSync(database, client, syncOptions);
  };
  return {
    databaseKind: database.kind,
    webhookHandler: (handlerOptions) => createMirrorWebhookHandler(database, handlerOptions),
    get: (type, id) => readRecord(database, type, id),
    list: (type) => readAllRecords(database, type),
    sync,
    syncEvery: (intervalMs, loopOptions) => startSyncLoop(sync, intervalMs, loopOptions),
    history: (containerId) => readHistory(database, containerId),
    changesSince: (since) => readChangesSince(database, since),
    changes: (changesOptions) => readChanges(database, changesOptions),
    containers: (query) => queryContainers(database, query),
    lookup: (number) => lookupNumber(database, number),
    atRisk: (query) => queryAtRisk(database, query),
    attention: (query) => queryAttention(database, query),
    containerPage: (query) => queryContainerPage(database, query),
    shipmentPage: (query) => queryShipmentPage(database, query),
    trackingRequestPage: (query) => queryTrackingRequestPage(database, query),
    search: (text, searchOptions) => searchRecords(database, text, searchOptions),
    freshness: () => readFreshness(database),
    status: () => readStatus(database),
    syncBacklog: () => readSyncBacklog(database),
    close: () => database.close(),
  };
}
