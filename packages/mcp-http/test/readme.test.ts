/** The `ts` snippets of the README: type-checked as a strict user project would, then run. */
import { beforeAll, describe, expect, it } from 'vitest';
import { packageReadme } from '../../../test-support/readme-snippets.js';

const readme = packageReadme(import.meta.url, {
  '@shiptrack/mcp-http': 'src/index.ts',
  '@shiptrack/mock-server': '../mock-server/src/index.ts',
});

beforeAll(() => readme.reset());

describe('README snippets', () => {
  it('has the Node server and the serverless snippets', () => {
    expect(readme.blocks.length).toBeGreaterThanOrEqual(2);
  });

  // Compiles the MCP SDK's declarations with the snippets: slow on a busy machine.
  it('type-checks every snippet as a user would compile it (strict)', () => {
    expect(readme.typeCheck()).toEqual([]);
  }, 120_000);

  readme.blocks.forEach((_code, index) => {
    it(`runs snippet ${index + 1} without throwing`, async () => {
      await expect(import(readme.runnable(index))).resolves.toBeDefined();
    });
  });
});
