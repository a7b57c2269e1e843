import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Resolve workspace packages to their TypeScript sources, so tests never need a build.
    conditions: ['shiptrack-source'],
  },
  ssr: {
    resolve: { conditions: ['shiptrack-source'] },
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'spec/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
