/**
 * What every test file keeps to, so that the suite passes on a busy machine
 * (CONTRIBUTING.md, "Write a test"): no wait that gives up after a fixed
 * time of its own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/spawned-start.js';

/** The TypeScript files of the tests and their helpers, as git tracks them. */
function testSources(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--', '*.test.ts', '*/test/*.ts', 'test/*.ts', 'test-support/*.ts'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return listed.split('\n').filter((file) => file.endsWith('.ts'));
}

describe('test files', () => {
  it('wait with eventually(), never with vi.waitFor or vi.waitUntil (they give up after a second)', () => {
    const files = testSources();
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter(
      (file) =>
        file !== 'test-support/eventually.ts' &&
        /\bvi\.wait(?:For|Until)\(/.test(readFileSync(join(repoRoot, file), 'utf8')),
    );
    expect(offenders, 'use eventually() of test-support/eventually.ts').toEqual([]);
  });
});
