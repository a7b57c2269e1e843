import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { createRedisRateLimitStore, RedisStoreUnavailableError } from '../src/index.js';
import { recordingLogger } from './recording-logger.js';

const WINDOW_MS = 60_000;

describeWithRedis('the Redis rate-limit store', () => {
  const { server: redisServer, connect } = useRedisServer();

  it('sends `limit` requests at once, then the next when the first leaves the window, plus the margin', async () => {
    const store = createRedisRateLimitStore(connect(), { prefix: 'first:' });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++)
      waits.push((await store.acquire('k', 'default', 3, WINDOW_MS)).waitMs);
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    // The first request went a few ms before the fourth asked: it waits the rest of the window.
    expect(waits[3]).toBeLessThanOrEqual(WINDOW_MS + 250);
    expect(waits[3]).toBeGreaterThan(WINDOW_MS + 250 - 1000);
  });

  it('shares one window among clients on separate connections', async () => {
    const a = createRedisRateLimitStore(connect(), { prefix: 'shared:' });
    const b = createRedisRateLimitStore(connect(), { prefix: 'shared:' });
    expect((await a.acquire('k', 'default', 2, WINDOW_MS)).waitMs).toBe(0);
    expect((await b.acquire('k', 'default', 2, WINDOW_MS)).waitMs).toBe(0);
    expect((await a.acquire('k', 'default', 2, WINDOW_MS)).waitMs).toBeGreaterThan(0);
  });

  it('counts each key and bucket apart', async () => {
    const store = createRedisRateLimitStore(connect(), { prefix: 'apart:' });
    await store.acquire('k', 'default', 1, WINDOW_MS);
    expect((await store.acquire('k', 'refresh_container', 1, WINDOW_MS)).waitMs).toBe(0);
    expect((await store.acquire('other', 'default', 1, WINDOW_MS)).waitMs).toBe(0);
    expect((await store.acquire('k', 'default', 1, WINDOW_MS)).waitMs).toBeGreaterThan(0);
  });

  it('gives a released slot back, so it no longer delays later requests', async () => {
    const store = createRedisRateLimitStore(connect(), { prefix: 'release:' });
    await store.acquire('k', 'default', 2, WINDOW_MS);
    const second = await store.acquire('k', 'default', 2, WINDOW_MS);
    const queued = await store.acquire('k', 'default', 2, WINDOW_MS);
    expect(queued.waitMs).toBeGreaterThan(0);
    await queued.release();
    await second.release();
    await second.release();
    expect((await store.acquire('k', 'default', 2, WINDOW_MS)).waitMs).toBe(0);
    expect((await store.acquire('k', 'default', 2, WINDOW_MS)).waitMs).toBeGreaterThan(0);
  });

  it('hands out one queue of slots under contention: no window ever holds more than the limit', async () => {
    const limit = 10;
    const windowMs = 1_000;
    const stores = [connect(), connect(), connect()].map((redis) =>
      createRedisRateLimitStore(redis, { prefix: 'fair:', marginMs: 0 }),
    );
    const slots = await Promise.all(
      stores.flatMap((store) =>
        Array.from({ length: 20 }, () => store.acquire('k', 'default', limit, windowMs)),
      ),
    );
    expect(slots.filter((slot) => slot.waitMs === 0)).toHaveLength(limit);
    // The log itself: every send time is at least a window after the one `limit` places earlier.
    const scores = (await connect().zrange('fair:rate:k:default', '0', '-1', 'WITHSCORES'))
      .filter((_, index) => index % 2 === 1)
      .map(Number);
    expect(scores).toHaveLength(60);
    for (let i = limit; i < scores.length; i++) {
      expect(scores[i]).toBeGreaterThanOrEqual((scores[i - limit] ?? 0) + windowMs);
    }
  });

  it('lets the log expire once its last send time stops counting (window plus margin)', async () => {
    const redis = connect();
    const store = createRedisRateLimitStore(redis, { prefix: 'expiry:' });
    await store.acquire('k', 'default', 1, WINDOW_MS);
    const queued = await store.acquire('k', 'default', 1, WINDOW_MS);
    const ttl = await redis.pttl('expiry:rate:k:default');
    expect(ttl).toBeGreaterThan(WINDOW_MS);
    expect(ttl).toBeLessThanOrEqual(queued.waitMs + WINDOW_MS + 250);
  });

  it('keeps counting a send time for the margin after its window, so a late request is covered', async () => {
    const store = createRedisRateLimitStore(connect(), { prefix: 'late:', marginMs: 60_000 });
    // A 1 ms window: without the margin the first send time would already have left it.
    await store.acquire('k', 'default', 1, 1);
    expect((await store.acquire('k', 'default', 1, 1)).waitMs).toBeGreaterThan(59_000);
  });

  it('takes windows and margins of fractional milliseconds', async () => {
    // Fail-closed, so a script error would reject instead of falling back to memory.
    const store = createRedisRateLimitStore(connect(), {
      prefix: 'fraction:',
      marginMs: 0.5,
      whenUnavailable: 'fail-closed',
    });
    await store.acquire('k', 'default', 1, 1_500.5);
    expect((await store.acquire('k', 'default', 1, 1_500.5)).waitMs).toBeGreaterThan(1_000);
  });

  it('loads its script again when Redis has forgotten it (NOSCRIPT)', async () => {
    const redis = connect();
    const store = createRedisRateLimitStore(redis, { prefix: 'noscript:' });
    await store.acquire('k', 'default', 5, WINDOW_MS);
    await redis.script('FLUSH');
    expect((await store.acquire('k', 'default', 5, WINDOW_MS)).waitMs).toBe(0);
    expect(await redis.zcard('noscript:rate:k:default')).toBe(2);
  });

  describe('while Redis is stopped', () => {
    it('fail-open (default): limits the process in memory, warns once, and shares again once Redis is back', async () => {
      const logger = recordingLogger();
      const redis = connect();
      const store = createRedisRateLimitStore(redis, { prefix: 'open:', timeoutMs: 200, logger });
      await store.acquire('k', 'default', 2, WINDOW_MS);
      await redisServer().kill();
      const during = [];
      for (let i = 0; i < 3; i++)
        during.push((await store.acquire('k', 'default', 2, WINDOW_MS)).waitMs);
      // The memory fallback starts empty: two at once, then the window.
      expect(during.slice(0, 2)).toEqual([0, 0]);
      expect(during[2]).toBeGreaterThan(0);
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(
        /unavailable to the rate-limit store .*each process limits itself in memory/,
      );
      await redisServer().restart();
      await eventually(async () => {
        await store.acquire('k', 'default', 2, WINDOW_MS);
        expect(logger.info).toHaveBeenCalledTimes(1);
      });
      expect(await redis.zcard('open:rate:k:default')).toBe(1);
    });

    it('fail-closed: rejects with RedisStoreUnavailableError, and drops a slot that lands late', async () => {
      const logger = recordingLogger();
      const redis = connect();
      const store = createRedisRateLimitStore(redis, {
        prefix: 'closed:',
        whenUnavailable: 'fail-closed',
        timeoutMs: 200,
        logger,
      });
      await store.acquire('k', 'default', 5, WINDOW_MS);
      await redisServer().kill();
      const failure = await store.acquire('k', 'default', 5, WINDOW_MS).catch((error) => error);
      expect(failure).toBeInstanceOf(RedisStoreUnavailableError);
      expect(failure).toMatchObject({ name: 'RedisStoreUnavailableError', store: 'rate-limit' });
      expect(failure.message).toMatch(/request was not sent/);
      // Presumed down for timeoutMs: the next call fails at once, without another time-out.
      await expect(store.acquire('k', 'default', 5, WINDOW_MS)).rejects.toThrow(
        RedisStoreUnavailableError,
      );
      await redisServer().restart();
      await eventually(() => store.acquire('k', 'default', 5, WINDOW_MS));
      // The reservation queued while Redis was down ran after reconnecting and was removed right after.
      expect(await redis.zcard('closed:rate:k:default')).toBe(1);
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.info).toHaveBeenCalledTimes(1);
    });
  });
});
