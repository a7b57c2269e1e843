/**
 * Reading vitest's JSON report (`--reporter=json`): the closing line of a run
 * and its slowest files. Shared by `scripts/run-tests.ts` and
 * `scripts/test-node-versions.ts`.
 */

/** One assertion (test) of a file in vitest's JSON report. */
interface VitestJsonAssertion {
  status: string;
}

/** One test file in vitest's JSON report. */
export interface VitestJsonFile {
  name: string;
  status: string;
  startTime: number;
  endTime: number;
  message?: string;
  assertionResults: VitestJsonAssertion[];
}

/** What is read of vitest's JSON report. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: VitestJsonFile[];
}

/** Counts of one run, or of several added up. */
export interface RunCount {
  passed: number;
  failed: number;
  skipped: number;
  /** Files that failed though none of their tests did: a hook, an import, a time-out. */
  failedFiles: number;
  /** Whether vitest exited non-zero. */
  exitedNonZero: boolean;
}

/** The counts of one report and its exit code. */
export function countOf(report: VitestJsonReport, exitCode: number): RunCount {
  const failedFiles = report.testResults.filter(
    (file) =>
      file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failedFiles,
    exitedNonZero: exitCode !== 0,
  };
}

/** Adds counts of several runs. */
export function addCounts(counts: readonly RunCount[]): RunCount {
  return counts.reduce(
    (sum, count) => ({
      passed: sum.passed + count.passed,
      failed: sum.failed + count.failed,
      skipped: sum.skipped + count.skipped,
      failedFiles: sum.failedFiles + count.failedFiles,
      exitedNonZero: sum.exitedNonZero || count.exitedNonZero,
    }),
    { passed: 0, failed: 0, skipped: 0, failedFiles: 0, exitedNonZero: false },
  );
}

/**
 * `tests: N passed, N failed, N skipped`, and what else failed: files that
 * failed outside their tests, or errors outside any file (vitest's
 * "unhandled errors") when the run exited non-zero with nothing else failed.
 * A run that exits non-zero never reads as `0 failed` alone.
 */
export function describeCount(count: RunCount): string {
  const line = `tests: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`;
  const extra: string[] = [];
  if (count.failedFiles > 0) {
    extra.push(
      `${count.failedFiles} file${count.failedFiles === 1 ? '' : 's'} failed outside their tests (a hook, an import or a time-out; see above)`,
    );
  }
  if (count.exitedNonZero && count.failed === 0 && count.failedFiles === 0) {
    extra.push('vitest failed with errors outside any test (unhandled errors; see above)');
  }
  return extra.length === 0 ? line : `${line}; ${extra.join('; ')}`;
}

/** The closing line of one run: {@link describeCount} of its report and exit code. */
export function closingLine(report: VitestJsonReport, exitCode: number): string {
  return describeCount(countOf(report, exitCode));
}

/** A file and how long it took, wall time, in seconds. */
export interface FileTime {
  name: string;
  seconds: number;
}

/** The `count` files that took longest, slowest first. */
export function slowestFiles(report: VitestJsonReport, count: number): FileTime[] {
  return report.testResults
    .map((file) => ({ name: file.name, seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}
