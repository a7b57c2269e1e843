/**
 * The `redis` readiness check of `--redis-url`: a PING on a connection of
 * its own, so `/readyz` says when the stores have fallen back to this
 * process's memory (rate limits) or fail (tasks, SSE resumption). Loaded
 * only when a URL is given.
 */
import type { ReadinessCheck } from '@shiptrack/ops';

/** A readiness check of Redis at `url`, and how to close its connection. */
export interface RedisCheck {
  readonly check: ReadinessCheck;
  close(): void;
}

/** Makes the check (the URL, which may hold a password, is never in its detail). */
export async function redisCheck(url: string): Promise<RedisCheck> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail a PING at once while disconnected rather than queueing it until Redis returns.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // The check reports outages; the client's own error events would only repeat them.
  redis.on('error', () => {});
  return {
    check: {
      name: 'redis',
      check: async () => {
        if (redis.status === 'wait') await redis.connect().catch(() => {});
        try {
          const reply = await redis.ping();
          return reply === 'PONG' ? { ok: true } : { ok: false, detail: `PING answered ${reply}` };
        } catch (error) {
          return {
            ok: false,
            detail: `Redis is unavailable (${error instanceof Error ? error.message : String(error)}); rate limits fall back to this process, tasks and SSE resumption fail`,
          };
        }
      },
    },
    close: () => redis.disconnect(),
  };
}
