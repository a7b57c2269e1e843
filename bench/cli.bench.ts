/**
 * The `shiptrack` CLI as a user runs it, spawn to exit, median of 30, each
 * next to its floor measured in the same run and alternating with it:
 * - `shiptrack --version` against a bare `node -e` printing a line (Node's own start);
 * - `shiptrack containers list --page-size 100 --json` to a pipe against a
 *   script that makes the same SDK call and writes the same JSON (bundled
 *   the same way, started with plain `node`): what the CLI adds to the SDK.
 * The mock runs on a free port with 100 containers and no rate limits.
 * Builds the package and its workspace dependencies first, every run.
 *
 * Run: `pnpm bench cli`
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@shiptrack/mock-server';
import { containerCheckDigit, createClient } from '@shiptrack/sdk';
import { build } from 'tsup';
import { buildWithDependencies } from './fresh-build.js';
import { writeReadmeSection } from './readme-section.js';
import { recordSummary } from './summary.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const START_TARGET = 2;
const LIST_TARGET = 1.2;
const ROWS = 100;
const API_KEY = 'bench_cli_key_0000000000';
const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..', 'packages', 'cli');
const bin = join(pkg, 'bin', 'shiptrack.cjs');
const bundle = join(pkg, 'dist', 'cli.cjs');

buildWithDependencies('@shiptrack/cli');

/** The SDK call alone, bundled like the CLI: the reference of the list. */
async function buildSdkList(dir: string): Promise<string> {
  await build({
    entry: { list: join(here, 'cli-sdk-list.ts') },
    outDir: dir,
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    platform: 'node',
    target: 'node20',
    noExternal: [/.*/],
    minify: true,
    config: false,
    silent: true,
    esbuildOptions(options) {
      options.conditions = ['shiptrack-source'];
    },
  });
  return join(dir, 'list.cjs');
}

/** Milliseconds from spawn to exit, stdout read through a pipe to its end. */
function timeToExit(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const elapsed = performance.now() - started;
      if (code !== 0 || bytes === 0) reject(new Error(`${args.join(' ')} exited ${code}`));
      else resolve(elapsed);
    });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const mock = await startMockServer({
  port: 0,
  clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' },
  dataset: 'empty',
  apiKeys: [API_KEY],
  rateLimits: false,
});
const work = mkdtempSync(join(tmpdir(), 'shiptrack-cli-bench-'));
try {
  const client = createClient({ apiKey: API_KEY, baseUrl: mock.url, rateLimit: false });
  for (let i = 0; i < ROWS; i++) {
    const stem = `MSCU${100_001 + i * 10}`; // keys ending in 1: never a failing number of the mock
    await client.trackingRequests.create({
      requestType: 'container',
      requestNumber: `${stem}${containerCheckDigit(stem)}`,
      scac: 'MSCU',
    });
  }
  await mock.mock.advance(3600);
  const listed = await client.containers.list({ pageSize: 100 });
  if (listed.data.length !== ROWS) throw new Error(`the mock has ${listed.data.length} containers`);

  const sdkList = await buildSdkList(work);
  const env = { SVC_API_TOKEN: API_KEY, SVC_API_BASE_URL: mock.url, XDG_CONFIG_HOME: work };
  const floor = ['-e', "process.stdout.write('0.1.0\\n')"];
  const version = [bin, '--version'];
  const cliList = [bin, 'containers', 'list', '--page-size', '100', '--json'];
  const times = {
    floor: [] as number[],
    version: [] as number[],
    sdk: [] as number[],
    cli: [] as number[],
  };
  // One run each first: it writes the bundle's code cache, as a user's first start does.
  for (const args of [floor, version, [sdkList], cliList]) await timeToExit(args, env);
  for (let run = 0; run < RUNS; run++) {
    times.floor.push(await timeToExit(floor, env));
    times.version.push(await timeToExit(version, env));
    times.sdk.push(await timeToExit([sdkList], env));
    times.cli.push(await timeToExit(cliList, env));
  }
  const startRatio = median(times.version) / median(times.floor);
  const listRatio = median(times.cli) / median(times.sdk);
  const row = (label: string, values: number[], reference: number[]) =>
    `| ${label} | ${median(values).toFixed(1)} | ${Math.min(...values).toFixed(1)} | ${Math.max(...values).toFixed(1)} | ${(median(values) / median(reference)).toFixed(2)}x |`;
  const kb = (file: string) => `${Math.round(statSync(file).size / 1024)} kB`;
  const table = [
    '| run | median (ms) | min (ms) | max (ms) | vs its reference |',
    '|---|--:|--:|--:|--:|',
    row('bare `node -e` printing a line', times.floor, times.floor),
    row(`\`shiptrack --version\` (bundled, ${kb(bundle)})`, times.version, times.floor),
    row(`SDK call alone: ${ROWS} containers as JSON to a pipe (bundled)`, times.sdk, times.sdk),
    row(`\`shiptrack containers list --page-size 100 --json\` to a pipe`, times.cli, times.sdk),
  ].join('\n');
  const note = `Node ${process.version}, ${RUNS} runs each, alternating, load average ${loadavg()[0]?.toFixed(1)} when it ended. Targets: start at most ${START_TARGET}x (${startRatio <= START_TARGET ? 'met' : 'NOT met'}), list at most ${LIST_TARGET}x (${listRatio <= LIST_TARGET ? 'met' : 'NOT met'}).`;
  console.log(`${table}\n\n${note}`);
  writeReadmeSection(
    '## cli',
    `## cli\n\n\`pnpm bench cli\`: spawn to exit of the built bin (\`bin/shiptrack.cjs\`, V8 code cache warm) against its floor in the same run; the list reads ${ROWS} containers from the mock on a free port (no rate limits) and writes them to a pipe, against a script making the same SDK call and writing the same JSON, bundled the same way and started with plain \`node\`.\n\n${table}\n\n${note}\n`,
  );
  recordSummary('cli', [
    {
      figure: '`shiptrack --version`, spawn to exit (median)',
      value: median(times.version),
      reference: 'bare `node -e` printing a line',
      referenceValue: median(times.floor),
      unit: 'ms',
      target: { atMost: START_TARGET },
    },
    {
      figure: '`shiptrack containers list` of 100 rows to a pipe (median)',
      value: median(times.cli),
      reference: 'the SDK call alone writing the same JSON, bundled the same way',
      referenceValue: median(times.sdk),
      unit: 'ms',
      target: { atMost: LIST_TARGET },
    },
  ]);
} finally {
  rmSync(work, { recursive: true, force: true });
  await mock.close();
}
