// The client
export { createClient, ShiptrackClient } from './client.js';
export { type ClientOptions, DEFAULT_BASE_URL } from './core/config.js';
// Errors
export {
  APIConnectionError,
  type APIConnectionErrorOptions,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  type CarrierCandidate,
  CarrierNotDeterminedError,
  ConfigurationError,
  InternalServerError,
  InvalidTrackingNumberError,
  type JsonApiErrorObject,
  NotFoundError,
  NumberTypeNotDeterminedError,
  PermissionDeniedError,
  RateLimitError,
  ShiptrackError,
  type ShiptrackErrorOptions,
  UnprocessableEntityError,
  WaitTimeoutError,
} from './core/errors.js';
export type { Formatted, RawAndMapped, ResponseFormat } from './core/format.js';
export type { LogFields, Logger, LogLevel } from './core/logger.js';
export { Page, type PageLinks, type PageMeta, PagePromise } from './core/pagination.js';
export type { BucketLimit, RateLimitOptions } from './core/rate-limit.js';
export {
  MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
  type RateLimitSlot,
  type RateLimitStore,
} from './core/rate-limit-store.js';
export { backoffDelay, parseRetryAfter } from './core/retry.js';
export type { FetchLike, RequestOptions } from './core/transport.js';
export type { components, operations as OperationTypes, paths } from './generated/openapi.js';
// Wire-level facts shared with the mock server
export {
  type OperationId,
  operations,
  type RateLimitBucketName,
  rateLimitBuckets,
} from './generated/operations.js';

// JSON:API
export { camelCase, camelCaseKeys } from './jsonapi/case.js';
export {
  isResolvedResource,
  type ResolvedDocument,
  type ResolvedResource,
  type ResolveOptions,
  ResourceIndex,
  resolveDocument,
  resolveResource,
} from './jsonapi/resolve.js';
export type {
  JsonApiDocument,
  Relationship,
  ResourceIdentifier,
  ResourceObject,
} from './jsonapi/types.js';

// Mapped models: zod schemas, their types, and the mappers
export * from './mapped/cargo.js';
export * from './mapped/common.js';
export * from './mapped/enums.js';
export * from './mapped/events.js';
export * from './mapped/map.js';
export * from './mapped/places.js';
export * from './mapped/plain.js';
export * from './mapped/route.js';
export { summarizeTransportEvents } from './mapped/summary.js';
export * from './mapped/tracking.js';
export * from './mapped/webhooks.js';
// Container numbers
export {
  containerCheckDigit,
  isValidContainerNumber,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from './numbers/iso6346.js';
// Resource groups and their parameter and raw types
export type * from './resources/containers.js';
export type { CallOptions, DateTimeInput, PageParams } from './resources/shared.js';
export type * from './resources/shipments.js';
export type * from './resources/shipping-lines.js';
export type { TrackOptions, TrackResult, WaitForOptions } from './resources/tracking-flow.js';
export type * from './resources/tracking-requests.js';
export { fetchTransportEventsSummary } from './resources/transport-events-summary.js';
export type * from './resources/webhook-notifications.js';
export type * from './resources/webhooks.js';
export * from './webhooks/index.js';
// Webhooks
export { type RawBody, signPayload, WEBHOOK_SIGNATURE_HEADER } from './webhooks/sign.js';
