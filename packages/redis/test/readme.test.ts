/**
 * Every `ts` snippet of README.md (compiled by `pnpm typecheck`) is run with
 * `REDIS_URL` pointing at a real redis-server and `SVC_API_BASE_URL` /
 * `SVC_API_TOKEN` at the mock service. Blocks fenced as `ts fragment` are
 * left out.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { packageReadme } from '../../../test-support/readme-snippets.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/redis': 'src/index.ts',
  '@shiptrack/sdk': '../sdk/src/index.ts',
});

let service: RunningMockServer;

describe('README snippets', () => {
  beforeAll(() => readme.reset());

  it('has snippets to run (pnpm typecheck compiles them)', () => {
    expect(readme.blocks.length).toBeGreaterThanOrEqual(2);
  });
});

describeWithRedis('README snippets against Redis and the mock', () => {
  const redis = useRedisServer();
  beforeAll(async () => {
    service = await startMockServer({ clock: { mode: 'manual' } });
    vi.stubEnv('REDIS_URL', redis.url());
    vi.stubEnv('SVC_API_BASE_URL', service.url);
    vi.stubEnv('SVC_API_TOKEN', DEMO_API_KEY);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await service?.close();
  });

  readme.blocks.forEach((code, index) => {
    it(`runs snippet ${index + 1}: ${
      code
        .split('\n')
        .find((line) => line.startsWith('const'))
        ?.slice(0, 60) ?? ''
    }`, async () => {
      expect((await readme.run(index)).length).toBeGreaterThan(0);
    });
  });
});
