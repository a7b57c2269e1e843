/**
 * The operation table of the wire contract (method, path and rate-limit
 * bucket of every operation) and the bucket limits, generated from the spec
 * into the SDK so that the SDK's limiter and the mock's read one source.
 */
export {
  type OperationId,
  operations,
  type RateLimitBucketName,
  rateLimitBuckets,
} from '@shiptrack/sdk/spec';
