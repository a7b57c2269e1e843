/**
 * The shared state of `--redis-url`: the rate-limit store and the task store
 * of `@shiptrack/redis` on one connection, so every instance counts one API
 * key's requests in one window and answers for every task. Loaded only when
 * a URL is given: a server without Redis never loads ioredis.
 */
import type { TaskStore } from '@shiptrack/mcp';
import type { RateLimitStore } from '@shiptrack/sdk';

/** The shared stores and the connection behind them. */
export interface SharedRateLimits {
  readonly store: RateLimitStore;
  /** `track_container` tasks and their results. */
  readonly taskStore: TaskStore;
  /** Closes the Redis connection (after the commands already sent are answered). */
  close(): Promise<void>;
}

/** Outage warnings and recoveries go to stderr: stdout carries the CLI's one JSON line. */
const stderrLogger = {
  warn: (line: string) => console.error(line),
  info: (line: string) => console.error(line),
};

/**
 * Connects to Redis at `url` (`redis://` or `rediss://`, possibly with a
 * password: it is never logged). While Redis is unreachable the rate-limit
 * store fails open, as `@shiptrack/redis` does by default: each instance
 * limits itself in memory and warns once per outage; task calls fail with
 * an error until it answers again.
 */
export async function connectSharedRateLimits(url: string): Promise<SharedRateLimits> {
  const [{ createRedisRateLimitStore, createRedisTaskStore }, { Redis }] = await Promise.all([
    import('@shiptrack/redis'),
    import('ioredis'),
  ]);
  const redis = new Redis(url);
  // Without a listener ioredis prints every failed reconnection; the stores report outages themselves.
  redis.on('error', () => {});
  return {
    store: createRedisRateLimitStore(redis, { logger: stderrLogger }),
    taskStore: createRedisTaskStore(redis, { logger: stderrLogger }),
    close: async () => {
      // QUIT waits for the replies to commands already sent; a client that is not ready just disconnects.
      if (redis.status === 'ready') await redis.quit().catch(() => {});
      redis.disconnect();
    },
  };
}
