import type { UsedRequestStateStore } from '@shiptrack/mcp';
import { RedisAvailability } from './availability.js';
import type { RedisCommandClient } from './redis-client.js';
import { DEFAULT_REDIS_PREFIX, type RedisStoreOptions } from './store-options.js';

/**
 * Options of {@link createRedisUsedRequestStateStore}. Its keys are
 * `<prefix>request-state:<state id>`, one per accepted state, expiring
 * when the state can no longer be used.
 */
export type RedisUsedRequestStateStoreOptions = Omit<RedisStoreOptions, 'whenUnavailable'>;

/**
 * The store of accepted `requestState`s for `@shiptrack/mcp`
 * (`createServer({ requestState: { usedStates } })`) and
 * `@shiptrack/mcp-http` (`usedRequestStateStore`), shared by N instances:
 * the answer to a question is taken once, on whichever instance it lands,
 * and a replay on any instance is refused. Taking a state is one
 * `SET NX PX`, so of two instances answered at once, one takes it. While
 * Redis is unreachable `take` throws `RedisStoreUnavailableError`: an
 * answer that cannot be checked is not taken (the tool is called again to
 * be asked anew).
 *
 * @example
 * const redis = new Redis(process.env.REDIS_URL);
 * const server = createServer({
 *   client,
 *   requestState: { key: process.env.REQUEST_STATE_KEY, usedStates: createRedisUsedRequestStateStore(redis) },
 * });
 */
export function createRedisUsedRequestStateStore(
  redis: RedisCommandClient,
  options: RedisUsedRequestStateStoreOptions = {},
): UsedRequestStateStore {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const availability = new RedisAvailability({
    store: 'request-states',
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    fallback: 'answers carrying a requestState are refused',
  });
  return {
    async take(id, ttlMs) {
      const key = `${prefix}request-state:${id}`;
      const ttl = Math.max(1, Math.ceil(ttlMs));
      const reply = await availability.run(() => redis.call('SET', key, '1', 'NX', 'PX', ttl));
      return reply === 'OK';
    },
  };
}
