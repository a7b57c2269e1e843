/**
 * Every `ts` snippet of README.md is type-checked as a strict user project
 * would compile it, then run against the mock service over real HTTP, the way
 * a reader would with `SVC_API_BASE_URL` and `SVC_API_TOKEN` set. Blocks
 * fenced as `ts fragment` are excerpts of a larger app and are left out.
 * Snippets are written under node_modules, so nothing lands in the work tree.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/sdk': 'src/index.ts',
  '@shiptrack/sdk/mapped': 'src/mapped/index.ts',
  '@shiptrack/sdk/webhooks': 'src/webhooks/index.ts',
  '@shiptrack/sdk/testing': 'src/testing.ts',
  '@shiptrack/sdk/spec': 'src/spec.ts',
});

let service: RunningMockServer;

beforeAll(async () => {
  service = await startMockServer({ port: 0, clock: { mode: 'manual' } });
  vi.stubEnv('SVC_API_BASE_URL', service.url);
  vi.stubEnv('SVC_API_TOKEN', DEMO_API_KEY);
  readme.reset();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await service.close();
});

describe('README snippets', () => {
  it('has snippets to run', () => {
    expect(readme.blocks.length).toBeGreaterThan(8);
  });

  it('type-checks every snippet as a user would compile it (strict)', () => {
    expect(readme.typeCheck()).toEqual([]);
    // A whole TypeScript program over the SDK's sources: slow on a busy machine.
  }, 120_000);

  readme.blocks.forEach((code, index) => {
    it(`runs snippet ${index + 1}: ${
      code
        .split('\n')
        .find((line) => line.startsWith('const'))
        ?.slice(0, 60) ?? ''
    }`, async () => {
      const logged: unknown[][] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
      try {
        await import(readme.runnable(index));
      } finally {
        spy.mockRestore();
      }
      expect(logged.length).toBeGreaterThan(0);
    });
  });
});
