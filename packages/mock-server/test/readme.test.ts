/**
 * The `ts` snippets of the mock server's README: type-checked as a strict
 * user project would compile them, then run (msw in process, a real port).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  freshScratchDir,
  readmeSnippets,
  typeCheckSnippets,
} from '../../../test-support/readme-snippets.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const workDir = join(packageDir, 'node_modules', '.cache', 'readme-snippets');
const sources = {
  '@shiptrack/mock-server': join(packageDir, 'src', 'index.ts'),
  '@shiptrack/mock-server/msw': join(packageDir, 'src', 'adapters', 'msw.ts'),
};

beforeAll(() => freshScratchDir(workDir));

describe('README snippets', () => {
  const blocks = readmeSnippets(join(packageDir, 'README.md'));

  it('has the msw and real-port snippets', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it('type-checks every snippet as a user would compile it (strict)', () => {
    expect(typeCheckSnippets(blocks, workDir, sources)).toEqual([]);
  });

  blocks.forEach((code, index) => {
    it(`runs snippet ${index + 1} without throwing`, async () => {
      let runnable = code;
      for (const [name, source] of Object.entries(sources)) {
        runnable = runnable.replaceAll(`from '${name}'`, `from '${pathToFileURL(source).href}'`);
      }
      const file = join(workDir, `snippet-${index + 1}.ts`);
      writeFileSync(file, runnable);
      await expect(import(pathToFileURL(file).href)).resolves.toBeDefined();
    });
  });
});
