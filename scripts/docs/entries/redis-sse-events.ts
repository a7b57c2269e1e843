/**
 * The logic of the SSE event stores (ids, owners, limits) over a storage
 * backend, without a Redis client: `MemorySseEventStore` of
 * `@shiptrack/mcp-http` and `createRedisEventStore` run it.
 *
 * @module @shiptrack/redis/sse-events
 */
export * from '@shiptrack/redis/sse-events';
