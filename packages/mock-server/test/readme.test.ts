/**
 * The `ts` snippets of the mock server's README: type-checked as a strict
 * user project would compile them, then run (msw in process, a real port).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageReadme } from '../../../test-support/readme-snippets.js';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

/** The README's shell recipe for CI: the `sh` block that reads `mock.json`. */
function ciRecipe(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((code) => code.includes('mock.json'));
  if (block === undefined) throw new Error('the README has no sh block reading mock.json');
  return block;
}

const readme = packageReadme(import.meta.url, {
  '@shiptrack/mock-server': 'src/index.ts',
  '@shiptrack/mock-server/msw': 'src/adapters/msw.ts',
});

beforeAll(() => readme.reset());

describe('README snippets', () => {
  it('has the msw and real-port snippets', () => {
    expect(readme.blocks.length).toBeGreaterThanOrEqual(2);
  });

  it('type-checks every snippet as a user would compile it (strict)', () => {
    expect(readme.typeCheck()).toEqual([]);
  });

  readme.blocks.forEach((_code, index) => {
    it(`runs snippet ${index + 1} without throwing`, async () => {
      await expect(import(readme.runnable(index))).resolves.toBeDefined();
    });
  });

  it('runs the shell recipe for CI as written (bin, JSON line, env, curl)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shiptrack-ci-recipe-'));
    const bin = `node --import ${tsxLoader} --conditions=shiptrack-source ${cli}`;
    const script = `set -e\n${ciRecipe().replaceAll('npx shiptrack-mock', bin)}\nkill $!\n`;
    try {
      const { stdout } = await promisify(execFile)('bash', ['-c', script], {
        cwd: dir,
        timeout: 30_000,
      });
      const body = JSON.parse(stdout) as { data: Array<{ type: string }> };
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data[0]?.type).toBe('shipment');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
