/**
 * Runs every benchmark in this folder (`*.bench.ts`) one after the other, each
 * in its own process so they do not disturb each other, and stops at the first
 * that fails. Results are printed as markdown tables; see bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
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
