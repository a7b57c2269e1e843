/**
 * `pnpm typecheck` compiles every README's `ts` blocks with the project, and
 * a block that does not compile fails it at the README's own line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/spawned-start.js';

const scratch = mkdtempSync(join(tmpdir(), 'shiptrack-typecheck-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the checker on one README written to the scratch folder. */
function checkReadme(markdown: string): { status: number | null; output: string } {
  const readme = join(scratch, 'README.md');
  writeFileSync(readme, markdown);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts', 'typecheck.ts'), '--readme', readme],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('pnpm typecheck on README blocks', () => {
  it('fails on a block that does not compile, at the README line, each block a module, fragments left out', () => {
    const { status, output } = checkReadme(
      [
        '# A package',
        '',
        '```ts',
        'const count: number = 1;',
        'export { count };',
        '```',
        '',
        '```ts',
        'const count: number = 2;',
        'const label: string = count;',
        'export { count, label };',
        '```',
        '',
        '```ts fragment',
        'const ignored: number = "not checked";',
        '```',
        '',
      ].join('\n'),
    );
    expect(status).toBe(1);
    // Both blocks declare `count`: only the wrong assignment is an error, at its README line.
    expect(output).toContain(
      "README.md:10:7 - error TS2322: Type 'number' is not assignable to type 'string'.",
    );
    expect(output).toContain('\n1 type error');
  });
});
