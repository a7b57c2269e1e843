/**
 * The stores of `--redis-url`: `@shiptrack/redis` on one connection, so
 * every instance counts one API key's requests in one window, and a client
 * resumes a broken SSE answer on any instance. Loaded only when a URL is given: a server without Redis never
 * loads ioredis.
 */
import type { RateLimitStore } from '@shiptrack/sdk';
import type { SseEventStore } from '../events/event-store.js';

/** A shared rate-limit store and the connection behind it. */
export interface SharedRateLimits {
  readonly store: RateLimitStore;
  /** The SSE event store on the same connection: a broken answer resumes on any instance. */
  readonly eventStore: SseEventStore;
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
 * password: it is never logged). While Redis is unreachable the store
 * fails open, as `@shiptrack/redis` does by default: each instance limits
 * itself in memory and warns once per outage.
 */
export async function connectSharedRateLimits(url: string): Promise<SharedRateLimits> {
  const { createRedisStores } = await import('@shiptrack/redis');
  const stores = createRedisStores(url, {
    rateLimit: { logger: stderrLogger },
    events: { logger: stderrLogger },
  });
  return { store: stores.rateLimit, eventStore: stores.events, close: () => stores.close() };
}
