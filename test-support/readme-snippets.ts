/**
 * README snippets as tests: every ` ```ts ` block of a package README is
 * written to a scratch folder and run. Blocks fenced as ` ```ts fragment `
 * are excerpts that need an application around them and are left out. The
 * blocks are type-checked by `pnpm typecheck`, in one program with the
 * project (`scripts/typecheck.ts`), not here.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readmeSnippets } from '../scripts/readme/snippets.js';

/** Empties (or creates) a scratch folder for snippet files. */
function freshScratchDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/** The snippets of one package's README, with what a test needs to check and run them. */
export interface PackageReadme {
  /** The runnable `ts` blocks, in order. */
  blocks: string[];
  /** Empties the scratch folder (call before the tests). */
  reset(): void;
  /** Writes block `index` with package imports pointed at the sources; returns its URL to import. */
  runnable(index: number): string;
  /** Runs block `index` (imports it); resolves with the arguments of each `console.log` it made. */
  run(index: number): Promise<unknown[][]>;
}

/**
 * Reads the README of the package a test file belongs to (`test/` one level
 * below the package). `sources` maps each package name a snippet imports to
 * its source entry, relative to the package folder.
 */
export function packageReadme(testFileUrl: string, sources: Record<string, string>): PackageReadme {
  const packageDir = join(dirname(fileURLToPath(testFileUrl)), '..');
  const scratchDir = join(packageDir, 'node_modules', '.cache', 'readme-snippets');
  const entries = Object.entries(sources).map(
    ([name, file]) => [name, join(packageDir, file)] as const,
  );
  const blocks = readmeSnippets(join(packageDir, 'README.md')).map((snippet) => snippet.code);
  return {
    blocks,
    reset: () => freshScratchDir(scratchDir),
    runnable(index) {
      let code = blocks[index] ?? '';
      for (const [name, file] of entries) {
        code = code.replaceAll(`from '${name}'`, `from '${pathToFileURL(file).href}'`);
      }
      const file = join(scratchDir, `snippet-${index + 1}.ts`);
      writeFileSync(file, code);
      return pathToFileURL(file).href;
    },
    async run(index) {
      const logged: unknown[][] = [];
      const log = console.log;
      console.log = (...args: unknown[]) => {
        logged.push(args);
      };
      try {
        await import(this.runnable(index));
      } finally {
        console.log = log;
      }
      return logged;
    },
  };
}

/** What {@link describeReadmeSnippets} asks of a README besides compiling and running. */
export interface SnippetChecks {
  /** The fewest runnable blocks the README must have. */
  atLeast: number;
  /** Each block must print something (`console.log`), as a walkthrough does. */
  mustPrint?: boolean;
}

/** A test title for a block: its first `const` line, if any. */
function snippetTitle(code: string): string {
  return (
    code
      .split('\n')
      .find((line) => line.startsWith('const'))
      ?.slice(0, 60) ?? ''
  );
}

/**
 * The README snippet tests the packages share: enough blocks, and each run
 * without throwing (and printing, with `mustPrint`). Call `readme.reset()`
 * in a `beforeAll` first.
 */
export function describeReadmeSnippets(readme: PackageReadme, checks: SnippetChecks): void {
  describe('README snippets', () => {
    it(`has at least ${checks.atLeast} snippets to run`, () => {
      expect(readme.blocks.length).toBeGreaterThanOrEqual(checks.atLeast);
    });

    readme.blocks.forEach((code, index) => {
      it(`runs snippet ${index + 1}: ${snippetTitle(code)}`, async () => {
        if (checks.mustPrint) expect((await readme.run(index)).length).toBeGreaterThan(0);
        else await expect(import(readme.runnable(index))).resolves.toBeDefined();
      });
    });
  });
}
