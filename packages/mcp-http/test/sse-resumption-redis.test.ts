/**
 * Resumable SSE answers across instances: two servers share their event
 * store through `--redis-url`, and an answer that broke on one is resumed
 * on the other, with the events written after the break.
 */
import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { type Host, MOCK_START, postRpc, startHost } from './support/host.js';
import { Gate, gatedCounterFactory, messageOf, required, sseOf } from './support/sse.js';

const COUNT_CALL = {
  jsonrpc: '2.0',
  id: 3,
  method: 'tools/call',
  params: { name: 'count', arguments: {}, _meta: { progressToken: 'across' } },
};

function resume(url: URL, lastEventId: string, apiKey: string): Promise<Response> {
  return fetch(url, {
    headers: {
      authorization: `Token ${apiKey}`,
      accept: 'text/event-stream',
      'last-event-id': lastEventId,
    },
  });
}

describeWithRedis('SSE answers resumed on another instance through --redis-url', () => {
  const redis = useRedisServer();
  let mock: RunningMockServer;
  let first: Host;
  let second: Host;
  let gate = new Gate();

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    const options = { redisUrl: redis.url(), createServer: gatedCounterFactory(() => gate) };
    first = await startHost(options, mock);
    second = await startHost(options, mock);
  });
  afterAll(async () => {
    gate.open();
    await first?.close();
    await second?.close();
    await mock?.close();
  });

  it('replays on instance B what instance A wrote after the break, up to the answer', async () => {
    gate = new Gate();
    const stream = sseOf(
      await postRpc(first.url, COUNT_CALL, { authorization: `Token ${DEMO_API_KEY}` }),
    );
    const priming = required(await stream.next(), 'a priming event');
    const progress = required(await stream.next(), 'a progress event');
    expect(priming.data).toBe('');
    await stream.cancel();

    const resumed = await resume(second.url, required(progress.id, 'an event id'), DEMO_API_KEY);
    expect(resumed.status).toBe(200);
    gate.open();
    const frames = (await sseOf(resumed).rest()).slice(1);
    expect(frames.map((frame) => messageOf(frame)?.method ?? 'answer')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'answer',
    ]);
    expect(messageOf(required(frames.at(-1), 'the answer'))).toMatchObject({
      id: 3,
      result: { content: [{ type: 'text', text: 'counted to 3' }] },
    });
    expect(second.logs.some((entry) => entry.method === 'GET' && entry.status === 200)).toBe(true);
    expect(first.logs.some((entry) => entry.method === 'GET')).toBe(false);
  });

  it('refuses another account on any instance, and keeps no API key in Redis', async () => {
    gate = new Gate();
    gate.open();
    const frames = await sseOf(
      await postRpc(first.url, COUNT_CALL, { authorization: `Token ${DEMO_API_KEY}` }),
    ).rest();
    const primingId = required(frames[0]?.id, 'a priming event id');
    const foreign = await resume(second.url, primingId, DEMO_SECOND_API_KEY);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toMatch(
      /belongs to another account/,
    );

    const observer = new Redis(redis.url());
    try {
      const keys = await observer.keys('shiptrack:sse:*');
      expect(keys.length).toBeGreaterThan(0);
      const stored = await Promise.all(
        keys.map(async (key) =>
          (await observer.type(key)) === 'hash'
            ? JSON.stringify(await observer.hgetall(key))
            : JSON.stringify(await observer.lrange(key, 0, -1)),
        ),
      );
      for (const value of stored) {
        expect(value).not.toContain(DEMO_API_KEY);
        expect(value).not.toContain(DEMO_SECOND_API_KEY);
      }
    } finally {
      await observer.quit();
    }
  });

  it('still sends the whole answer while Redis is down, without ids, and answers a resumption 503', async () => {
    gate = new Gate();
    gate.open();
    redis.server().pause();
    try {
      const frames = await sseOf(
        await postRpc(first.url, COUNT_CALL, { authorization: `Token ${DEMO_API_KEY}` }),
      ).rest();
      expect(frames.filter((frame) => frame.id)).toEqual([]);
      expect(messageOf(required(frames.at(-1), 'the answer'))).toMatchObject({ id: 3 });
      const resumed = await resume(second.url, `${'c'.repeat(36)}_1`, DEMO_API_KEY);
      expect(resumed.status).toBe(503);
      expect(resumed.headers.get('retry-after')).toBe('1');
      expect(((await resumed.json()) as { error: { message: string } }).error.message).toMatch(
        /event store is unavailable/,
      );
    } finally {
      redis.server().resume();
    }
    expect(first.errors.some((error) => String(error).includes('sse-events store'))).toBe(true);
  });
});
