import { expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { createRedisStores } from '../src/index.js';
import { recordingLogger } from './recording-logger.js';

describeWithRedis('both stores from a URL', () => {
  const { server, connect } = useRedisServer();

  it('share one connection under one prefix, and close', async () => {
    const stores = createRedisStores(server().url, { prefix: 'url:' });
    await stores.rateLimit.acquire('k', 'default', 10, 60_000);
    expect(await stores.idempotency.claim('n1', 60_000)).toBe('claimed');
    await stores.close();
    const redis = connect();
    expect(await redis.zcard('url:rate:k:default')).toBe(1);
    expect(await redis.get('url:webhook:n1')).toMatch(/^lease:/);
  });

  it('close at once when Redis is unreachable, the stores keeping their failure modes', async () => {
    const logger = recordingLogger();
    await server().kill();
    const stores = createRedisStores(server().url, {
      rateLimit: { timeoutMs: 200, logger },
      idempotency: { timeoutMs: 200, logger },
    });
    expect((await stores.rateLimit.acquire('k', 'default', 10, 60_000)).waitMs).toBe(0);
    await expect(stores.idempotency.claim('n1', 60_000)).rejects.toThrow(
      /idempotency store is unavailable/,
    );
    await stores.close();
    expect(logger.warn).toHaveBeenCalledTimes(2);
    await server().restart();
  });
});
