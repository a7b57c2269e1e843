/**
 * The stores of `--redis-url`: `@shiptrack/redis` on one connection, so
 * every instance counts one API key's requests in one window, answers for
 * every `track_container` task, and resumes a broken SSE answer. Loaded
 * only when a URL is given: a server without Redis never loads ioredis.
 */
import type { TaskStore } from '@shiptrack/mcp';
import type { RateLimitStore } from '@shiptrack/sdk';
import type { SseEventStore } from '../events/event-store.js';

/** The shared stores and the connection behind them. */
export interface SharedRateLimits {
  readonly store: RateLimitStore;
  /** The SSE event store on the same connection: a broken answer resumes on any instance. */
  readonly eventStore: SseEventStore;
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
  const { createRedisStores } = await import('@shiptrack/redis');
  const stores = createRedisStores(url, {
    rateLimit: { logger: stderrLogger },
    events: { logger: stderrLogger },
    tasks: { logger: stderrLogger },
  });
  return {
    store: stores.rateLimit,
    eventStore: stores.events,
    taskStore: stores.tasks,
    close: () => stores.close(),
  };
}
