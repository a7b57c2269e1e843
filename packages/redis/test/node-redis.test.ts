import { createClient } from 'redis';
import { expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import {
  createRedisIdempotencyStore,
  createRedisRateLimitStore,
  fromNodeRedis,
} from '../src/index.js';

describeWithRedis('the stores on node-redis through fromNodeRedis', () => {
  const { server } = useRedisServer();

  it('share a rate limit and deduplicate a notification', async () => {
    const client = await createClient({ url: server().url }).connect();
    try {
      const redis = fromNodeRedis(client);
      const limits = createRedisRateLimitStore(redis);
      expect((await limits.acquire('k', 'default', 1, 60_000)).waitMs).toBe(0);
      const queued = await limits.acquire('k', 'default', 1, 60_000);
      expect(queued.waitMs).toBeGreaterThan(59_000);
      await queued.release();
      expect(await client.zCard('shiptrack:rate:k:default')).toBe(1);

      const receivers = createRedisIdempotencyStore(redis);
      expect(await receivers.claim('n1', 60_000)).toBe('claimed');
      expect(await receivers.claim('n1', 60_000)).toBe('in_progress');
      await receivers.complete('n1', 60_000);
      expect(await receivers.claim('n1', 60_000)).toBe('done');
    } finally {
      client.destroy();
    }
  });
});
