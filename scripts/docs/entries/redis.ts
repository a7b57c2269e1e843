/**
 * Redis stores for the SDK: shared rate limits and webhook deduplication.
 *
 * @module @shiptrack/redis
 */
export * from '@shiptrack/redis';
