/**
 * `@shiptrack/sdk/spec`: facts of the wire, generated from
 * `spec/openapi.yaml` and shared by the SDK and the mock server: the
 * operation table (method, path and rate-limit bucket of every
 * operationId), the rate-limit buckets, and the known values of every
 * enumeration (one list each). Values in responses are open: the service
 * may send others, which the SDK passes through.
 */
export * from './generated/enums.js';
export type { components, paths } from './generated/openapi.js';
export {
  type OperationId,
  operations,
  type RateLimitBucketName,
  rateLimitBuckets,
} from './generated/operations.js';
export type * from './mapped/enums.js';
