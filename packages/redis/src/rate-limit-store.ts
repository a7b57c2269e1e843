import { randomUUID } from 'node:crypto';
import { MemoryRateLimitStore, type RateLimitSlot, type RateLimitStore } from '@shiptrack/sdk';
import { RedisAvailability, type WhenRedisUnavailable } from './availability.js';
import type { RedisCommandClient } from './redis-client.js';
import { ACQUIRE_SLOT, runScript } from './scripts.js';
import { DEFAULT_REDIS_PREFIX, type RedisStoreOptions } from './store-options.js';

/** Options of {@link createRedisRateLimitStore}; its keys are `<prefix>rate:<key hash>:<bucket>`. */
export interface RedisRateLimitStoreOptions extends RedisStoreOptions {
  /**
   * While Redis is unreachable: `fail-open` (default) limits each process on
   * its own, in memory, and warns; `fail-closed` rejects the request with
   * `RedisStoreUnavailableError` before it is sent.
   */
  whenUnavailable?: WhenRedisUnavailable;
  /**
   * How late after its send time a request may reach the service and still
   * be counted, in ms (network jitter, a busy process): each send time
   * counts for the window plus this margin, so the service never sees more
   * than the limit in its window. Default 250, as the SDK's memory store.
   */
  marginMs?: number;
}

/**
 * A rate-limit store for `createClient({ rateLimit: { store } })` that keeps
 * one API key's counts in Redis, so every process using the key shares the
 * service's limits: a rolling window per key and bucket, computed atomically
 * by a Lua script on the Redis server's clock, slots handed out in the order
 * requests reach Redis, unused slots given back. See the package README for
 * the failure modes.
 *
 * @example
 * const redis = new Redis(process.env.REDIS_URL);
 * const client = createClient({ rateLimit: { store: createRedisRateLimitStore(redis) } });
 */
export function createRedisRateLimitStore(
  redis: RedisCommandClient,
  options: RedisRateLimitStoreOptions = {},
): RateLimitStore {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const marginMs = options.marginMs ?? 250;
  const failOpen = (options.whenUnavailable ?? 'fail-open') === 'fail-open';
  const fallback = new MemoryRateLimitStore({ marginMs });
  const availability = new RedisAvailability({
    store: 'rate-limit',
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    fallback: failOpen
      ? 'each process limits itself in memory'
      : 'requests are refused with RedisStoreUnavailableError',
  });

  const forget = (log: string, id: string) => redis.call('ZREM', log, id);

  return {
    async acquire(key, bucket, limit, windowMs): Promise<RateLimitSlot> {
      const log = `${prefix}rate:${key}:${bucket}`;
      const id = randomUUID();
      let waitMs: number;
      try {
        waitMs = await availability.run(
          async () => {
            const reply = await runScript(
              redis,
              ACQUIRE_SLOT,
              [log],
              [limit, windowMs, marginMs, id],
            );
            if (typeof reply !== 'number') throw new Error(`unexpected reply ${String(reply)}`);
            return reply;
          },
          () => forget(log, id),
        );
      } catch (error) {
        if (!failOpen) throw error;
        return fallback.acquire(key, bucket, limit, windowMs);
      }
      let released = false;
      return {
        waitMs,
        release: async () => {
          if (released) return;
          released = true;
          // In either mode a slot that cannot be given back stays reserved until its window
          // passes (later requests wait a little longer); the outage is warned about once.
          await availability.run(() => forget(log, id)).catch(() => {});
        },
      };
    },
  };
}
