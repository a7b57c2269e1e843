/**
 * Runs the vitest suite (`pnpm test:unit`) again on other Node.js majors than
 * the one running this script: Node 20 is past its end of life, so CI checks
 * the newer supported lines too. Each Node is the official binary as
 * published on the npm registry (`node-<platform>-<arch>@<major>`), installed
 * once into `node_modules/.cache/node-versions/<major>`; nothing global
 * changes. The packages must be built first (`pnpm test` does that).
 *
 *   tsx scripts/test-node-versions.ts [22 24 ...]
 *
 * Which files run on which Node is one rule (docs/decisions/0012-node-lines-by-rule.md):
 * the newest major given runs every test file; an older one runs the files
 * that drive Node's runtime surface, as {@link NODE_SURFACE} defines it. The
 * files a major leaves out are printed with that reason, never dropped silently.
 *
 * Prints one closing line over every run and exits non-zero when any failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join, relative, resolve } from 'node:path';
import { ownSources } from './test/own-sources.js';
import {
  addCounts,
  countOf,
  describeCount,
  type RunCount,
  type VitestJsonReport,
} from './test/vitest-report.js';

const DEFAULT_MAJORS = ['22', '24'];
const cacheRoot = resolve('node_modules/.cache/node-versions');

/**
 * What a test's own code ({@link ownSources}) uses that is Node's and not
 * the language's: these are where Node majors differ
 * (libuv, undici, OpenSSL, the stream and module loaders, wasm), while code
 * that only computes behaves the same on every V8 that passes on both the
 * oldest and the newest line. A file that names none of these runs on the
 * newest Node and on Node 20 only.
 */
const NODE_SURFACE: ReadonlyArray<{ why: string; pattern: RegExp }> = [
  {
    why: 'a Node built-in module other than path, url, util and assert',
    pattern: /from 'node:(?!(?:path|url|util|assert)')[a-z_/]+'/,
  },
  { why: 'fetch (undici)', pattern: /\bfetch\(/ },
  {
    why: 'WebCrypto',
    pattern: /\b(?:crypto\.(?:subtle|getRandomValues|randomUUID)|globalThis\.crypto)\b/,
  },
  { why: 'web streams', pattern: /\b(?:Readable|Writable|Transform)Stream\b/ },
  { why: 'real timers', pattern: /\b(?:setTimeout|setInterval|AbortSignal\.timeout)\(/ },
  {
    why: 'a server, process, socket or wasm driver',
    pattern:
      /from '(?:@electric-sql\/pglite|pg|ioredis|redis|playwright-core|@hono\/node-server|msw\/node|@modelcontextprotocol\/client\/stdio|tsup)'/,
  },
  {
    why: 'a real HTTP server or a built bin of ours',
    pattern: /\b(?:startMockServer|startTestMock|startEmptyMock|\.listen)\(|\/dist\//,
  },
];

/** The first {@link NODE_SURFACE} entry `source` matches, or `undefined`. */
function nodeSurfaceOf(source: string): string | undefined {
  return NODE_SURFACE.find(({ pattern }) => pattern.test(source))?.why;
}

/** Why `testFile` runs on every Node major, or `undefined` when it need not. */
function nodeSurfaceReason(testFile: string): string | undefined {
  for (const { source } of ownSources(testFile)) {
    const why = nodeSurfaceOf(source);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** Every test file the root vitest config includes, as absolute paths. */
function testFiles(): string[] {
  const listed = spawnSync('vitest', ['list', '--filesOnly', '--json'], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  if (listed.status !== 0) throw new Error(`vitest list failed:\n${listed.stderr}`);
  // `vitest list --json` prints this shape.
  const files = JSON.parse(listed.stdout) as Array<{ file: string }>;
  return files.map(({ file }) => file).sort();
}

/** The npm package that carries the official Node binary for this machine. */
function binaryPackage(major: string): string {
  return `node-${process.platform}-${process.arch}@${major}`;
}

/** Installs Node `major` once and answers the folder that holds its `node`. */
function installNode(major: string): string {
  const prefix = join(cacheRoot, major);
  const binDir = join(prefix, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin');
  if (!existsSync(join(binDir, 'node'))) {
    console.log(`installing Node ${major} (${binaryPackage(major)}) into ${prefix}`);
    const install = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        binaryPackage(major),
      ],
      { stdio: 'inherit' },
    );
    if (install.status !== 0 || !existsSync(join(binDir, 'node'))) {
      throw new Error(
        `Could not install Node ${major} from the npm registry (${binaryPackage(major)}); check the network or install it yourself.`,
      );
    }
  }
  return binDir;
}

/**
 * Runs the suite but the files `leftOut` names with `binDir`'s node first on
 * PATH, so every child process uses it too.
 */
function runSuite(binDir: string, leftOut: string[]): RunCount {
  const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };
  const version = spawnSync(join(binDir, 'node'), ['--version'], {
    encoding: 'utf8',
  }).stdout.trim();
  console.log(`\n=== the test suite on Node ${version} ===`);
  // Excluded by exact path: vitest would match a file filter as a substring of other paths.
  const excludes = leftOut.flatMap((file) => ['--exclude', file]);
  const run = spawnSync('tsx', ['scripts/run-tests.ts', ...excludes], { stdio: 'inherit', env });
  const resultsFile = '.vitest-results.json';
  const exitCode = run.status ?? 1;
  if (!existsSync(resultsFile)) {
    return { passed: 0, failed: 0, skipped: 0, failedFiles: 0, exitedNonZero: true };
  }
  // The JSON reporter writes this shape (vitest's JsonTestResults); only what is read is typed.
  return countOf(JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestJsonReport, exitCode);
}

/**
 * The files an older major leaves out (relative paths): those without a Node
 * surface. Prints them, so a reader of the CI log sees every file's place.
 */
function filesWithoutSurface(major: string, newest: string): string[] {
  const all = testFiles();
  const left = all
    .filter((file) => nodeSurfaceReason(file) === undefined)
    .map((file) => relative(process.cwd(), file));
  console.log(
    `\nNode ${major} runs the ${all.length - left.length} of ${all.length} test files that drive Node's runtime surface;` +
      ` the other ${left.length} name none of it (docs/decisions/0012-node-lines-by-rule.md) and run on Node 20 and Node ${newest}:`,
  );
  for (const file of left) console.log(`  ${file}`);
  return left;
}

const majors = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_MAJORS;
const newest = [...majors].sort((a, b) => Number(b) - Number(a))[0] ?? '';
const counts: RunCount[] = [];
for (const major of majors) {
  const leftOut = major === newest ? [] : filesWithoutSurface(major, newest);
  const count = runSuite(installNode(major), leftOut);
  console.log(`Node ${major}: ${describeCount(count).replace(/^tests: /, '')}`);
  counts.push(count);
}
const total = addCounts(counts);
console.log(describeCount(total));
process.exit(total.exitedNonZero || total.failed > 0 || total.failedFiles > 0 ? 1 : 0);
