import { randomUUID } from 'node:crypto';
import {
  DEFAULT_IDEMPOTENCY_TTL_MS,
  type IdempotencyClaim,
  type IdempotencyStore,
} from '@shiptrack/sdk';
import { RedisAvailability, type WhenRedisUnavailable } from './availability.js';
import type { RedisCommandClient } from './redis-client.js';
import { CLAIM_NOTIFICATION, DELETE_IF_EQUAL, runScript } from './scripts.js';
import { DEFAULT_REDIS_PREFIX, type RedisStoreOptions } from './store-options.js';

/** Options of {@link createRedisIdempotencyStore}; its keys are `<prefix>webhook:<notification id>`. */
export interface RedisIdempotencyStoreOptions extends RedisStoreOptions {
  /**
   * The shortest time a processed notification id is kept, in ms; the
   * handler's `idempotencyTtlMs` applies when it is longer. Default
   * `DEFAULT_IDEMPOTENCY_TTL_MS` (72 hours): the service's whole retry
   * window (12 attempts, about 28 hours on the mock) with room to spare.
   */
  minTtlMs?: number;
  /**
   * While Redis is unreachable: `fail-closed` (default) throws
   * `RedisStoreUnavailableError`, so the handler answers 500 and the service
   * retries the delivery later; `fail-open` processes deliveries without
   * deduplication (a redelivery may run twice) and warns.
   */
  whenUnavailable?: WhenRedisUnavailable;
}

const DONE = 'done';

/**
 * A webhook idempotency store for `createWebhookHandler({ idempotency })`
 * shared by every receiver: a claim is a lease taken with `SET NX PX` (it
 * expires if the process dies mid-work), completion is kept for at least
 * `minTtlMs`, and a failed attempt releases its own lease only (never one
 * another process took after it expired), so the service's retry runs. See
 * the package README for the failure modes.
 *
 * @example
 * const handler = createWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   idempotency: createRedisIdempotencyStore(new Redis(process.env.REDIS_URL)),
 * });
 */
export function createRedisIdempotencyStore(
  redis: RedisCommandClient,
  options: RedisIdempotencyStoreOptions = {},
): IdempotencyStore {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const minTtlMs = options.minTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
  const failOpen = options.whenUnavailable === 'fail-open';
  const availability = new RedisAvailability({
    store: 'idempotency',
    timeoutMs: options.timeoutMs,
    logger: options.logger,
    fallback: failOpen
      ? 'deliveries are processed without deduplication'
      : 'deliveries are answered 500 for the service to retry',
  });
  /** The lease value of each claim this process holds, so it releases its own lease only. */
  const leases = new Map<string, string>();
  const keyOf = (id: string) => `${prefix}webhook:${id}`;
  const dropLease = (id: string, lease: string) =>
    runScript(redis, DELETE_IF_EQUAL, [keyOf(id)], [lease]);

  /** Runs a command; in fail-open mode a failure is only warned about (by the availability guard). */
  const attempt = async (command: () => Promise<unknown>) => {
    try {
      await availability.run(command);
    } catch (error) {
      if (!failOpen) throw error;
    }
  };

  return {
    async claim(id, leaseMs): Promise<IdempotencyClaim> {
      const lease = `lease:${randomUUID()}`;
      let claim: IdempotencyClaim;
      try {
        claim = await availability.run(
          async () => {
            const reply = await runScript(redis, CLAIM_NOTIFICATION, [keyOf(id)], [lease, leaseMs]);
            if (reply !== 'claimed' && reply !== 'done' && reply !== 'in_progress') {
              throw new Error(`unexpected reply ${String(reply)}`);
            }
            return reply;
          },
          () => dropLease(id, lease),
        );
      } catch (error) {
        if (!failOpen) throw error;
        return 'claimed';
      }
      if (claim === 'claimed') leases.set(id, lease);
      return claim;
    },

    async complete(id, ttlMs) {
      leases.delete(id);
      const keepMs = Math.ceil(Math.max(ttlMs, minTtlMs));
      await attempt(() => redis.call('SET', keyOf(id), DONE, 'PX', keepMs));
    },

    async release(id) {
      const lease = leases.get(id);
      // Without a lease of its own (a fail-open claim) there is nothing this process may delete.
      if (lease === undefined) return;
      leases.delete(id);
      await attempt(() => dropLease(id, lease));
    },
  };
}
