/**
 * One redis-server for a test file, and ioredis connections to it that are
 * closed after each test. Call {@link useRedisServer} inside the `describe`
 * that is skipped when `redis-server` is missing.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, type Mock, vi } from 'vitest';
import { type RedisServer, startRedisServer } from '../../../test-support/redis-server.js';

/** What a test gets: the server (to kill or restart) and fresh connections to it. */
export interface RedisFixture {
  server(): RedisServer;
  connect(): Redis;
}

/** Starts a redis-server before the tests, closes connections after each, stops it at the end. */
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
    connect: () => {
      const redis = new Redis(running().url);
      // Outages are the point of some tests: the stores report them, not the client.
      redis.on('error', () => {});
      connections.push(redis);
      return redis;
    },
  };
}

/** A logger whose calls a test can read. */
export interface RecordingLogger {
  warn: Mock<(message: string) => void>;
  info: Mock<(message: string) => void>;
}

/** A fresh {@link RecordingLogger}. */
export function recordingLogger(): RecordingLogger {
  return { warn: vi.fn(), info: vi.fn() };
}
