import { expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { createRedisUsedRequestStateStore, RedisStoreUnavailableError } from '../src/index.js';
import { recordingLogger } from './recording-logger.js';

describeWithRedis('the Redis store of accepted requestStates', () => {
  const { server: redisServer, connect } = useRedisServer();

  it('takes a state once across instances, remembering it for its time to live', async () => {
    const redis = connect();
    const first = createRedisUsedRequestStateStore(redis, { prefix: 'rs:' });
    const second = createRedisUsedRequestStateStore(connect(), { prefix: 'rs:' });
    expect(await first.take('state-1', 660_000)).toBe(true);
    expect(await second.take('state-1', 660_000)).toBe(false);
    expect(await first.take('state-1', 660_000)).toBe(false);
    expect(await second.take('state-2', 660_000)).toBe(true);
    const ttl = await redis.pttl('rs:request-state:state-1');
    expect(ttl).toBeGreaterThan(650_000);
    expect(ttl).toBeLessThanOrEqual(660_000);
    // What expiry does, without waiting for it.
    await redis.del('rs:request-state:state-1');
    expect(await second.take('state-1', 660_000)).toBe(true);
  });

  it('gives one of many instances taking a state at once the state', async () => {
    const stores = Array.from({ length: 5 }, () =>
      createRedisUsedRequestStateStore(connect(), { prefix: 'race:' }),
    );
    const taken = await Promise.all(stores.map((store) => store.take('state-1', 60_000)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('throws RedisStoreUnavailableError while Redis is down (nothing is taken unchecked), and warns once', async () => {
    const logger = recordingLogger();
    const store = createRedisUsedRequestStateStore(connect(), {
      prefix: 'down:',
      timeoutMs: 200,
      logger,
    });
    redisServer().pause();
    try {
      await expect(store.take('state-1', 60_000)).rejects.toBeInstanceOf(
        RedisStoreUnavailableError,
      );
      await expect(store.take('state-1', 60_000)).rejects.toThrow(
        /request-states store is unavailable.*asked anew/,
      );
    } finally {
      redisServer().resume();
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
