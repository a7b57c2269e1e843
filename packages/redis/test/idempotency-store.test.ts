import { createWebhookHandler, DEFAULT_IDEMPOTENCY_TTL_MS } from '@shiptrack/sdk';
import { createSignedDelivery } from '@shiptrack/sdk/testing';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { createRedisIdempotencyStore, RedisStoreUnavailableError } from '../src/index.js';
import { recordingLogger } from './recording-logger.js';

const LEASE_MS = 60_000;
const SECRET = 'whsec_redis_test';

describeWithRedis('the Redis idempotency store', () => {
  const { server: redisServer, connect } = useRedisServer();

  it('claims an id once, reports it in progress to others, and done after completion', async () => {
    const first = createRedisIdempotencyStore(connect(), { prefix: 'claim:' });
    const second = createRedisIdempotencyStore(connect(), { prefix: 'claim:' });
    expect(await first.claim('n1', LEASE_MS)).toBe('claimed');
    expect(await second.claim('n1', LEASE_MS)).toBe('in_progress');
    await first.complete('n1', 1000);
    expect(await second.claim('n1', LEASE_MS)).toBe('done');
  });

  it('takes the claim as a lease that expires after leaseMs', async () => {
    const redis = connect();
    const store = createRedisIdempotencyStore(redis, { prefix: 'lease:' });
    await store.claim('n1', 5_000);
    const ttl = await redis.pttl('lease:webhook:n1');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    // What expiry does, without waiting for it: the id is claimable again.
    await redis.del('lease:webhook:n1');
    expect(await store.claim('n1', 5_000)).toBe('claimed');
  });

  it('keeps a completed id for at least minTtlMs (default: 72 hours), or longer when asked', async () => {
    const redis = connect();
    const store = createRedisIdempotencyStore(redis, { prefix: 'ttl:' });
    await store.claim('short', LEASE_MS);
    await store.complete('short', 1_000);
    expect(await redis.pttl('ttl:webhook:short')).toBeGreaterThan(
      DEFAULT_IDEMPOTENCY_TTL_MS - 60_000,
    );
    const longer = DEFAULT_IDEMPOTENCY_TTL_MS * 2;
    await store.complete('long', longer);
    expect(await redis.pttl('ttl:webhook:long')).toBeGreaterThan(longer - 60_000);
    const custom = createRedisIdempotencyStore(redis, { prefix: 'ttl:', minTtlMs: 10_000 });
    await custom.complete('custom', 1_000);
    expect(await redis.pttl('ttl:webhook:custom')).toBeLessThanOrEqual(10_000);
  });

  it('releases a failed attempt, so the retry runs', async () => {
    const store = createRedisIdempotencyStore(connect(), { prefix: 'release:' });
    await store.claim('n1', LEASE_MS);
    await store.release('n1');
    expect(await store.claim('n1', LEASE_MS)).toBe('claimed');
  });

  it('never releases a lease another process took after its own expired', async () => {
    const redis = connect();
    const slow = createRedisIdempotencyStore(redis, { prefix: 'own:' });
    const other = createRedisIdempotencyStore(connect(), { prefix: 'own:' });
    await slow.claim('n1', LEASE_MS);
    await redis.del('own:webhook:n1'); // the slow attempt's lease expires
    expect(await other.claim('n1', LEASE_MS)).toBe('claimed');
    await slow.release('n1');
    expect(await other.claim('n1', LEASE_MS)).toBe('in_progress');
  });

  it('releases nothing it did not claim: neither another lease nor a completion', async () => {
    const holder = createRedisIdempotencyStore(connect(), { prefix: 'foreign:' });
    const stranger = createRedisIdempotencyStore(connect(), { prefix: 'foreign:' });
    await holder.claim('n1', LEASE_MS);
    await stranger.release('n1');
    expect(await stranger.claim('n1', LEASE_MS)).toBe('in_progress');
    await holder.complete('n1', 1_000);
    await stranger.release('n1');
    expect(await stranger.claim('n1', LEASE_MS)).toBe('done');
  });

  it('runs a handler once when two receivers get the same delivery at once, and its retries', async () => {
    const runs: string[] = [];
    const receivers = [connect(), connect()].map((redis) =>
      createWebhookHandler({
        secret: SECRET,
        idempotency: createRedisIdempotencyStore(redis, { prefix: 'handler:' }),
        onAny: (event) => {
          runs.push(event.id);
        },
        onError: () => {},
      }),
    );
    const delivery = await createSignedDelivery('container.updated', { secret: SECRET });
    const statuses = await Promise.all(
      [...receivers, ...receivers].map(
        async (handler) => (await handler(delivery.toRequest())).status,
      ),
    );
    // One 200 ran the handler; copies got 409 (still running) or 200 duplicate (already done).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const handler of receivers) {
      const retry = await handler(delivery.toRequest());
      expect(await retry.json()).toEqual({ received: true, duplicate: true });
    }
    expect(runs).toEqual([delivery.id]);
  });

  describe('while Redis is stopped', () => {
    it('fail-closed (default): the delivery is answered 500, and its retry runs once Redis is back', async () => {
      const logger = recordingLogger();
      const runs: string[] = [];
      const errors: Error[] = [];
      const handler = createWebhookHandler({
        secret: SECRET,
        idempotency: createRedisIdempotencyStore(connect(), {
          prefix: 'closed:',
          timeoutMs: 200,
          logger,
        }),
        onAny: (event) => {
          runs.push(event.id);
        },
        onError: (error) => {
          errors.push(error);
        },
      });
      const delivery = await createSignedDelivery('container.updated', { secret: SECRET });
      await redisServer().kill();
      expect((await handler(delivery.toRequest())).status).toBe(500);
      expect(errors[0]?.cause).toBeInstanceOf(RedisStoreUnavailableError);
      expect(runs).toEqual([]);
      await redisServer().restart();
      // The service retries until one attempt is answered 200.
      await eventually(async () => expect((await handler(delivery.toRequest())).status).toBe(200));
      expect((await (await handler(delivery.toRequest())).json()).duplicate).toBe(true);
      expect(runs).toEqual([delivery.id]);
      expect(logger.warn).toHaveBeenCalledTimes(1);
    });

    it('fail-open: processes the delivery without deduplication and warns', async () => {
      const logger = recordingLogger();
      const store = createRedisIdempotencyStore(connect(), {
        prefix: 'open:',
        whenUnavailable: 'fail-open',
        timeoutMs: 200,
        logger,
      });
      await redisServer().kill();
      expect(await store.claim('n1', LEASE_MS)).toBe('claimed');
      expect(await store.claim('n1', LEASE_MS)).toBe('claimed');
      await store.complete('n1', 1_000);
      await store.release('n2');
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(/without deduplication/);
      await redisServer().restart();
    });
  });
});
