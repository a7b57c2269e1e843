/**
 * `@shiptrack/sdk/webhooks`: receive the service's webhooks. Verify
 * deliveries, parse them into typed events, route them to handlers,
 * deduplicate redeliveries, and check source addresses. Signed test
 * deliveries are in `@shiptrack/sdk/testing`.
 */
export { constructEvent } from './construct-event.js';
export { CONTAINER_CHANGE_FIELDS, describeChanges } from './container-changes.js';
export {
  type ToWebhookHandlerOptions,
  toWebhookHandler,
  type WebhookAnswer,
  type WebhookDelivery,
  type WebhookHandler,
} from './delivery-answer.js';
export {
  WebhookConfigurationError,
  WebhookHandlerError,
  WebhookInProgressError,
  WebhookPayloadError,
  type WebhookPayloadFailure,
  WebhookRawBodyError,
  WebhookSignatureError,
  type WebhookSignatureFailure,
} from './errors.js';
export {
  type ContainerChangeEventName,
  type ContainerTransportEventName,
  isWebhookEventName,
  type ShipmentEstimateEventName,
  type TrackingRequestEventName,
  WEBHOOK_EVENT_NAMES,
  type WebhookEventFamily,
  type WebhookEventName,
  webhookEventFamily,
} from './event-names.js';
export type {
  ContainerChange,
  MappedContainerChangeRecords,
  MappedContainerTransportRecords,
  MappedEventBase,
  MappedShipmentEstimateRecords,
  MappedTrackingRequestRecords,
} from './event-records.js';
export type {
  ContainerChangeWebhookEvent,
  ContainerTransportWebhookEvent,
  KnownWebhookEvent,
  RawDeliveryNotification,
  RawRelationship,
  RawResource,
  RawResourceIdentifier,
  RawWebhookDelivery,
  ShipmentEstimateWebhookEvent,
  TrackingRequestWebhookEvent,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventBase,
  WebhookEventOf,
  WebhookRawContainer,
  WebhookRawContainerUpdatedEvent,
  WebhookRawEstimatedEvent,
  WebhookRawPort,
  WebhookRawShipment,
  WebhookRawTerminal,
  WebhookRawTrackingRequest,
  WebhookRawTransportEvent,
} from './event-types.js';
export {
  createWebhookHandler,
  type WebhookErrorContext,
  type WebhookEventHandlers,
  type WebhookHandlerOptions,
  type WebhookRequestHandler,
} from './handler.js';
export { getSignatureHeader, type HeadersGetter, type WebhookHeaders } from './headers.js';
export {
  DEFAULT_IDEMPOTENCY_LEASE_MS,
  DEFAULT_IDEMPOTENCY_MAX_ENTRIES,
  DEFAULT_IDEMPOTENCY_TTL_MS,
  type IdempotencyClaim,
  type IdempotencyStore,
  MemoryIdempotencyStore,
  type MemoryIdempotencyStoreOptions,
} from './idempotency.js';
export {
  createWebhookIpAllowList,
  type WebhookIpAllowList,
  type WebhookIpAllowListOptions,
  type WebhookIpList,
  WebhookIpListError,
  type WebhookIpsClient,
} from './ip-allow-list.js';
export {
  type NodeHandlerOptions,
  type NodeWebhookRequest,
  type NodeWebhookResponse,
  toNodeHandler,
} from './node-adapter.js';
export { parseWebhookEvent } from './parse-event.js';
export type { RawBody } from './raw-body.js';
export {
  declaredOver,
  type NodeBodyStream,
  readBodyWithin,
  readStreamWithin,
} from './request-body.js';
export { WEBHOOK_SIGNATURE_HEADER } from './sign.js';
export { verifySignature, type WebhookSecret } from './verify.js';
