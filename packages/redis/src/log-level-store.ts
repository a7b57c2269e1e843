import type { LogLevelStore } from '@shiptrack/mcp';
import { RedisAvailability } from './availability.js';
import type { RedisCommandClient } from './redis-client.js';
import { DEFAULT_REDIS_PREFIX, type RedisStoreOptions } from './store-options.js';

/**
 * Options of {@link createRedisLogLevelStore}. Its keys are
 * `<prefix>log-level:<client>`, one per client that set a level, expiring
 * when the level is no longer kept.
 */
export type RedisLogLevelStoreOptions = Omit<RedisStoreOptions, 'whenUnavailable'>;

/** The levels of `logging/setLevel`, as the protocol names them. */
const LEVELS: ReadonlySet<string> = new Set([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

type Level = NonNullable<Awaited<ReturnType<LogLevelStore['get']>>>;

function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && LEVELS.has(value);
}

/**
 * The store of the log levels MCP clients set (`logging/setLevel`) for
 * `@shiptrack/mcp-http` (`logLevelStore`), shared by N instances: the
 * request after `setLevel` finds the level on whichever instance it lands.
 * A level is one `SET ... PX`. While Redis is unreachable `set` throws
 * `RedisStoreUnavailableError` (the client is told its level was not kept)
 * and `get` does too (the server then sends the message).
 *
 * @example
 * const handler = createMcpHttpHandler({ logLevelStore: createRedisLogLevelStore(new Redis(url)) });
 */
export function createRedisLogLevelStore(
  redis: RedisCommandClient,
  options: RedisLogLevelStoreOptions = {},
): LogLevelStore {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const availability = new RedisAvailability({
    store: 'log-levels',
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    fallback: 'messages are sent at every level',
  });
  return {
    async get(client) {
      const value = await availability.run(() => redis.call('GET', `${prefix}log-level:${client}`));
      return isLevel(value) ? value : undefined;
    },
    async set(client, level, ttlMs) {
      const ttl = Math.max(1, Math.ceil(ttlMs));
      await availability.run(() =>
        redis.call('SET', `${prefix}log-level:${client}`, level, 'PX', ttl),
      );
    },
  };
}
