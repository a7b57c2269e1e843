/**
 * Runs the whole vitest suite (or the files given), then prints one closing
 * line `tests: N passed, N failed, N skipped` that CI logs can be read by.
 * Exits with vitest's own exit code.
 *
 * Runs at least two test files at a time (`--maxWorkers`, unless given):
 * vitest's default of one worker per core but one leaves a 2-core CI
 * machine running one file at a time, while most of the suite's time is
 * spent waiting on the servers, databases and processes its tests start
 * (docs/decisions/0012-node-lines-by-rule.md has the figures).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

interface VitestJsonSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const resultsFile = '.vitest-results.json';
rmSync(resultsFile, { force: true });

const args = process.argv.slice(2);
const workers = args.some((arg) => arg.startsWith('--maxWorkers'))
  ? []
  : [`--maxWorkers=${Math.max(2, availableParallelism() - 1)}`];

const run = spawnSync(
  'vitest',
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...workers,
    ...args,
  ],
  { stdio: 'inherit', shell: process.platform === 'win32' },
);

if (existsSync(resultsFile)) {
  // The JSON reporter writes this shape; only counters are read.
  const summary = JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestJsonSummary;
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(
    `tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`,
  );
} else {
  console.log('tests: 0 passed, 1 failed (vitest wrote no results)');
}
process.exit(run.status ?? 1);
