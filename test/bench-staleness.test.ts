/**
 * `pnpm bench` marks a summary row stale when the code its benchmark
 * measures changed since the run: the hash over temp files, no timing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStale, MEASURED, measuredCode, measuredHash } from '../bench/measured.js';
import { type BenchResult, summarySection } from '../bench/summary.js';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bench-staleness-'));
  write('packages/sdk/src/index.ts', 'export const a = 1;\n');
  write('packages/sdk/src/mapped/shapes.ts', 'export const b = 2;\n');
  write('bench/sdk.bench.ts', '// bench\n');
  write('bench/sdk-fixture.ts', '// fixture\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('measuredHash', () => {
  it('changes when a file under a measured folder changes, is added or is removed', () => {
    const paths = ['packages/sdk/src'];
    const before = measuredHash(root, paths);
    expect(measuredHash(root, paths)).toBe(before);
    write('packages/sdk/src/mapped/shapes.ts', 'export const b = 3;\n');
    const edited = measuredHash(root, paths);
    expect(edited).not.toBe(before);
    write('packages/sdk/src/new.ts', '');
    const added = measuredHash(root, paths);
    expect(added).not.toBe(edited);
    rmSync(join(root, 'packages/sdk/src/new.ts'));
    expect(measuredHash(root, paths)).toBe(edited);
  });

  it('ignores tests, hidden files, node_modules and dist', () => {
    const paths = ['packages/sdk/src'];
    const before = measuredHash(root, paths);
    write('packages/sdk/src/mapped/shapes.test.ts', 'test');
    write('packages/sdk/src/.cache', 'x');
    write('packages/sdk/src/node_modules/x/index.js', 'x');
    write('packages/sdk/src/dist/index.js', 'x');
    expect(measuredHash(root, paths)).toBe(before);
  });
});

describe('isStale', () => {
  const paths = ['packages/sdk/src', 'bench/sdk.bench.ts'];

  it('is fresh until the measured code changes', () => {
    const recorded = measuredCode(root, paths);
    expect(isStale(root, recorded, paths)).toBe(false);
    write('bench/sdk.bench.ts', '// bench, changed\n');
    expect(isStale(root, recorded, paths)).toBe(true);
  });

  it('is stale without a recorded hash, or when the benchmark now measures other paths', () => {
    expect(isStale(root, undefined, paths)).toBe(true);
    expect(isStale(root, measuredCode(root, paths), [...paths, 'bench/sdk-fixture.ts'])).toBe(true);
  });
});

describe('summarySection', () => {
  const result = (measured: BenchResult['measured']): BenchResult => ({
    bench: 'sdk',
    date: '2026-11-27',
    machine: 'Node v20, 2 cores',
    load: 1,
    ...(measured ? { measured } : {}),
    rows: [
      {
        figure: 'SDK list',
        value: 100,
        reference: 'fetch',
        referenceValue: 120,
        unit: 'ops/s',
      },
    ],
  });

  it('marks the run of a result stale once the code it measured changed', () => {
    const recorded = measuredCode(root, MEASURED.sdk ?? []);
    expect(summarySection([result(recorded)], root)).toContain('| 2026-11-27 |');
    write('packages/sdk/src/index.ts', 'export const a = 2;\n');
    expect(summarySection([result(recorded)], root)).toContain('| **stale** (2026-11-27) |');
    expect(summarySection([result(undefined)], root)).toContain('| **stale** (2026-11-27) |');
  });
});
