/**
 * Which test files need a module graph of their own. vitest runs most files
 * in a worker that keeps its modules from one file to the next (`isolate:
 * false`): the SDK, the MCP server and the mock are imported once per worker
 * instead of once per file, which halves the suite's CPU time. A file runs
 * isolated when its own code (`own-sources.ts`) does what a shared module
 * graph cannot undo, by the rules of {@link ISOLATION_RULES}; the others
 * must leave the process as they found it, which `test-support/shared-worker.ts`
 * checks after each of them. See docs/decisions/0013-test-files-share-workers.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { type OwnSource, ownSources } from './own-sources.js';

/** A reason for a file to run in a module graph of its own. */
interface IsolationRule {
  why: string;
  /** Whether one module of the file's own code (`file`, its `source`) calls for it. */
  applies(source: string, file: string): boolean;
}

/** Why a file runs isolated; the first rule that applies is named. */
export const ISOLATION_RULES: readonly IsolationRule[] = [
  {
    why: "it starts msw, whose interception outlives server.close() in a worker's shared modules",
    applies: (source) => /from 'msw(?:\/node)?'/.test(source),
  },
  {
    why: 'a helper it imports registers vitest hooks when loaded, which a shared module graph does for the first file only',
    applies: (source, file) =>
      file.endsWith('.ts') &&
      !file.endsWith('.test.ts') &&
      /^(?:before|after)(?:All|Each)\(/m.test(source),
  },
];

/**
 * The test's own code, and the README beside its package when the test runs
 * that README's blocks (`packageReadme(...)` of test-support/readme-snippets.ts).
 */
function codeOf(testFile: string): OwnSource[] {
  const sources = ownSources(testFile);
  if (!sources[0]?.source.includes('packageReadme(import.meta.url')) return sources;
  const readme = join(dirname(testFile), '..', 'README.md');
  return existsSync(readme)
    ? [...sources, { file: readme, source: readFileSync(readme, 'utf8') }]
    : sources;
}

/** Why `testFile` needs a module graph of its own, or `undefined`. */
export function isolationReason(testFile: string): string | undefined {
  for (const { file, source } of codeOf(testFile)) {
    const rule = ISOLATION_RULES.find((candidate) => candidate.applies(source, file));
    if (rule !== undefined) return rule.why;
  }
  return undefined;
}

/** The folders whose `*.test.ts` files the suite runs (vitest.config.ts includes the same). */
export const TEST_FOLDERS = [
  'packages/*/src',
  'packages/*/test',
  'spec/test',
  'examples/*/test',
  'test',
] as const;

/** `*.test.ts` files under `dir`, recursively (node_modules left out). */
function testFilesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = join(dir, name);
    if (name.endsWith('.test.ts')) return [path];
    return name.includes('.') ? [] : testFilesUnder(path);
  });
}

/** Expands one of {@link TEST_FOLDERS} (a `*` stands for each folder at that level). */
function foldersOf(root: string, pattern: string): string[] {
  const [first, ...rest] = pattern.split('/');
  if (first === undefined) return [root];
  const next = rest.join('/');
  let names: string[] = [first];
  if (first === '*') {
    try {
      names = readdirSync(root);
    } catch {
      return [];
    }
  }
  return names.flatMap((name) =>
    next === '' ? [join(root, name)] : foldersOf(join(root, name), next),
  );
}

/** The suite's test files that need isolation, relative to `root`. */
export function isolatedTestFiles(root: string): string[] {
  return TEST_FOLDERS.flatMap((pattern) => foldersOf(root, pattern))
    .flatMap(testFilesUnder)
    .filter((file) => isolationReason(file) !== undefined)
    .map((file) => relative(root, file))
    .sort();
}
