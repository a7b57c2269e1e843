import { expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import {
  createRedisChangeFanout,
  createRedisPollCoordinator,
  createRedisSubscriptionCounter,
} from '../src/index.js';

let containers = 0;
/** A container no other test used (the server lives for the whole file). */
function freshContainer() {
  containers += 1;
  return { account: 'a1b2c3d4e5f6', containerId: `container-${containers}` };
}

describeWithRedis('sharing live container updates through Redis', () => {
  const redis = useRedisServer();

  it('gives a container’s poll lease to one process at a time, renewed and released by its holder only', async () => {
    const container = freshContainer();
    const connection = redis.connect();
    const first = createRedisPollCoordinator(connection);
    const second = createRedisPollCoordinator(connection);
    expect(await first.claim(container, 60_000)).toBe(true);
    expect(await second.claim(container, 60_000)).toBe(false);
    expect(await first.claim(container, 60_000)).toBe(true); // renewed
    await second.release(container); // not its lease: nothing happens
    expect(await second.claim(container, 60_000)).toBe(false);
    await first.release(container);
    expect(await second.claim(container, 60_000)).toBe(true);
  });

  it('counts an account’s holds of every process against one cap, each hold once, and gives them back', async () => {
    const account = `account-${Math.random()}`;
    const connection = redis.connect();
    const first = createRedisSubscriptionCounter(connection);
    const second = createRedisSubscriptionCounter(connection);
    expect(await first.reserve(account, ['s1:c1', 's1:c2'], 2, 60_000)).toEqual({ ok: true });
    expect(await first.reserve(account, ['s1:c2'], 2, 60_000)).toEqual({ ok: true }); // held: once
    expect(await second.reserve(account, ['s2:c3'], 2, 60_000)).toEqual({
      ok: false,
      current: 2,
    });
    expect(await second.reserve('another account', ['s2:c3'], 2, 60_000)).toEqual({ ok: true });
    await first.release(account, ['s1:c1']);
    expect(await second.reserve(account, ['s2:c3'], 2, 60_000)).toEqual({ ok: true });
  });

  it('lets the holds of a process that stopped refreshing them lapse; refreshed ones stay', async () => {
    const account = `account-${Math.random()}`;
    const connection = redis.connect();
    const crashed = createRedisSubscriptionCounter(connection);
    const alive = createRedisSubscriptionCounter(connection);
    expect(await alive.reserve(account, ['s1:c1'], 2, 60_000)).toEqual({ ok: true });
    expect(await crashed.reserve(account, ['s2:c2'], 2, 1)).toEqual({ ok: true });
    await alive.refresh(account, ['s1:c1'], 60_000);
    await eventually(async () =>
      expect(await alive.reserve(account, ['s3:c3'], 2, 60_000)).toEqual({ ok: true }),
    );
    expect(await alive.reserve(account, ['s4:c4'], 2, 60_000)).toEqual({ ok: false, current: 2 });
  });

  it('lets a lease expire when its holder stops renewing it', async () => {
    const container = freshContainer();
    const connection = redis.connect();
    const first = createRedisPollCoordinator(connection);
    const second = createRedisPollCoordinator(connection);
    expect(await first.claim(container, 1)).toBe(true);
    await eventually(async () => expect(await second.claim(container, 60_000)).toBe(true));
  });

  it('keeps the digest one process stored for the others; a baseline never overwrites it', async () => {
    const container = freshContainer();
    const connection = redis.connect();
    const first = createRedisPollCoordinator(connection);
    const second = createRedisPollCoordinator(connection);
    expect(await second.lastDigest(container)).toBeUndefined();
    await first.storeDigest(container, 'before', { ttlMs: 60_000 });
    await second.storeDigest(container, 'baseline', { ttlMs: 60_000, onlyIfAbsent: true });
    expect(await second.lastDigest(container)).toBe('before');
    await second.storeDigest(container, 'after', { ttlMs: 60_000 });
    expect(await first.lastDigest(container)).toBe('after');
    const keys = await connection.keys('shiptrack:poll:*');
    for (const key of keys) expect(key).not.toContain(container.account);
  });

  it('announces a change to every process listening for the account, and to no other account', async () => {
    const container = freshContainer();
    const publisher = redis.connect();
    const heardByA: string[] = [];
    const heardByB: string[] = [];
    const heardByOther: string[] = [];
    const a = createRedisChangeFanout(publisher, redis.connect());
    const b = createRedisChangeFanout(publisher, redis.connect());
    const stopA = a.subscribe(container.account, (id) => heardByA.push(id));
    b.subscribe(container.account, (id) => heardByB.push(id));
    b.subscribe('ffffffffffff', (id) => heardByOther.push(id));
    // SUBSCRIBE is asynchronous: wait until Redis counts both subscribers of the channel.
    await eventually(async () => {
      const counts = (await publisher.pubsub(
        'NUMSUB',
        ...((await publisher.pubsub('CHANNELS', '*')) as string[]),
      )) as (string | number)[];
      expect(counts.filter((value) => typeof value === 'number' && value === 2)).toHaveLength(1);
    });
    await b.publish(container);
    await eventually(() => expect(heardByA).toEqual([container.containerId]));
    await eventually(() => expect(heardByB).toEqual([container.containerId]));
    stopA();
    await a.publish(container);
    await eventually(() => expect(heardByB).toHaveLength(2));
    expect(heardByA).toHaveLength(1);
    expect(heardByOther).toEqual([]);
  });
});
