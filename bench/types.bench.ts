/**
 * What the SDK's types cost a program that uses them: `tsc
 * --extendedDiagnostics` on a small application (`bench/types/sdk.ts`: a
 * call in each format, withResponse(), a list awaited and iterated) next to
 * the same kinds of calls on openai and stripe (`bench/types/openai.ts`,
 * `stripe.ts`, dev dependencies of the workspace root). Each runs as a new
 * project would: strict, `module` and `moduleResolution` NodeNext,
 * `@types/node`, the SDK imported as a user imports it (the built
 * declarations, through `package.json` `exports`), once checking every
 * declaration file (`skipLibCheck: false`, what an editor's project check
 * and `tsc` pay) and once with `skipLibCheck: true` (the `tsc --init`
 * default); and the SDK once more from its sources (the workspace's own
 * view, `customConditions: ['shiptrack-source']`). Type and instantiation
 * counts do not depend on the machine; the check time is the median of
 * `BENCH_RUNS` runs (default 3). Builds the SDK first, every run.
 *
 * Run: `pnpm bench types`
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackage } from './fresh-build.js';
import { writeReadmeSection } from './readme-section.js';
import { recordSummary } from './summary.js';
import { typesSection } from './types-section.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 2;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/lib/tsc.js');
/** The installed version of a package of the workspace root (not every package exports its package.json). */
const version = (name: string): string => {
  const manifest: unknown = JSON.parse(
    readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
  );
  return typeof manifest === 'object' && manifest !== null && 'version' in manifest
    ? String(manifest.version)
    : '?';
};

/** One program to check: the application file and how it resolves the SDK. */
interface Candidate {
  label: string;
  file: string;
  sources?: boolean;
}

const candidates: Candidate[] = [
  { label: '`@shiptrack/sdk`, built declarations', file: 'sdk.ts' },
  { label: '`@shiptrack/sdk`, sources (`shiptrack-source`)', file: 'sdk.ts', sources: true },
  { label: `\`openai\` ${version('openai')}`, file: 'openai.ts' },
  { label: `\`stripe\` ${version('stripe')}`, file: 'stripe.ts' },
];

/** What `--extendedDiagnostics` reports of one check. */
interface Measured {
  files: number;
  types: number;
  instantiations: number;
  checkMs: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function figure(output: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)(s?)$`, 'm').exec(output);
  if (!match?.[1]) throw new Error(`tsc --extendedDiagnostics printed no "${name}":\n${output}`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/** Checks `candidate` `RUNS` times (once is enough for counts); throws on a type error. */
function check(work: string, candidate: Candidate, skipLibCheck: boolean): Measured {
  const config = join(
    work,
    `${candidate.file}-${candidate.sources ? 'src' : 'dist'}-${skipLibCheck}.json`,
  );
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck,
    types: ['node'],
    typeRoots: [join(root, 'node_modules', '@types')],
    ...(candidate.sources ? { customConditions: ['shiptrack-source'] } : {}),
  };
  writeFileSync(
    config,
    JSON.stringify({ compilerOptions, files: [join(here, 'types', candidate.file)] }),
  );
  const runs: Measured[] = [];
  for (let run = 0; run < (skipLibCheck ? 1 : RUNS); run++) {
    const result = spawnSync(process.execPath, [tsc, '-p', config, '--extendedDiagnostics'], {
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(
        `tsc failed on bench/types/${candidate.file}:\n${result.stdout}${result.stderr}`,
      );
    }
    runs.push({
      files: figure(result.stdout, 'Files'),
      types: figure(result.stdout, 'Types'),
      instantiations: figure(result.stdout, 'Instantiations'),
      checkMs: figure(result.stdout, 'Check time'),
    });
  }
  const [first] = runs;
  if (!first) throw new Error('no run');
  return { ...first, checkMs: median(runs.map((r) => r.checkMs)) };
}

buildPackage('@shiptrack/sdk');
const work = mkdtempSync(join(tmpdir(), 'shiptrack-types-bench-'));
try {
  const rows: { candidate: Candidate; all: Measured; skip: Measured }[] = [];
  for (const candidate of candidates) {
    console.error(`Checking ${candidate.label}...`);
    rows.push({
      candidate,
      all: check(work, candidate, false),
      skip: check(work, candidate, true),
    });
  }
  const [sdk, , openai, stripe] = rows;
  if (!sdk || !openai || !stripe) throw new Error('a candidate is missing');
  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  const table = [
    '| application of | files | types | instantiations | vs openai | check time (median) | with `skipLibCheck`: types | instantiations |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      ({ candidate, all, skip }) =>
        `| ${candidate.label} | ${n(all.files)} | ${n(all.types)} | ${n(all.instantiations)} | ${(all.instantiations / openai.all.instantiations).toFixed(2)}x | ${(all.checkMs / 1000).toFixed(1)} s | ${n(skip.types)} | ${n(skip.instantiations)} |`,
    ),
  ].join('\n');
  const ratio = sdk.all.instantiations / openai.all.instantiations;
  const note = `Node ${process.version}, TypeScript ${version('typescript')}, ${RUNS} runs for the check time, load average ${loadavg()[0]?.toFixed(1)} when it ended. Target: at most ${TARGET}x openai's instantiations (${ratio <= TARGET ? 'met' : 'NOT met'}).`;
  console.log(`${table}\n\n${note}`);
  writeReadmeSection('## types', typesSection({ table, note }));
  recordSummary('types', [
    {
      figure: '`tsc` instantiations, a small app of the SDK, every declaration checked',
      value: sdk.all.instantiations,
      reference: `the same calls on openai ${version('openai')}`,
      referenceValue: openai.all.instantiations,
      unit: 'instantiations',
      target: { atMost: TARGET },
    },
    {
      figure: 'the same',
      value: sdk.all.instantiations,
      reference: `the same calls on stripe ${version('stripe')}`,
      referenceValue: stripe.all.instantiations,
      unit: 'instantiations',
    },
    {
      figure: 'the same, with `skipLibCheck`',
      value: sdk.skip.instantiations,
      reference: `the same calls on openai ${version('openai')}`,
      referenceValue: openai.skip.instantiations,
      unit: 'instantiations',
    },
    {
      figure: '`tsc` check time of the app, every declaration checked (median)',
      value: sdk.all.checkMs,
      reference: `the same calls on openai ${version('openai')}`,
      referenceValue: openai.all.checkMs,
      unit: 'ms',
    },
  ]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
