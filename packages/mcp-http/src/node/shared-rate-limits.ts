/**
 * What `--redis-url` shares: `@shiptrack/redis`'s stores on one
 * connection, so every instance counts one API key's requests in one
 * window, answers for every `track_container` task, resumes a broken SSE
 * answer, takes each answer to a question once and keeps each caller's
 * log level; and live container
 * updates (a channel per account, a poll lease per container and the
 * per-account subscription count, on two more connections). Loaded only when a URL is given: a server without Redis
 * never loads ioredis.
 */
import type {
  ChangeFanout,
  LogLevelStore,
  PollCoordinator,
  SubscriptionCounter,
  TaskStore,
  UsedRequestStateStore,
} from '@shiptrack/mcp';
import type { Logger, RateLimitStore } from '@shiptrack/sdk';
import type { SseEventStore } from '../events/event-store.js';

/** The shared stores, the sharing of live container updates, and the connections behind them. */
export interface SharedRateLimits {
  readonly store: RateLimitStore;
  /** The SSE event store on the same connection: a broken answer resumes on any instance. */
  readonly eventStore: SseEventStore;
  /** `track_container` tasks and their results. */
  readonly taskStore: TaskStore;
  /** The ids of accepted requestStates: each answer is taken once, on any instance. */
  readonly usedRequestStates: UsedRequestStateStore;
  /** Each caller's `logging/setLevel`, found by its next request on any instance. */
  readonly logLevels: LogLevelStore;
  /** Change announcements on a Redis channel per account. */
  readonly fanout: ChangeFanout;
  /** One poller per container across instances (a lease key), and the digest it last saw. */
  readonly coordinator: PollCoordinator;
  /** The per-account subscription cap counted across instances. */
  readonly counter: SubscriptionCounter;
  /** Closes the Redis connection (after the commands already sent are answered). */
  close(): Promise<void>;
}

/** By default outage warnings and recoveries go to stderr: stdout carries the CLI's one JSON line. */
const stderrLogger: Logger = {
  warn: (line: string) => console.error(line),
  info: (line: string) => console.error(line),
};

/**
 * Connects to Redis at `url` (`redis://` or `rediss://`, possibly with a
 * password: it is never logged). While Redis is unreachable the rate-limit
 * store fails open, as `@shiptrack/redis` does by default: each instance
 * limits itself in memory and warns once per outage (to `logger`); task calls fail with
 * an error until it answers again.
 */
export async function connectSharedRateLimits(
  url: string,
  logger: Logger = stderrLogger,
): Promise<SharedRateLimits> {
  const { createRedisStores, createRedisSubscriptionSharing } = await import('@shiptrack/redis');
  const stores = createRedisStores(url, {
    rateLimit: { logger },
    events: { logger },
    tasks: { logger },
    usedRequestStates: { logger },
    logLevels: { logger },
  });
  const sharing = createRedisSubscriptionSharing(url);
  return {
    store: stores.rateLimit,
    eventStore: stores.events,
    taskStore: stores.tasks,
    usedRequestStates: stores.usedRequestStates,
    logLevels: stores.logLevels,
    fanout: sharing.fanout,
    coordinator: sharing.coordinator,
    counter: sharing.counter,
    close: async () => {
      await Promise.all([stores.close(), sharing.close()]);
    },
  };
}
