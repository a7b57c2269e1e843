/**
 * Runs the whole vitest suite, then prints one closing line
 * `tests: N passed, N failed, N skipped` that CI logs can be read by.
 * Exits with vitest's own exit code.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

interface VitestJsonSummary {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const resultsFile = '.vitest-results.json';
rmSync(resultsFile, { force: true });

const run = spawnSync(
  'vitest',
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
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
