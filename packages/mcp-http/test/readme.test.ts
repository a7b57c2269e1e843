/** The `ts` snippets of the README: type-checked as a strict user project would, then run. */
import { beforeAll } from 'vitest';
import { describeReadmeSnippets, packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/mcp-http': 'src/index.ts',
  '@shiptrack/mock-server': '../mock-server/src/index.ts',
});

beforeAll(() => readme.reset());

describeReadmeSnippets(readme, { atLeast: 2 });
