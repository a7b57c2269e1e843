/**
 * The root README as a newcomer reads it: the two set-up commands come
 * first, exactly as CI runs the second; the package examples (compiled by
 * `pnpm typecheck`) run against a mock (the Redis one against a real
 * redis-server, skipped with advice without one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { packageReadme } from '../test-support/readme-snippets.js';
import {
  hasRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from '../test-support/redis-server.js';
import { repoRoot } from './support/spawned-start.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/sdk': 'packages/sdk/src/index.ts',
  '@shiptrack/mock-server': 'packages/mock-server/src/index.ts',
  '@shiptrack/redis': 'packages/redis/src/index.ts',
  '@shiptrack/mcp': 'packages/mcp/src/index.ts',
  '@shiptrack/mcp-http': 'packages/mcp-http/src/index.ts',
});
const text = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const packageManager = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string }
).packageManager;

let mock: RunningMockServer;
let redis: RedisServer | undefined;

beforeAll(async () => {
  readme.reset();
  mock = await startMockServer({ port: 0, clock: { mode: 'manual' }, rateLimits: false });
  vi.stubEnv('SVC_API_BASE_URL', mock.url);
  vi.stubEnv('SVC_API_TOKEN', DEMO_API_KEY);
  if (hasRedisServer) {
    redis = await startRedisServer();
    vi.stubEnv('REDIS_URL', redis.url);
  }
}, 30_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await redis?.kill();
  await mock?.close();
});

describe('README: the first five minutes', () => {
  it('opens with the two set-up commands, on the pinned pnpm', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    const pnpm = `npx -y ${packageManager}`;
    const commands = firstBlock.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(commands).toEqual([
      `${pnpm} install && ${pnpm} start`,
      `${pnpm} install && ${pnpm} test`,
    ]);
    // CI runs the second command as written.
    expect(readFileSync(join(repoRoot, '.ci', 'run'), 'utf8')).toContain(commands[1]);
  });

  it('names the ports and variables pnpm start really uses', async () => {
    const { DEFAULT_PORTS, PORT_SETTINGS } = await import('../scripts/start/options.js');
    for (const part of ['mcp', 'mock', 'auth'] as const) {
      expect(text).toContain(`${PORT_SETTINGS[part].flag}`);
      expect(text).toContain(PORT_SETTINGS[part].env);
      expect(text).toContain(String(DEFAULT_PORTS[part]));
    }
  });
});

describe('README: package examples', () => {
  it('has one example per package', () => {
    expect(readme.blocks).toHaveLength(5);
  });

  readme.blocks.forEach((code, index) => {
    const needsRedis = code.includes('@shiptrack/redis');
    it.skipIf(needsRedis && !hasRedisServer)(
      `runs example ${index + 1}${needsRedis && !hasRedisServer ? ` (skipped: ${REDIS_SERVER_MISSING})` : ''}`,
      async () => {
        const logged = await readme.run(index);
        expect(logged.length).toBeGreaterThan(0);
      },
      30_000,
    );
  });
});
