import { defineConfig } from 'vitest/config';
import { isolatedTestFiles, TEST_FOLDERS } from './scripts/test/isolation.js';

const include = TEST_FOLDERS.map((folder) => `${folder}/**/*.test.ts`);
// Files whose own code does what a shared module graph cannot undo (msw, hooks in a helper).
const isolated = isolatedTestFiles(import.meta.dirname);

export default defineConfig({
  resolve: {
    // Resolve workspace packages to their TypeScript sources, so tests never need a build.
    conditions: ['shiptrack-source'],
  },
  ssr: {
    resolve: { conditions: ['shiptrack-source'] },
  },
  test: {
    // Hang guards, not measures: sized for a 2-core machine that other work keeps busy,
    // where a step of a second on a quiet machine can take ten. Tests wait for events;
    // a bug must fail a test by an assertion, not by reaching these.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include,
          exclude: isolated,
          // Modules stay loaded from one file to the next in a worker (scripts/test/isolation.ts).
          isolate: false,
          setupFiles: ['test-support/shared-worker.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
