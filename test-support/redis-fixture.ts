/**
 * The one Redis fixture of the tests: a `describe` that runs against a real
 * redis-server (or is skipped, saying how to install it), one server for the
 * file, and ioredis connections to it that are closed after each test.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import {
  hasRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from './redis-server.js';

/**
 * `describe(title, body)` when `redis-server` is installed; otherwise a
 * skipped `describe` whose title says how to install it.
 */
export function describeWithRedis(title: string, body: () => void): void {
  describe.skipIf(!hasRedisServer)(hasRedisServer ? title : REDIS_SERVER_MISSING, body);
}

/** What a test gets: the server (to kill, pause or restart) and fresh connections to it. */
export interface RedisFixture {
  server(): RedisServer;
  /** `redis://127.0.0.1:<port>` of the running server. */
  url(): string;
  connect(): Redis;
}

/**
 * Starts a redis-server before the tests of the `describe` it is called in
 * (call it before the hooks that use it: hooks run in order, and this one's
 * stop runs after theirs), closes connections after each test, stops the
 * server at the end.
 */
export function useRedisServer(): RedisFixture {
  let server: RedisServer | undefined;
  const connections: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((redis) => redis.quit().catch(() => {})));
  });
  afterAll(async () => {
    await server?.stop();
  });
  const running = (): RedisServer => {
    if (server === undefined) throw new Error('redis-server has not started');
    return server;
  };
  return {
    server: running,
    url: () => running().url,
    connect: () => {
      const redis = new Redis(running().url);
      // Outages are the point of some tests: the stores report them, not the client.
      redis.on('error', () => {});
      connections.push(redis);
      return redis;
    },
  };
}
