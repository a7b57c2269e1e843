/**
 * Redis stores for `@shiptrack/sdk`: the rate-limit store that makes every
 * process using one API key share the service's limits, and the webhook
 * idempotency store that makes a delivery run once across receivers, and
 * the task store that lets N MCP servers (`@shiptrack/mcp`) answer for
 * one another's `track_container` tasks, the store that makes each
 * accepted `requestState` single-use across them, the log level each MCP
 * client set, and the fanout, poll
 * lease and subscription count that share live container updates among
 * MCP server instances.
 */
export { DEFAULT_REDIS_TIMEOUT_MS, type WhenRedisUnavailable } from './availability.js';
export { type RedisStoreName, RedisStoreUnavailableError } from './errors.js';
export {
  createRedisEventStore,
  type RedisEventStoreOptions,
  type RedisSseEvent,
  type RedisSseEventPage,
  type RedisSseEventStore,
} from './event-store.js';
export {
  createRedisIdempotencyStore,
  type RedisIdempotencyStoreOptions,
} from './idempotency-store.js';
export { createRedisLogLevelStore, type RedisLogLevelStoreOptions } from './log-level-store.js';
export {
  createRedisRateLimitStore,
  type RedisRateLimitStoreOptions,
} from './rate-limit-store.js';
export {
  fromNodeRedis,
  type NodeRedisLike,
  type RedisArgument,
  type RedisCommandClient,
} from './redis-client.js';
export { createRedisStores, type RedisStores, type RedisStoresOptions } from './redis-stores.js';
export {
  DEFAULT_REDIS_PREFIX,
  type RedisStoreOptions,
  type SubscriptionSharingOptions,
} from './store-options.js';
export {
  createRedisSubscriptionCounter,
  type RedisSubscriptionCounter,
} from './subscription-counter.js';
export {
  createRedisChangeFanout,
  createRedisPollCoordinator,
  createRedisSubscriptionSharing,
  type RedisChangeFanout,
  type RedisPollCoordinator,
  type RedisSubscriptionSharing,
  type SharedContainer,
} from './subscription-sharing.js';
export { createRedisTaskStore, type RedisTaskStoreOptions } from './task-store.js';
export {
  createRedisUsedRequestStateStore,
  type RedisUsedRequestStateStoreOptions,
} from './used-request-state-store.js';
