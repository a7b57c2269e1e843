import type { TaskRecord } from '@shiptrack/mcp';
import { expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { createRedisTaskStore, RedisStoreUnavailableError } from '../src/index.js';
import { recordingLogger } from './recording-logger.js';

/** A working task of `account` created at `createdAt`. */
function task(
  taskId: string,
  account = 'acct-a',
  createdAt = '2025-03-01T00:00:00.000Z',
): TaskRecord {
  return {
    taskId,
    account,
    status: 'working',
    statusMessage: 'Waiting for the carrier.',
    createdAt,
    lastUpdatedAt: createdAt,
    ttlMs: 3_600_000,
    pollIntervalMs: 5_000,
    version: 1,
    work: { tool: 'track_container' },
  };
}

describeWithRedis('the Redis task store', () => {
  const { server: redisServer, connect } = useRedisServer();

  it('keeps a task for its account only, expiring with its TTL', async () => {
    const redis = connect();
    const store = createRedisTaskStore(redis, { prefix: 'own:' });
    await store.create(task('t1'));
    // Another instance on its own connection reads it back.
    const other = createRedisTaskStore(connect(), { prefix: 'own:' });
    expect(await other.get('acct-a', 't1')).toEqual(task('t1'));
    expect(await other.get('acct-b', 't1')).toBeUndefined();
    const ttl = await redis.pttl('own:task:{acct-a}:t1');
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });

  it('stores a write only over the version it was made from, and never over an ended task', async () => {
    const redis = connect();
    const store = createRedisTaskStore(redis, { prefix: 'cas:' });
    await store.create(task('t1'));
    const checked = { ...task('t1'), version: 2, statusMessage: 'Checked once.' };
    const cancelled = { ...task('t1'), version: 2, status: 'cancelled' as const };
    expect(await store.update(cancelled)).toBe(true);
    // The check started from version 1 too: it loses.
    expect(await store.update(checked)).toBe(false);
    // An ended task takes no write at all.
    expect(await store.update({ ...cancelled, version: 3, status: 'completed' })).toBe(false);
    expect(await store.get('acct-a', 't1')).toMatchObject({ status: 'cancelled', version: 2 });
    // The expiry is kept by the write.
    expect(await redis.pttl('cas:task:{acct-a}:t1')).toBeGreaterThan(3_500_000);
    expect(await store.update({ ...task('gone'), version: 2 })).toBe(false);
  });

  it("lists an account's tasks newest first, a page at a time, skipping expired ones", async () => {
    const redis = connect();
    const store = createRedisTaskStore(redis, { prefix: 'list:' });
    await store.create(task('old', 'acct-a', '2025-03-01T00:00:00.000Z'));
    await store.create(task('mid', 'acct-a', '2025-03-01T00:01:00.000Z'));
    await store.create(task('new', 'acct-a', '2025-03-01T00:02:00.000Z'));
    await store.create(task('theirs', 'acct-b'));
    const first = await store.list('acct-a', { limit: 2 });
    expect(first.tasks.map((t) => t.taskId)).toEqual(['new', 'mid']);
    expect(first.nextCursor).toBeDefined();
    const second = await store.list('acct-a', { limit: 2, cursor: first.nextCursor });
    expect(second).toEqual({ tasks: [expect.objectContaining({ taskId: 'old' })] });
    // What expiry does, without waiting for it.
    await redis.del('list:task:{acct-a}:mid');
    const after = await store.list('acct-a', { limit: 10 });
    expect(after.tasks.map((t) => t.taskId)).toEqual(['new', 'old']);
    expect(await redis.zrange('list:tasks:{acct-a}', '0', '-1')).toEqual(['old', 'new']);
  });

  it('leases a task to one holder at a time, renewable by it, released by it only', async () => {
    const store = createRedisTaskStore(connect(), { prefix: 'lease:' });
    expect(await store.lease('acct-a', 't1', 'instance-1', 30_000)).toBe(true);
    expect(await store.lease('acct-a', 't1', 'instance-2', 30_000)).toBe(false);
    expect(await store.lease('acct-a', 't1', 'instance-1', 30_000)).toBe(true);
    await store.release('acct-a', 't1', 'instance-2');
    expect(await store.lease('acct-a', 't1', 'instance-2', 30_000)).toBe(false);
    await store.release('acct-a', 't1', 'instance-1');
    expect(await store.lease('acct-a', 't1', 'instance-2', 30_000)).toBe(true);
  });

  it('throws RedisStoreUnavailableError while Redis is down, and warns once', async () => {
    const logger = recordingLogger();
    const store = createRedisTaskStore(connect(), { prefix: 'down:', timeoutMs: 200, logger });
    redisServer().pause();
    try {
      await expect(store.get('acct-a', 't1')).rejects.toBeInstanceOf(RedisStoreUnavailableError);
      await expect(store.get('acct-a', 't1')).rejects.toThrow(/tasks store is unavailable/);
    } finally {
      redisServer().resume();
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
