/**
 * The `ts` snippets of the mock server's README, run (msw in process, a real
 * port); `pnpm typecheck` compiles them with the project.
 * The CI recipes (shell and GitHub Actions) are run in `ci-recipe.test.ts`.
 */
import { beforeAll } from 'vitest';
import { describeReadmeSnippets, packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/mock-server': 'src/index.ts',
  '@shiptrack/mock-server/msw': 'src/adapters/msw.ts',
});

beforeAll(() => readme.reset());

describeReadmeSnippets(readme, { atLeast: 3 });
