import { createHash } from 'node:crypto';
import type { RedisArgument, RedisCommandClient } from './redis-client.js';

/** A Lua script run by its SHA-1 (EVALSHA), loaded by EVAL the first time a server lacks it. */
export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
}

/** A script from its source. */
export function luaScript(source: string): LuaScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

/**
 * Reserves a send time in one bucket's rolling window, atomically, on the
 * server's clock: the sliding-window log of `MemoryRateLimitStore`, kept in
 * a sorted set (member: reservation id, score: send time in ms). Below the
 * limit the request goes now; otherwise when the request `limit` places
 * earlier has left the window, plus the margin. A send time counts for the
 * window plus the margin, not the window alone: a request that reaches the
 * service up to `margin` after its send time is still counted here, so a
 * request that finds room in the log never lands in the service's window
 * beside it (the margin covers lateness whether the request waited or not).
 * Redis runs scripts one at a time, so concurrent callers get slots in the
 * order they reach it (fair, no retry loop). The key expires when its last
 * send time stops counting.
 *
 * KEYS[1] the bucket's log; ARGV: limit, window ms, margin ms, reservation id.
 * Returns the wait in ms.
 */
export const ACQUIRE_SLOT = luaScript(`
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local margin = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local span = window + margin
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span)
local size = redis.call('ZCARD', KEYS[1])
local send_at = now
if size >= limit then
  local earlier = redis.call('ZRANGE', KEYS[1], size - limit, size - limit, 'WITHSCORES')
  send_at = math.max(now, tonumber(earlier[2]) + span)
end
redis.call('ZADD', KEYS[1], send_at, ARGV[4])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(last[2]) - now + span))
return send_at - now
`);

/**
 * Starts processing a notification unless it is in progress or done: a lease
 * taken with SET NX PX, so a dead process's claim expires.
 *
 * KEYS[1] the notification's key; ARGV: lease value, lease ms.
 * Returns `claimed`, `done` or `in_progress`.
 */
export const CLAIM_NOTIFICATION = luaScript(`
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 'claimed' end
if redis.call('GET', KEYS[1]) == 'done' then return 'done' end
return 'in_progress'
`);

/**
 * Deletes a key only while it still holds the given value: a lease is
 * released by its holder only, never after it expired and another process
 * took it.
 *
 * KEYS[1] the key; ARGV[1] the value it must hold. Returns 1 when deleted.
 */
export const DELETE_IF_EQUAL = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/**
 * Replaces a task record when the stored one is the version it was made
 * from and has not ended: a compare-and-set, so of two writers starting
 * from one version only the first is stored. The expiry is kept.
 *
 * KEYS[1] the task's key; ARGV: the new record (JSON), its version.
 * Returns 1 when stored, 0 when the task changed, ended or expired.
 */
export const UPDATE_TASK = luaScript(`
local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
local record = cjson.decode(stored)
if record.version ~= tonumber(ARGV[2]) - 1 then return 0 end
if record.status == 'completed' or record.status == 'failed' or record.status == 'cancelled' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
return 1
`);

/**
 * Takes or renews the lease on a task for its holder: free, or held by the
 * same holder, it is (re)set for the given time; held by another, not.
 *
 * KEYS[1] the lease's key; ARGV: holder, lease ms. Returns 1 when held.
 */
export const TAKE_LEASE = luaScript(`
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`);

/** Runs a script by SHA-1, loading it with EVAL when the server answers NOSCRIPT. */
export async function runScript(
  redis: RedisCommandClient,
  script: LuaScript,
  keys: readonly string[],
  args: readonly RedisArgument[],
): Promise<unknown> {
  try {
    return await redis.call('EVALSHA', script.sha1, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
    return redis.call('EVAL', script.source, keys.length, ...keys, ...args);
  }
}
