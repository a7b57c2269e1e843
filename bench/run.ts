/**
 * Runs every benchmark in this folder (`*.bench.ts`) one after the other, each
 * in its own process so they do not disturb each other, and stops at the first
 * that fails. Each prints its tables and records its headline figures with
 * their references and a hash of the code it measures (`summary.ts`,
 * `measured.ts`); then the summary table at the top of bench/README.md is
 * rewritten from every recorded result, a run whose code changed since
 * marked stale.
 * `pnpm bench <name>` runs the matching benchmarks only (the one so named, when
 * one is).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReadmeSection } from './readme-section.js';
import { readResults, summarySection } from './summary.js';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const all = readdirSync(here).filter((file) => file.endsWith('.bench.ts'));
/** A name that is a benchmark's whole name runs that one alone (`mcp-http`, not `mcp-http-telemetry`). */
const matches = (file: string, name: string) =>
  all.includes(`${name}.bench.ts`) ? file === `${name}.bench.ts` : file.includes(name);
const benches = all
  .filter((file) => only.length === 0 || only.some((name) => matches(file, name)))
  .sort();

for (const file of benches) {
  console.log(`\n## ${file}\n`);
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--conditions=shiptrack-source', join(here, file)],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) {
    console.error(`${file} failed (exit ${run.status ?? run.signal})`);
    process.exit(run.status ?? 1);
  }
}
writeReadmeSection('## Summary', summarySection(readResults()), true);
console.log('\nbench/README.md: summary table rewritten from bench/results/.');
