/**
 * Live container updates shared by N server processes: a change announced
 * on a Redis channel per account (keyed by a hash of the account, never the
 * account's credential), and one poller per container (a lease key) with
 * the digest it last saw. The shapes are `ChangeFanout` and `PollCoordinator`
 * of `@shiptrack/mcp`, which this package does not depend on.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { accountTag } from './account-tag.js';
import type { RedisCommandClient } from './redis-client.js';
import { DELETE_IF_EQUAL, luaScript, runScript } from './scripts.js';
import { DEFAULT_REDIS_PREFIX, type SubscriptionSharingOptions } from './store-options.js';
import {
  createRedisSubscriptionCounter,
  type RedisSubscriptionCounter,
} from './subscription-counter.js';

/** One container of one account (`account` is already a hash of the credential). */
export interface SharedContainer {
  readonly account: string;
  readonly containerId: string;
}

/** Announces changes to every process (the `ChangeFanout` of `@shiptrack/mcp`). */
export interface RedisChangeFanout {
  publish(change: SharedContainer): Promise<void>;
  subscribe(account: string, listener: (containerId: string) => void): () => void;
}

/** One poller per container across processes (the `PollCoordinator` of `@shiptrack/mcp`). */
export interface RedisPollCoordinator {
  claim(container: SharedContainer, ttlMs: number): Promise<boolean>;
  lastDigest(container: SharedContainer): Promise<string | undefined>;
  storeDigest(
    container: SharedContainer,
    digest: string,
    options: { ttlMs: number; onlyIfAbsent?: boolean },
  ): Promise<void>;
  release(container: SharedContainer): Promise<void>;
}

/**
 * Takes the lease when it is free, or renews it when this process holds it.
 *
 * KEYS[1] the lease; ARGV: owner, lease ms. Returns 1 when this owner holds it.
 */
const CLAIM_OR_RENEW = luaScript(`
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not holder then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0
`);

/**
 * The poll lease and last digest of each container in Redis:
 * `<prefix>poll:lease:<account tag>:<container id>` (the holding process,
 * with a time-to-live) and `<prefix>poll:digest:...` (the digest of the
 * tracked attributes last seen, by any process).
 */
export function createRedisPollCoordinator(
  redis: RedisCommandClient,
  options: SubscriptionSharingOptions = {},
): RedisPollCoordinator {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const owner = randomUUID();
  const key = (kind: string, { account, containerId }: SharedContainer) =>
    `${prefix}poll:${kind}:${accountTag(account)}:${containerId}`;
  return {
    async claim(container, ttlMs) {
      const reply = await runScript(
        redis,
        CLAIM_OR_RENEW,
        [key('lease', container)],
        [owner, Math.max(1, Math.round(ttlMs))],
      );
      return reply === 1;
    },
    async lastDigest(container) {
      const reply = await redis.call('GET', key('digest', container));
      return typeof reply === 'string' ? reply : undefined;
    },
    async storeDigest(container, digest, { ttlMs, onlyIfAbsent }) {
      const ttl = Math.max(1, Math.round(ttlMs));
      const args = onlyIfAbsent ? ['PX', ttl, 'NX'] : ['PX', ttl];
      await redis.call('SET', key('digest', container), digest, ...args);
    },
    async release(container) {
      await runScript(redis, DELETE_IF_EQUAL, [key('lease', container)], [owner]);
    },
  };
}

/**
 * Change announcements over Redis pub/sub, one channel per account
 * (`<prefix>changes:<account tag>`): `publish` uses `publisher`, and the
 * process subscribes on `subscriber`, a connection of its own (a
 * subscribed connection takes no other commands). ioredis subscribes again
 * after a reconnection; a change announced while a process was cut off is
 * not replayed (the next change is heard).
 */
export function createRedisChangeFanout(
  publisher: RedisCommandClient,
  subscriber: Redis,
  options: SubscriptionSharingOptions = {},
): RedisChangeFanout {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const channelOf = (account: string) => `${prefix}changes:${accountTag(account)}`;
  const listeners = new Map<string, Set<(containerId: string) => void>>();
  subscriber.on('message', (channel: string, containerId: string) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) listener(containerId);
  });
  return {
    async publish({ account, containerId }) {
      await publisher.call('PUBLISH', channelOf(account), containerId);
    },
    subscribe(account, listener) {
      const channel = channelOf(account);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        subscriber.subscribe(channel).catch(() => {
          // ioredis subscribes again once it reconnects.
        });
      }
      set.add(listener);
      return () => {
        const current = listeners.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        listeners.delete(channel);
        subscriber.unsubscribe(channel).catch(() => {});
      };
    },
  };
}

/** The fanout, coordinator and counter on their two connections, and how to close them. */
export interface RedisSubscriptionSharing {
  readonly fanout: RedisChangeFanout;
  readonly coordinator: RedisPollCoordinator;
  /** The per-account cap counted across processes. */
  readonly counter: RedisSubscriptionCounter;
  /** Closes both connections. */
  close(): Promise<void>;
}

/**
 * Builds the fanout, the poll coordinator and the subscription counter on two connections to Redis at
 * `url` (commands, and the subscribed connection), each opened on its
 * first use: a host with no subscriber holds no connection. What a host
 * needs to share live container updates among its instances.
 */
export function createRedisSubscriptionSharing(
  url: string,
  options: SubscriptionSharingOptions = {},
): RedisSubscriptionSharing {
  const commands = new Redis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  // Outages are retried by ioredis; polls and announcements that fail are reported by the caller.
  commands.on('error', () => {});
  subscriber.on('error', () => {});
  const quit = async (redis: Redis) => {
    if (redis.status === 'ready') await redis.quit().catch(() => {});
    redis.disconnect();
  };
  return {
    fanout: createRedisChangeFanout(commands, subscriber, options),
    coordinator: createRedisPollCoordinator(commands, options),
    counter: createRedisSubscriptionCounter(commands, options),
    close: async () => {
      await Promise.all([quit(commands), quit(subscriber)]);
    },
  };
}
