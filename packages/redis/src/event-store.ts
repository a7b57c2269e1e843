/**
 * The event store of resumable SSE answers (`@shiptrack/mcp-http`'s
 * `eventStore` option) in Redis: every instance stores the events of the
 * answers it writes, and any instance replays them to a client resuming
 * with `Last-Event-ID`. A stream is bound to the account that wrote its
 * first event; another account's read finds nothing.
 */
import type { Logger } from '@shiptrack/sdk';
import { RedisAvailability } from './availability.js';
import type { RedisCommandClient } from './redis-client.js';
import { luaScript, runScript } from './scripts.js';
import {
  type SseEventLimitOptions,
  type SseEventLogStore,
  type SseStoredEvent,
  type SseStoredPage,
  sseEventLimits,
  sseEventStore,
} from './sse-events.js';
import { DEFAULT_REDIS_PREFIX } from './store-options.js';

/** One stored event: its SSE id and data. */
export type RedisSseEvent = SseStoredEvent;

/** The events of one stream after a given event, oldest first. */
export type RedisSseEventPage = SseStoredPage;

/** The store: fits the `eventStore` option of `createMcpHttpHandler` as it is. */
export type RedisSseEventStore = SseEventLogStore;

/** Options of {@link createRedisEventStore}; its keys are `<prefix>sse:{<stream id>}:meta` and `:events`. */
export interface RedisEventStoreOptions extends SseEventLimitOptions {
  /** Prepended to every key. Default `shiptrack:`. */
  prefix?: string;
  /** How long one Redis command may take before Redis counts as unavailable, in ms. Default 1000. */
  timeoutMs?: number;
  /** Where the outage warning goes (`warn`) and its end (`info`). Default `console`. */
  logger?: Logger;
}

/**
 * Appends one event. KEYS: the stream's meta hash (owner, last sequence)
 * and its event list; ARGV: owner, data, events kept, TTL ms. Returns the
 * event's sequence number, or 0 when the stream belongs to another owner.
 */
const APPEND_EVENT = luaScript(`
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ARGV[1] then return 0 end
if not owner then redis.call('HSET', KEYS[1], 'owner', ARGV[1]) end
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
redis.call('RPUSH', KEYS[2], seq .. ':' .. ARGV[2])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return seq
`);

/**
 * The events after a sequence number, for their owner only. KEYS as
 * above; ARGV: owner, sequence. Returns nil for an unknown stream or
 * another owner's, else the entries `<sequence>:<data>` that follow.
 */
const READ_EVENTS = luaScript(`
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return false end
local last = tonumber(redis.call('HGET', KEYS[1], 'seq'))
local kept = redis.call('LLEN', KEYS[2])
local from = math.max(0, tonumber(ARGV[2]) - (last - kept))
return redis.call('LRANGE', KEYS[2], from, -1)
`);

/**
 * An SSE event store in Redis for `createMcpHttpHandler({ eventStore })`,
 * shared by every instance: a client whose SSE answer broke resumes on any
 * of them. Each stream keeps its last `maxEventsPerStream` events for
 * `ttlMs` after the last one; the owner (a hash of the account's API key,
 * computed by the handler) is checked inside Redis. While Redis is
 * unreachable the calls reject with `RedisStoreUnavailableError` (the
 * handler then sends events without ids, and answers resumptions 503), and
 * one warning per outage goes to the logger.
 *
 * @example
 * const handler = createMcpHttpHandler({
 *   eventStore: createRedisEventStore(new Redis(process.env.REDIS_URL)),
 * });
 */
export function createRedisEventStore(
  redis: RedisCommandClient,
  options: RedisEventStoreOptions = {},
): RedisSseEventStore {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const { ttlMs, maxEventsPerStream } = sseEventLimits(options);
  const availability = new RedisAvailability({
    store: 'sse-events',
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    fallback: 'SSE answers are not resumable',
  });
  // One hash tag per stream: both keys live in one slot of a Redis Cluster.
  const keysOf = (streamId: string) => [
    `${prefix}sse:{${streamId}}:meta`,
    `${prefix}sse:{${streamId}}:events`,
  ];

  return sseEventStore({
    async append(streamId, owner, data) {
      const sequence = await availability.run(() =>
        runScript(redis, APPEND_EVENT, keysOf(streamId), [owner, data, maxEventsPerStream, ttlMs]),
      );
      return Number(sequence);
    },

    async entriesAfter(streamId, owner, sequence) {
      const reply = await availability.run(() =>
        runScript(redis, READ_EVENTS, keysOf(streamId), [owner, sequence]),
      );
      if (!Array.isArray(reply)) return undefined;
      return reply.map((entry) => {
        const text = String(entry);
        const colon = text.indexOf(':');
        return { sequence: Number(text.slice(0, colon)), data: text.slice(colon + 1) };
      });
    },
  });
}
