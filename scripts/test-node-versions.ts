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
 * Prints one closing line over every run and exits non-zero when any failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

interface VitestJsonSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

interface RunCount {
  passed: number;
  failed: number;
  skipped: number;
}

const DEFAULT_MAJORS = ['22', '24'];
const cacheRoot = resolve('node_modules/.cache/node-versions');

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

/** Runs the suite with `binDir`'s node first on PATH, so every child process uses it too. */
function runSuite(binDir: string): RunCount {
  const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };
  const version = spawnSync(join(binDir, 'node'), ['--version'], {
    encoding: 'utf8',
  }).stdout.trim();
  console.log(`\n=== the test suite on Node ${version} ===`);
  const run = spawnSync('tsx', ['scripts/run-tests.ts'], { stdio: 'inherit', env });
  const resultsFile = '.vitest-results.json';
  if (!existsSync(resultsFile)) return { passed: 0, failed: 1, skipped: 0 };
  // The JSON reporter writes this shape; only counters are read.
  const summary = JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestJsonSummary;
  return {
    passed: summary.numPassedTests,
    // A run that failed outside any test (a crash, an unhandled error) still counts as a failure.
    failed: summary.numFailedTests + (run.status !== 0 && summary.numFailedTests === 0 ? 1 : 0),
    skipped: summary.numPendingTests + summary.numTodoTests,
  };
}

const majors = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_MAJORS;
const total: RunCount = { passed: 0, failed: 0, skipped: 0 };
for (const major of majors) {
  const count = runSuite(installNode(major));
  console.log(
    `Node ${major}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`,
  );
  total.passed += count.passed;
  total.failed += count.failed;
  total.skipped += count.skipped;
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
