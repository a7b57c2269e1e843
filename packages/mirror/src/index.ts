/**
 * `@shiptrack/mirror`: the account's shipments, containers, transport events
 * and tracking requests in a database (PGlite embedded, or PostgreSQL), fed
 * by webhooks and kept in the service's order whatever order deliveries come in.
 */
export type { ChangesOptions, MirrorChange } from './changes/feed.js';
export {
  type MirrorDatabaseKind,
  type MirrorDatabaseOption,
  mirrorPGliteOptions,
} from './database/open.js';
export { MirrorSchemaOutdatedError } from './database/schema-version.js';
export {
  MirrorConfigurationError,
  MirrorDatabaseUnavailableError,
  MirrorError,
  MirrorRecordError,
  type MirrorRecordProblem,
} from './errors.js';
export type { AttributeChange } from './history/history.js';
export type { MirroredType } from './ingest/mirrored-types.js';
export { TRACKED_ATTRIBUTES } from './ingest/records.js';
export type { DeliveryReport, MirrorWebhookHandlerOptions } from './ingest/webhook-handler.js';
export { createMirror, type Mirror, type MirrorOptions } from './mirror.js';
export type { AtRiskContainer, AtRiskQuery } from './queries/at-risk.js';
export type { AttentionQuery } from './queries/attention.js';
export type { ContainerQuery, MirrorQueryResult } from './queries/containers.js';
export type { Freshness } from './queries/freshness.js';
export type { LookupMatch } from './queries/lookup.js';
export type {
  ContainerPageQuery,
  MirrorPage,
  PageWindow,
  ShipmentPageQuery,
  TimeWindow,
  TrackingRequestPageQuery,
} from './queries/pages.js';
export type { MirrorSearchOptions, MirrorSearchResult } from './queries/search.js';
export type { MirrorStatus } from './queries/status.js';
export type { SyncBacklog } from './queries/sync-backlog.js';
export type { MirroredRecord } from './records/read.js';
export type { SyncLoop, SyncLoopOptions } from './sync/loop.js';
export type { Sleep } from './sync/pacer.js';
export type { FullSyncStep } from './sync/rest-reads.js';
export type { SyncOptions, SyncProgress, SyncResult } from './sync/sync.js';
