/** The `ts` snippets of the README, run (`pnpm typecheck` compiles them with the project). */
import { beforeAll } from 'vitest';
import { describeReadmeSnippets, packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/mcp-http': 'src/index.ts',
  '@shiptrack/mock-server': '../mock-server/src/index.ts',
});

beforeAll(() => readme.reset());

describeReadmeSnippets(readme, { atLeast: 2 });
