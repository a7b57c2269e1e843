/**
 * The `ts` snippets of the mock server's README: type-checked as a strict
 * user project would compile them, then run (msw in process, a real port).
 * The CI recipes (shell and GitHub Actions) are run in `ci-recipe.test.ts`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/mock-server': 'src/index.ts',
  '@shiptrack/mock-server/msw': 'src/adapters/msw.ts',
});

beforeAll(() => readme.reset());

describe('README snippets', () => {
  it('has the msw, real-port and rate-limit snippets', () => {
    expect(readme.blocks.length).toBeGreaterThanOrEqual(3);
  });

  // A whole TypeScript program over the mock's and the SDK's sources: slow on a busy machine.
  it('type-checks every snippet as a user would compile it (strict)', () => {
    expect(readme.typeCheck()).toEqual([]);
  }, 120_000);

  readme.blocks.forEach((_code, index) => {
    it(`runs snippet ${index + 1} without throwing`, async () => {
      await expect(import(readme.runnable(index))).resolves.toBeDefined();
    });
  });
});
