import type { LogLevelStore, TaskStore, UsedRequestStateStore } from '@shiptrack/mcp';
import type { IdempotencyStore, RateLimitStore } from '@shiptrack/sdk';
import { Redis } from 'ioredis';
import {
  createRedisEventStore,
  type RedisEventStoreOptions,
  type RedisSseEventStore,
} from './event-store.js';
import {
  createRedisIdempotencyStore,
  type RedisIdempotencyStoreOptions,
} from './idempotency-store.js';
import { createRedisLogLevelStore, type RedisLogLevelStoreOptions } from './log-level-store.js';
import { createRedisRateLimitStore, type RedisRateLimitStoreOptions } from './rate-limit-store.js';
import { createRedisTaskStore, type RedisTaskStoreOptions } from './task-store.js';
import {
  createRedisUsedRequestStateStore,
  type RedisUsedRequestStateStoreOptions,
} from './used-request-state-store.js';

/** Options of {@link createRedisStores}: those of each store. */
export interface RedisStoresOptions {
  /** Options of the rate-limit store (its `prefix` defaults to `prefix`). */
  rateLimit?: RedisRateLimitStoreOptions;
  /** Options of the idempotency store (its `prefix` defaults to `prefix`). */
  idempotency?: RedisIdempotencyStoreOptions;
  /** Options of the SSE event store (its `prefix` defaults to `prefix`). */
  events?: RedisEventStoreOptions;
  /** Options of the task store (its `prefix` defaults to `prefix`). */
  tasks?: RedisTaskStoreOptions;
  /** Options of the store of accepted requestStates (its `prefix` defaults to `prefix`). */
  usedRequestStates?: RedisUsedRequestStateStoreOptions;
  /** Options of the store of MCP clients' log levels (its `prefix` defaults to `prefix`). */
  logLevels?: RedisLogLevelStoreOptions;
  /** Key prefix of every store. Default `shiptrack:`. */
  prefix?: string;
}

/** The stores over one Redis connection, and how to close it. */
export interface RedisStores {
  /** For `createClient({ rateLimit: { store } })`. */
  readonly rateLimit: RateLimitStore;
  /** For `createWebhookHandler({ idempotency })`. */
  readonly idempotency: IdempotencyStore;
  /** For `createMcpHttpHandler({ eventStore })` (`@shiptrack/mcp-http`): resumable SSE answers. */
  readonly events: RedisSseEventStore;
  /** For `createServer({ tasks: { store } })` (`@shiptrack/mcp`) or `createMcpHttpHandler({ taskStore })`. */
  readonly tasks: TaskStore;
  /**
   * For `createServer({ requestState: { usedStates } })` (`@shiptrack/mcp`) or
   * `createMcpHttpHandler({ usedRequestStateStore })`: each answer taken once.
   */
  readonly usedRequestStates: UsedRequestStateStore;
  /** For `createMcpHttpHandler({ logLevelStore })`: each client's `logging/setLevel`, on any instance. */
  readonly logLevels: LogLevelStore;
  /** Closes the connection: waits for the commands already sent when Redis is reachable. */
  close(): Promise<void>;
}

/**
 * Connects to Redis at `url` (`redis://[:password@]host:port/db`, or
 * `rediss://` for TLS) with ioredis and builds the stores on that one
 * connection: what a host needs for a `--redis-url` option. The client's
 * connection errors are left to the stores, which warn once per outage
 * (see the README's failure modes); the URL, which may hold a password, is
 * never logged.
 *
 * @example
 * const stores = createRedisStores(process.env.REDIS_URL!);
 * const client = createClient({ rateLimit: { store: stores.rateLimit } });
 * process.on('SIGTERM', () => void stores.close());
 */
export function createRedisStores(url: string, options: RedisStoresOptions = {}): RedisStores {
  const redis = new Redis(url);
  // Without a listener ioredis prints every failed reconnection; the stores report outages themselves.
  redis.on('error', () => {});
  const prefix = options.prefix === undefined ? {} : { prefix: options.prefix };
  return {
    rateLimit: createRedisRateLimitStore(redis, { ...prefix, ...options.rateLimit }),
    idempotency: createRedisIdempotencyStore(redis, { ...prefix, ...options.idempotency }),
    events: createRedisEventStore(redis, { ...prefix, ...options.events }),
    tasks: createRedisTaskStore(redis, { ...prefix, ...options.tasks }),
    usedRequestStates: createRedisUsedRequestStateStore(redis, {
      ...prefix,
      ...options.usedRequestStates,
    }),
    logLevels: createRedisLogLevelStore(redis, { ...prefix, ...options.logLevels }),
    close: async () => {
      // QUIT waits for the replies to commands already sent; without a connection it would wait
      // for a reconnection that may never come, so a client that is not ready just disconnects.
      if (redis.status === 'ready') await redis.quit().catch(() => {});
      redis.disconnect();
    },
  };
}
