/**
 * The per-account subscription cap counted across server processes: one
 * sorted set per account of the holds (a connection's subscription to a
 * container) of every process, scored by when each lapses. A process
 * refreshes its holds while they are open, so the holds of a process that
 * crashed lapse on their own and stop counting.
 */
import { accountTag } from './account-tag.js';
import type { RedisCommandClient } from './redis-client.js';
import { luaScript, runScript } from './scripts.js';
import { DEFAULT_REDIS_PREFIX, type SubscriptionSharingOptions } from './store-options.js';

/** The per-account cap across processes (the `SubscriptionCounter` of `@shiptrack/mcp`). */
export interface RedisSubscriptionCounter {
  reserve(
    account: string,
    holds: readonly string[],
    limit: number,
    ttlMs: number,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly current: number }>;
  refresh(account: string, holds: readonly string[], ttlMs: number): Promise<void>;
  release(account: string, holds: readonly string[]): Promise<void>;
}

/**
 * Drops lapsed holds, then takes the given ones unless the account would
 * hold more than the limit (a hold already there counts once), on the
 * server's clock so that every process agrees on what lapsed.
 *
 * KEYS[1] the account's holds; ARGV: limit, ttl ms, holds...
 * Returns {1, count} when taken, {0, count before} when refused.
 */
const RESERVE_HOLDS = luaScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local current = redis.call('ZCARD', KEYS[1])
local fresh = 0
for i = 3, #ARGV do
  if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then fresh = fresh + 1 end
end
if current + fresh > tonumber(ARGV[1]) then return {0, current} end
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], now + ttl, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ttl)
return {1, current + fresh}
`);

/**
 * Keeps holds for another ttl (adding any that lapsed meanwhile).
 *
 * KEYS[1] the account's holds; ARGV: ttl ms, holds...
 */
const REFRESH_HOLDS = luaScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + ttl, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
`);

/**
 * The per-account subscription count in Redis at
 * `<prefix>subscriptions:<account tag>` (a sorted set of holds; the key
 * lapses with its last hold).
 */
export function createRedisSubscriptionCounter(
  redis: RedisCommandClient,
  options: SubscriptionSharingOptions = {},
): RedisSubscriptionCounter {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const keyOf = (account: string) => `${prefix}subscriptions:${accountTag(account)}`;
  const ms = (value: number) => Math.max(1, Math.round(value));
  return {
    async reserve(account, holds, limit, ttlMs) {
      const reply = await runScript(
        redis,
        RESERVE_HOLDS,
        [keyOf(account)],
        [limit, ms(ttlMs), ...holds],
      );
      const [taken, count] = Array.isArray(reply) ? reply : [];
      if (taken === 1) return { ok: true };
      if (taken === 0 && typeof count === 'number') return { ok: false, current: count };
      throw new Error(`Unexpected reply from Redis to the subscription count: ${String(reply)}`);
    },
    async refresh(account, holds, ttlMs) {
      if (holds.length === 0) return;
      await runScript(redis, REFRESH_HOLDS, [keyOf(account)], [ms(ttlMs), ...holds]);
    },
    async release(account, holds) {
      if (holds.length === 0) return;
      await redis.call('ZREM', keyOf(account), ...holds);
    },
  };
}
