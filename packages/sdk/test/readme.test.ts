/**
 * Every `ts` snippet of README.md (compiled by `pnpm typecheck` with the
 * project) is run against the mock service over real HTTP, the way
 * a reader would with `SVC_API_BASE_URL` and `SVC_API_TOKEN` set. Blocks
 * fenced as `ts fragment` are excerpts of a larger app and are left out.
 * Snippets are written under node_modules, so nothing lands in the work tree.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, vi } from 'vitest';
import { describeReadmeSnippets, packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/sdk': 'src/index.ts',
  '@shiptrack/sdk/mapped': 'src/mapped/index.ts',
  '@shiptrack/sdk/webhooks': 'src/webhooks/index.ts',
  '@shiptrack/sdk/testing': 'src/testing.ts',
  '@shiptrack/sdk/spec': 'src/spec.ts',
  '@shiptrack/sdk/node': 'src/node/index.ts',
  '@shiptrack/sdk/telemetry': 'src/telemetry/index.ts',
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

describeReadmeSnippets(readme, { atLeast: 9, mustPrint: true });
