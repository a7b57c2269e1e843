import { ForeignStreamError } from '@shiptrack/redis/sse-events';
import { describe, expect, it } from 'vitest';
import { MemorySseEventStore } from './memory-event-store.js';

const STREAM = 'aaaaaaaa-0000-4000-8000-000000000001';
const OTHER_STREAM = 'aaaaaaaa-0000-4000-8000-000000000002';

describe('MemorySseEventStore', () => {
  it('numbers events per stream and replays those after an id to their owner only', async () => {
    const store = new MemorySseEventStore();
    expect(await store.append(STREAM, 'owner', '')).toBe(`${STREAM}_1`);
    expect(await store.append(STREAM, 'owner', '{"n":1}')).toBe(`${STREAM}_2`);
    expect(await store.readAfter(`${STREAM}_1`, 'owner')).toEqual({
      streamId: STREAM,
      events: [{ id: `${STREAM}_2`, data: '{"n":1}' }],
    });
    expect(await store.readAfter(`${STREAM}_1`, 'someone else')).toBeUndefined();
    await expect(store.append(STREAM, 'someone else', '{}')).rejects.toBeInstanceOf(
      ForeignStreamError,
    );
    await expect(store.append('not a stream id', 'owner', '{}')).rejects.toThrow(TypeError);
    expect(await store.readAfter('garbage', 'owner')).toBeUndefined();
  });

  it('keeps the last maxEventsPerStream events of a stream', async () => {
    const store = new MemorySseEventStore({ maxEventsPerStream: 2 });
    for (let n = 1; n <= 4; n += 1) await store.append(STREAM, 'owner', `{"n":${n}}`);
    const page = await store.readAfter(`${STREAM}_1`, 'owner');
    expect(page?.events.map((event) => event.data)).toEqual(['{"n":3}', '{"n":4}']);
  });

  it('forgets a stream ttlMs after its last event, and the least recently written beyond maxStreams', async () => {
    let now = 0;
    const store = new MemorySseEventStore({ ttlMs: 1000, maxStreams: 1, now: () => now });
    await store.append(STREAM, 'owner', '{}');
    now = 999;
    await store.append(STREAM, 'owner', '{}');
    now = 1500;
    expect(await store.readAfter(`${STREAM}_1`, 'owner')).toBeDefined();
    now = 2000;
    expect(await store.readAfter(`${STREAM}_1`, 'owner')).toBeUndefined();
    expect(store.size).toBe(0);

    await store.append(STREAM, 'owner', '{}');
    await store.append(OTHER_STREAM, 'owner', '{}');
    expect(store.size).toBe(1);
    expect(await store.readAfter(`${STREAM}_1`, 'owner')).toBeUndefined();
    expect(await store.readAfter(`${OTHER_STREAM}_1`, 'owner')).toBeDefined();
  });

  it('refuses bounds that cannot work', () => {
    expect(() => new MemorySseEventStore({ maxEventsPerStream: 0 })).toThrow(
      /`maxEventsPerStream` must be a whole number above 0, got 0/,
    );
    expect(() => new MemorySseEventStore({ ttlMs: Number.NaN })).toThrow(/`ttlMs`/);
  });
});
