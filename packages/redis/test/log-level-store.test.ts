import { expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { createRedisLogLevelStore, RedisStoreUnavailableError } from '../src/index.js';
import { recordingLogger } from './recording-logger.js';

describeWithRedis('the Redis store of MCP clients’ log levels', () => {
  const { server: redisServer, connect } = useRedisServer();

  it('keeps a level set on one instance for another, for its time to live', async () => {
    const redis = connect();
    const first = createRedisLogLevelStore(redis, { prefix: 'll:' });
    const second = createRedisLogLevelStore(connect(), { prefix: 'll:' });
    expect(await second.get('client-1')).toBeUndefined();
    await first.set('client-1', 'error', 86_400_000);
    expect(await second.get('client-1')).toBe('error');
    expect(await second.get('client-2')).toBeUndefined();
    const ttl = await redis.pttl('ll:log-level:client-1');
    expect(ttl).toBeGreaterThan(86_000_000);
    expect(ttl).toBeLessThanOrEqual(86_400_000);
    await second.set('client-1', 'debug', 86_400_000);
    expect(await first.get('client-1')).toBe('debug');
    // A value that is no level (written by something else) is no level.
    await redis.set('ll:log-level:client-3', 'loud');
    expect(await first.get('client-3')).toBeUndefined();
  });

  it('throws RedisStoreUnavailableError while Redis is down, and warns once', async () => {
    const logger = recordingLogger();
    const store = createRedisLogLevelStore(connect(), { prefix: 'down:', timeoutMs: 200, logger });
    redisServer().pause();
    try {
      await expect(store.set('client-1', 'error', 60_000)).rejects.toBeInstanceOf(
        RedisStoreUnavailableError,
      );
      await expect(store.get('client-1')).rejects.toThrow(/log-levels store is unavailable/);
    } finally {
      redisServer().resume();
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
