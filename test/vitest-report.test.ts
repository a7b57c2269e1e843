/** The closing line of `pnpm test:unit` and `pnpm test:node-versions`, read off vitest's JSON report. */
import { describe, expect, it } from 'vitest';
import {
  closingLine,
  slowestFiles,
  type VitestJsonFile,
  type VitestJsonReport,
} from '../scripts/test/vitest-report.js';

function file(name: string, status: string, tests: string[], seconds = 1): VitestJsonFile {
  return {
    name,
    status,
    startTime: 1_000,
    endTime: 1_000 + seconds * 1000,
    assertionResults: tests.map((test) => ({ status: test })),
  };
}

function report(files: VitestJsonFile[]): VitestJsonReport {
  const tests = files.flatMap((f) => f.assertionResults);
  return {
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    numFailedTests: tests.filter((t) => t.status === 'failed').length,
    numPendingTests: tests.filter((t) => t.status === 'pending').length,
    numTodoTests: 0,
    testResults: files,
  };
}

describe('the closing line', () => {
  it('counts passed, failed and skipped tests', () => {
    const run = report([
      file('a', 'passed', ['passed', 'pending']),
      file('b', 'failed', ['failed']),
    ]);
    expect(closingLine(run, 1)).toBe('tests: 1 passed, 1 failed, 1 skipped');
  });

  it('names files that failed outside their tests (a hook that timed out)', () => {
    const run = report([
      file('a', 'passed', ['passed']),
      file('b', 'failed', ['pending', 'pending']),
    ]);
    expect(closingLine(run, 1)).toBe(
      'tests: 1 passed, 0 failed, 2 skipped; 1 file failed outside their tests (a hook, an import or a time-out; see above)',
    );
  });

  it('never says 0 failed alone when vitest exited non-zero', () => {
    const run = report([file('a', 'passed', ['passed'])]);
    expect(closingLine(run, 0)).toBe('tests: 1 passed, 0 failed, 0 skipped');
    expect(closingLine(run, 1)).toBe(
      'tests: 1 passed, 0 failed, 0 skipped; vitest failed with errors outside any test (unhandled errors; see above)',
    );
  });
});

describe('the slowest files', () => {
  it('lists the slowest first, as many as asked', () => {
    const run = report([
      file('a', 'passed', [], 2),
      file('b', 'passed', [], 9),
      file('c', 'passed', [], 5),
    ]);
    expect(slowestFiles(run, 2)).toEqual([
      { name: 'b', seconds: 9 },
      { name: 'c', seconds: 5 },
    ]);
  });
});
