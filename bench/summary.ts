/**
 * The one table of bench/README.md: each benchmark records its headline
 * figures, each with the reference it is judged against, both measured in
 * the same run (`bench/results/<bench>.json`, committed), and a hash of the
 * code it measured (`measured.ts`); `run.ts` writes the table from every
 * recorded result and marks a result stale when that code changed since.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, MEASURED, type MeasuredCode, measuredCode } from './measured.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(benchDir, 'results');
const repoRoot = join(benchDir, '..');

/** One headline figure and its reference, from one run. */
export interface SummaryRow {
  /** What is measured, e.g. `SDK verifySignature (Buffer body)`. */
  figure: string;
  value: number;
  /** What it is judged against, measured in the same run. */
  reference: string;
  referenceValue: number;
  /** Unit of both values: `ops/s`, `req/s`, `ms`, `µs`. */
  unit: string;
  /** The target on figure ÷ reference, when the project set one. */
  target?: { atLeast: number } | { atMost: number };
}

/** A benchmark's recorded result. */
export interface BenchResult {
  bench: string;
  /** When it ran (ISO date). */
  date: string;
  /** Node version and cores. */
  machine: string;
  /** The one-minute load average when it ended (the machine is shared). */
  load: number;
  /** The code the run measured; absent in results recorded before hashes were. */
  measured?: MeasuredCode;
  rows: SummaryRow[];
}

/** Records the headline rows of `bench` (replacing its previous result). */
export function recordSummary(bench: string, rows: SummaryRow[]): void {
  mkdirSync(resultsDir, { recursive: true });
  const result: BenchResult = {
    bench,
    date: new Date().toISOString().slice(0, 10),
    machine: `Node ${process.version}, ${cpus().length} cores`,
    load: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    measured: measuredCode(repoRoot, MEASURED[bench] ?? []),
    rows,
  };
  writeFileSync(join(resultsDir, `${bench}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

/** Every recorded result, by bench name. */
export function readResults(): BenchResult[] {
  let files: string[] = [];
  try {
    files = readdirSync(resultsDir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((file) => JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as BenchResult);
}

function number(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function verdict(row: SummaryRow, ratio: number): string {
  if (!row.target) return '';
  return 'atLeast' in row.target
    ? `>= ${row.target.atLeast}x ${ratio >= row.target.atLeast ? 'met' : '**not met**'}`
    : `<= ${row.target.atMost}x ${ratio <= row.target.atMost ? 'met' : '**not met**'}`;
}

/**
 * The summary section of bench/README.md, from every recorded result; the
 * run of a result whose measured code changed since (under `root`) reads
 * "stale".
 */
export function summarySection(results: BenchResult[], root = repoRoot): string {
  const lines = results.flatMap((result) => {
    const stale = isStale(root, result.measured, MEASURED[result.bench] ?? []);
    const run = stale ? `**stale** (${result.date})` : result.date;
    return result.rows.map((row) => {
      const ratio = row.value / row.referenceValue;
      return `| ${result.bench} | ${row.figure} | ${number(row.value)} ${row.unit} | ${row.reference} | ${number(row.referenceValue)} ${row.unit} | ${ratio.toFixed(2)}x | ${verdict(row, ratio)} | ${run} |`;
    });
  });
  const machines = [...new Set(results.map((result) => result.machine))].join('; ');
  const loads = results.map((result) => result.load);
  const load = `load average ${Math.min(...loads)} to ${Math.max(...loads)} when the benchmarks ended`;
  return `## Summary

Each figure next to its reference, both measured in the same run of its
benchmark (\`pnpm bench\` rewrites this table from \`bench/results/\`;
\`pnpm bench <name>\` refreshes that benchmark's rows; a run reads
"stale" when the code that benchmark measures, listed in
\`bench/measured.ts\`, changed since). For rates (ops/s,
req/s) a ratio above 1 is faster than the reference; for times (ms, µs)
above 1 is slower. The machine is shared: read ratios, not absolute
numbers. The sections below have every row and how each was measured.

| bench | figure | value | reference (same run) | value | figure ÷ reference | target | run |
|---|---|--:|---|--:|--:|---|---|
${lines.join('\n')}

${machines}; ${load}.
`;
}
