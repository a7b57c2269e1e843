import { type Counter, type MeterProvider, metrics } from '@opentelemetry/api';
import type { Logger } from '@shiptrack/sdk';
import { type RedisStoreName, RedisStoreUnavailableError } from './errors.js';

/**
 * What a store does while Redis is unreachable: `fail-open` carries on
 * without Redis (and warns), `fail-closed` throws
 * {@link RedisStoreUnavailableError}.
 */
export type WhenRedisUnavailable = 'fail-open' | 'fail-closed';

/** How long a Redis command may take by default before Redis counts as unavailable, in ms. */
export const DEFAULT_REDIS_TIMEOUT_MS = 1000;

/** The counters of Redis outages, on the meter provider registered now. */
interface RedisCounters {
  /** `shiptrack.redis.unavailable`: commands Redis could not run (for a fail-open store, each a fallback). */
  readonly unavailable: Counter;
  /** `shiptrack.redis.outages`: times a store found Redis unavailable after it had answered. */
  readonly outages: Counter;
}

let counters: { provider: MeterProvider; counters: RedisCounters } | undefined;

/** The counters (OpenTelemetry's API: no-ops unless the host registered an SDK). */
function redisCounters(): RedisCounters {
  const provider = metrics.getMeterProvider();
  if (counters?.provider === provider) return counters.counters;
  const meter = provider.getMeter('@shiptrack/redis');
  const made: RedisCounters = {
    unavailable: meter.createCounter('shiptrack.redis.unavailable', {
      description:
        'Redis commands a store could not run (Redis down or slow); a fail-open store fell back for each.',
      unit: '{command}',
    }),
    outages: meter.createCounter('shiptrack.redis.outages', {
      description: 'Times a store found Redis unavailable.',
      unit: '{outage}',
    }),
  };
  counters = { provider, counters: made };
  return made;
}

/** What {@link RedisAvailability} needs. */
export interface RedisAvailabilityOptions {
  store: RedisStoreName;
  /** Named in the warning: what the store does while Redis is away. */
  fallback: string;
  /** Default {@link DEFAULT_REDIS_TIMEOUT_MS}. */
  timeoutMs?: number | undefined;
  /** Default `console`. */
  logger?: Logger | undefined;
}

/**
 * Runs a store's Redis commands under a time limit and turns every failure
 * into a {@link RedisStoreUnavailableError}. After a failure it does not try
 * Redis again for `timeoutMs` (calls fail at once), so a dead Redis costs at
 * most one time-out per `timeoutMs`, not one per request. It warns once when
 * Redis becomes unavailable and says when it answers again.
 */
export class RedisAvailability {
  readonly #store: RedisStoreName;
  readonly #fallback: string;
  readonly #timeoutMs: number;
  readonly #logger: Logger;
  #lastFailure: RedisStoreUnavailableError | undefined;
  #retryAt = 0;

  constructor(options: RedisAvailabilityOptions) {
    this.#store = options.store;
    this.#fallback = options.fallback;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
    this.#logger = options.logger ?? console;
  }

  /**
   * Runs `command`, or rejects with {@link RedisStoreUnavailableError} when
   * Redis fails or is presumed down. When the command was sent but failed
   * or timed out, `undo` is sent once the command settles (its outcome
   * ignored): a client that queues commands while reconnecting may still
   * run the command later, and the undo then runs right after it.
   */
  async run<T>(command: () => Promise<T>, undo?: () => Promise<unknown>): Promise<T> {
    const store = this.#store;
    const timeoutMs = this.#timeoutMs;
    const logger = this.#logger;
    if (this.#lastFailure !== undefined && Date.now() < this.#retryAt) {
      redisCounters().unavailable.add(1, { 'shiptrack.redis.store': store });
      throw new RedisStoreUnavailableError(store, 'it failed moments ago', {
        cause: this.#lastFailure.cause,
      });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const pending = command();
    try {
      const result = await Promise.race([pending, timeout]);
      if (this.#lastFailure !== undefined) {
        this.#lastFailure = undefined;
        logger.info?.(`[shiptrack redis] Redis answers the ${store} store again.`);
      }
      return result;
    } catch (cause) {
      const detail = cause instanceof Error ? cause.message : String(cause);
      if (undo !== undefined) pending.then(undo, undo).catch(() => {});
      const error = new RedisStoreUnavailableError(store, detail, { cause });
      redisCounters().unavailable.add(1, { 'shiptrack.redis.store': store });
      if (this.#lastFailure === undefined) {
        redisCounters().outages.add(1, { 'shiptrack.redis.store': store });
        logger.warn?.(
          `[shiptrack redis] Redis is unavailable to the ${store} store (${detail}); ${this.#fallback} until it answers again.`,
        );
      }
      this.#lastFailure = error;
      this.#retryAt = Date.now() + timeoutMs;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
