import { expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { createRedisEventStore, RedisStoreUnavailableError } from '../src/index.js';
import { ForeignStreamError } from '../src/sse-events.js';
import { recordingLogger } from './recording-logger.js';

const STREAM = '0c9f8a2e-5b1d-4c3e-9a7f-1d2e3f4a5b6c';
const OWNER = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

describeWithRedis('the Redis SSE event store', () => {
  const { server: redisServer, connect } = useRedisServer();

  it('numbers the events of a stream and replays those after an id, through another connection', async () => {
    const writer = createRedisEventStore(connect(), { prefix: 'replay:' });
    const reader = createRedisEventStore(connect(), { prefix: 'replay:' });
    const ids = [
      await writer.append(STREAM, OWNER, ''),
      await writer.append(STREAM, OWNER, '{"n":1}'),
      await writer.append(STREAM, OWNER, '{"n":2}'),
    ];
    expect(ids).toEqual([`${STREAM}_1`, `${STREAM}_2`, `${STREAM}_3`]);
    expect(await reader.readAfter(`${STREAM}_1`, OWNER)).toEqual({
      streamId: STREAM,
      events: [
        { id: `${STREAM}_2`, data: '{"n":1}' },
        { id: `${STREAM}_3`, data: '{"n":2}' },
      ],
    });
    expect(await reader.readAfter(`${STREAM}_3`, OWNER)).toEqual({
      streamId: STREAM,
      events: [],
    });
  });

  it('binds a stream to the owner of its first event: another owner reads nothing and cannot write', async () => {
    const store = createRedisEventStore(connect(), { prefix: 'owner:' });
    await store.append(STREAM, OWNER, '{"secret":true}');
    expect(await store.readAfter(`${STREAM}_1`, OTHER)).toBeUndefined();
    await expect(store.append(STREAM, OTHER, '{}')).rejects.toThrow(/another account/);
    // The error of the memory store too: one logic behind both.
    await expect(store.append(STREAM, OTHER, '{}')).rejects.toBeInstanceOf(ForeignStreamError);
    expect(await store.readAfter(`${STREAM}_1`, OWNER)).toEqual({ streamId: STREAM, events: [] });
  });

  it('answers undefined for ids it never wrote', async () => {
    const store = createRedisEventStore(connect(), { prefix: 'unknown:' });
    expect(await store.readAfter(`${STREAM}_1`, OWNER)).toBeUndefined();
    expect(await store.readAfter('not-an-event-id', OWNER)).toBeUndefined();
    expect(await store.readAfter(`${STREAM}_0`, OWNER)).toBeUndefined();
  });

  it('keeps the last maxEventsPerStream events, and every key expires ttlMs after the last event', async () => {
    const redis = connect();
    const store = createRedisEventStore(redis, {
      prefix: 'bounded:',
      maxEventsPerStream: 3,
      ttlMs: 60_000,
    });
    for (let n = 1; n <= 5; n += 1) await store.append(STREAM, OWNER, `{"n":${n}}`);
    const page = await store.readAfter(`${STREAM}_1`, OWNER);
    expect(page?.events.map((event) => event.id)).toEqual([3, 4, 5].map((n) => `${STREAM}_${n}`));
    const after4 = await store.readAfter(`${STREAM}_4`, OWNER);
    expect(after4?.events).toEqual([{ id: `${STREAM}_5`, data: '{"n":5}' }]);
    for (const key of [`bounded:sse:{${STREAM}}:meta`, `bounded:sse:{${STREAM}}:events`]) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    expect(await redis.llen(`bounded:sse:{${STREAM}}:events`)).toBe(3);
  });

  it('refuses a stream id that could not have come from the handler', async () => {
    const store = createRedisEventStore(connect(), { prefix: 'ids:' });
    await expect(store.append('a}b', OWNER, '{}')).rejects.toThrow(/8 to 100 letters/);
  });

  it('rejects with RedisStoreUnavailableError while Redis is down, and warns once', async () => {
    const logger = recordingLogger();
    const store = createRedisEventStore(connect(), {
      prefix: 'down:',
      timeoutMs: 200,
      logger,
    });
    redisServer().pause();
    try {
      await expect(store.append(STREAM, OWNER, '{}')).rejects.toBeInstanceOf(
        RedisStoreUnavailableError,
      );
      await expect(store.readAfter(`${STREAM}_1`, OWNER)).rejects.toThrow(
        /sse-events store is unavailable/,
      );
    } finally {
      redisServer().resume();
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
