/**
 * Runs the whole vitest suite, or what the arguments name (`pnpm test:unit --
 * <path>` or `-t <filter>`: pnpm's `--` is dropped, as vitest would ignore
 * what follows it), then prints the 10 slowest files and one closing line
 * that CI logs can be read by: `tests: N passed, N failed, N skipped`, plus
 * what failed outside any test when vitest failed for that. The closing line
 * never says `0 failed` of a run that exits non-zero.
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
import { relative } from 'node:path';
import { closingLine, slowestFiles, type VitestJsonReport } from './test/vitest-report.js';

const resultsFile = '.vitest-results.json';
rmSync(resultsFile, { force: true });

const given = process.argv.slice(2);
const args = given[0] === '--' ? given.slice(1) : given;
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
const exitCode = run.status ?? 1;

if (existsSync(resultsFile)) {
  // The JSON reporter writes this shape (vitest's JsonTestResults); only what is read is typed.
  const report = JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestJsonReport;
  const slowest = slowestFiles(report, 10);
  if (slowest.length > 0) {
    console.log('\nslowest test files:');
    for (const file of slowest) {
      console.log(
        `  ${file.seconds.toFixed(1).padStart(6)} s  ${relative(process.cwd(), file.name)}`,
      );
    }
  }
  console.log(closingLine(report, exitCode));
} else {
  console.log(`tests: vitest wrote no results (exit code ${exitCode}); see its output above`);
}
process.exit(exitCode);
