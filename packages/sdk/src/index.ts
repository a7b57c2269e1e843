/**
 * `@shiptrack/sdk`: the client of the Shipment and Container Tracking
 * Service, its errors, pagination and rate-limit types, the resources'
 * parameter and raw document types, and the mapped models as named
 * interfaces. Subpaths: `/mapped` (the zod schemas), `/webhooks` (the whole
 * webhook toolkit), `/testing` (signed sample deliveries), `/spec` (the
 * operation table, buckets and enumeration values), `/node` (Node only: a
 * cheaper sender on `node:http`).
 */

// The client and its calls
export { createClient, ShiptrackClient } from './client.js';
export type { CallOptions, ListIterationOptions } from './core/api-client.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export type { DateTimeInput } from './core/arguments.js';
export type { AttemptInfo, ClientTelemetry } from './core/client-telemetry.js';
export { type ClientOptions, DEFAULT_BASE_URL } from './core/config.js';
export {
  classifyError,
  type ErrorCategory,
  type ErrorClassification,
  type ErrorFault,
} from './core/error-classification.js';
// Errors: ShiptrackError catches everything, APIError every failed request
export {
  APIConnectionError,
  APIError,
  APIStatusError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  DocumentNotAttachedError,
  IncompleteResponseError,
  InternalServerError,
  InvalidArgumentError,
  InvalidRotationError,
  type JsonApiErrorObject,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestTooLargeError,
  ShiptrackError,
  UnprocessableEntityError,
} from './core/errors.js';
export type { FetchLike } from './core/fetch-like.js';
export type { Formatted, RawAndMapped, ResponseFormat } from './core/format.js';
export type { LogFields, Logger, LogLevel } from './core/logger.js';
export { Page, type PageLinks, type PageMeta, PagePromise } from './core/pagination.js';
export type { BucketLimit, RateLimitOptions, RateLimitState } from './core/rate-limit.js';
export {
  MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
  type RateLimitSlot,
  type RateLimitStore,
} from './core/rate-limit-store.js';
export {
  type RawRequestOptions,
  type RawResponse,
  rawRequest,
  rawRequestPages,
} from './core/raw-request.js';
export {
  type CarrierCandidate,
  CarrierNotDeterminedError,
  InvalidTrackingNumberError,
  NumberTypeNotDeterminedError,
  WaitTimeoutError,
} from './core/tracking-errors.js';
export type { RequestOptions } from './core/transport.js';
// Facts read from the mapped models (demurrage days, fees, tracking stopped, left the terminal)
export {
  type AtRiskReason,
  byUrgency,
  type ContainerRisk,
  type ContainerRiskOptions,
  containerRisk,
} from './facts/at-risk.js';
// What needs attention and what changed since (asked by the CLI, MCP and the mirror alike)
export {
  type AccountAttentionOptions,
  type AccountRecords,
  type AttentionOptions,
  accountAttention,
  attentionOf,
  byAttention,
} from './facts/attention/attention-of.js';
export type {
  AttentionEvidence,
  AttentionItem,
  AttentionItemBase,
  AttentionKind,
  AttentionRecordType,
  AttentionSeverity,
  AttentionSubject,
  DemurrageRunningItem,
  EtaSlippedItem,
  EvidenceTime,
  FeesDueItem,
  HoldItem,
  LastFreeDaySoonItem,
  NoRecentUpdateItem,
  NotAvailableItem,
  NotPickedUpItem,
  TrackingFailedItem,
  TrackingStoppedItem,
} from './facts/attention/model.js';
export { type ScanAttentionOptions, scanAttention } from './facts/attention/scan.js';
export { QUIET_STOP_REASONS } from './facts/attention/shipment.js';
export {
  type AttentionThresholds,
  DEFAULT_ATTENTION_THRESHOLDS,
  resolveThresholds,
} from './facts/attention/thresholds.js';
export { changesSince } from './facts/changes/changes-since.js';
export {
  type CannotTellNote,
  historyFromRest,
  historyFromTrackingRequest,
  REST_CANNOT_TELL,
  type RestHistoryOptions,
} from './facts/changes/from-rest.js';
export {
  type CannotTell,
  cannotTell,
  type HistoryEntry,
  isCannotTell,
  type KnownValue,
  type ValueAt,
} from './facts/changes/history.js';
export type { Change, ChangeGroup, ChangeKind, ChangesSince } from './facts/changes/model.js';
export {
  type ChangesFromRestOptions,
  changesFromRest,
  type RestChanges,
} from './facts/changes/scan.js';
export { type FeeTotal, feeTotals, type ReportedFee } from './facts/fees.js';
export {
  type DeadlineSource,
  type LastFreeDay,
  type LastFreeDayOptions,
  type LocalDeadline,
  lastFreeDay,
  lastFreeDayZone,
} from './facts/last-free-day.js';
export {
  containerLeftTerminal,
  STATUS_LEFT_TERMINAL,
  statusLeftTerminal,
} from './facts/left-terminal.js';
export { type DaysUntil, daysUntil } from './facts/local-day.js';
export type { ScanProgress } from './facts/scan-progress.js';
export { trackingStoppedOf } from './facts/tracking-stopped.js';
// Mapped models (the schemas are in `@shiptrack/sdk/mapped`)
export type * from './generated/mapped-members.js';
export type * from './generated/raw-documents.js';
// Numbers and ids to records, and whether a number is tracked
export { canonicalNumber, isRecordId, sameNumber } from './lookup/by-number.js';
export {
  AmbiguousNumberError,
  type NumberCandidate,
  type PendingRequest,
  RecordNotFoundError,
  type ResolvedKind,
} from './lookup/errors.js';
export {
  type ContainerKey,
  type MatchedBy,
  type RecordKey,
  type ResolvedRecord,
  type ResolveOptions,
  readContainerKey,
  readRecordKey,
  resolveContainer,
  resolveShipment,
  resolveTrackingRequest,
} from './lookup/resolve.js';
export { type FindTrackedOptions, findTracked, type TrackedNumber } from './lookup/tracked.js';
export type { MappedLinks, MappedResource, MappedResourceBase } from './mapped/common.js';
export type {
  ContainerDemurrage,
  ContainerEquipment,
  ContainerLocation,
  ImportDeadlines,
  MappedContainer,
  TerminalFee,
  TerminalHold,
} from './mapped/container.js';
export type {
  CustomFieldDataType,
  CustomFieldEntityType,
  CustomFieldValue,
  CustomFieldValueByDataType,
  MappedCustomField,
  MappedCustomFieldDefinition,
  MappedCustomFieldOption,
  MappedParty,
} from './mapped/custom-fields.js';
export type {
  DocumentProcessingStatus,
  DocumentSource,
  DocumentTypeEntry,
  MappedDocument,
  MappedDocumentActionAccepted,
  MappedDocumentDownloadUrl,
  MappedDocumentTypeSchema,
  MappedEmailSubmission,
  RotationDegrees,
} from './mapped/documents.js';
export type * from './mapped/enums.js';
export type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedTransportEvent,
} from './mapped/events.js';
export type {
  MappedCustomer,
  MappedFacility,
  MappedLocation,
  MappedMetroArea,
  MappedPort,
  MappedRailTerminal,
  MappedTerminal,
  MappedUser,
  MappedVessel,
} from './mapped/places.js';
export type {
  ContainerMap,
  ContainerMapFeature,
  ContainerMapFeatureProperties,
  ContainerMapFeatureType,
  MappedVesselFuturePositions,
  VesselFuturePosition,
} from './mapped/positions.js';
export type { MappedRoute, MappedRouteLocation } from './mapped/route.js';
export type { MappedSearchResult } from './mapped/search.js';
export type { MappedShipment } from './mapped/shipment.js';
export { mapStoredResources, type StoredResource } from './mapped/stored.js';
export {
  summarizeTransportEvents,
  type TransportEventPlace,
  transportEventLabel,
  transportEventPlace,
} from './mapped/summary.js';
export type {
  EventCategories,
  Milestones,
  TimelineEntry,
  TransportEventsSummary,
} from './mapped/timeline.js';
export type {
  CarrierInference,
  MappedInferNumberResult,
  MappedShippingLine,
  MappedTrackingRequest,
  NumberValidation,
  ShippingLinePrediction,
} from './mapped/tracking.js';
export type {
  MappedCreatedWebhook,
  MappedRefreshResult,
  MappedWebhook,
  MappedWebhookEventCategory,
  MappedWebhookIps,
  MappedWebhookNotification,
  MappedWebhookTriggerResult,
  WebhookEventDescription,
  WebhookHeader,
} from './mapped/webhooks.js';
// Container numbers (ISO 6346)
export {
  containerCheckDigit,
  isValidContainerNumber,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from './numbers/iso6346.js';
// Resource groups: their parameters and raw documents
export type * from './resources/containers.js';
export type * from './resources/custom-field-definitions.js';
export type * from './resources/custom-fields.js';
export type * from './resources/document-records.js';
export type * from './resources/documents.js';
export {
  readTrackingNumber,
  type SettledNumber,
  settleNumberInference,
  type TrackingNumberReading,
} from './resources/number-inference.js';
export type * from './resources/parties.js';
export type * from './resources/reference.js';
export type { PageParams } from './resources/shared.js';
export type * from './resources/shipments.js';
export type * from './resources/shipping-lines.js';
export type {
  TrackOptions,
  TrackResult,
  WaitForOptions,
  WaitPoll,
} from './resources/tracking-flow.js';
export type * from './resources/tracking-requests.js';
export { fetchTransportEventsSummary } from './resources/transport-events-summary.js';
export type * from './resources/webhook-notifications.js';
export type * from './resources/webhooks.js';
// Receiving webhooks: the common entry points (the whole toolkit is `@shiptrack/sdk/webhooks`)
export { constructEvent } from './webhooks/construct-event.js';
export {
  WebhookConfigurationError,
  WebhookHandlerError,
  WebhookInProgressError,
  WebhookPayloadError,
  WebhookRawBodyError,
  WebhookSignatureError,
} from './webhooks/errors.js';
export type { WebhookEventName } from './webhooks/event-names.js';
export type { WebhookEvent } from './webhooks/event-types.js';
export {
  createWebhookHandler,
  type WebhookEventHandlers,
  type WebhookHandlerOptions,
} from './webhooks/handler.js';
export {
  DEFAULT_IDEMPOTENCY_LEASE_MS,
  DEFAULT_IDEMPOTENCY_TTL_MS,
  type IdempotencyClaim,
  type IdempotencyStore,
  MemoryIdempotencyStore,
} from './webhooks/idempotency.js';
export {
  createWebhookIpAllowList,
  type WebhookIpAllowList,
  type WebhookIpAllowListOptions,
} from './webhooks/ip-allow-list.js';
export { toNodeHandler } from './webhooks/node-adapter.js';
export { parseWebhookEvent } from './webhooks/parse-event.js';
export { WEBHOOK_SIGNATURE_HEADER } from './webhooks/sign.js';
export { verifySignature, type WebhookSecret } from './webhooks/verify.js';
