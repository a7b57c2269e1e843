/**
 * Profiles the MCP HTTP host under load, as the "Profiling" section of
 * bench/README.md was made: the mock and the host each in their own
 * process (the host under `node --cpu-prof`), `tools/call get_container`
 * of both eras at 10 connections after a warm-up, the host's CPU per call
 * from `/proc`; then the host exits and its profile is written to the
 * folder given (default `bench/.results/profiles`, not tracked). Not a benchmark of
 * `pnpm bench`: run it by hand.
 *
 * Run: `node --import tsx --conditions=shiptrack-source bench/mcp-http-profile.ts [folder] [seconds]`.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startChild, withChildren } from './child-processes.js';
import { recordRequests } from './mcp-http-requests.js';
import { withProcessCpu } from './process-cpu.js';

const here = dirname(fileURLToPath(import.meta.url));
const [folder = join(here, '.results', 'profiles'), seconds = '8'] = process.argv.slice(2);
const CONNECTIONS = 10;
const WARMUP_CALLS = 2_000;

/** Starts a target of `mcp-http-targets.ts` with extra Node flags; resolves with its ready line. */
async function target<T>(flags: string[], args: string[]): Promise<T> {
  const line = await startChild(
    process.execPath,
    [
      ...flags,
      '--import',
      'tsx',
      '--conditions=shiptrack-source',
      join(here, 'mcp-http-targets.ts'),
      ...args,
    ],
    (candidate) => candidate.startsWith('{'),
  );
  return JSON.parse(line) as T;
}

async function main(): Promise<void> {
  const mock = await target<{ url: string; pid: number; apiKey: string; containerId: string }>(
    [],
    ['mock'],
  );
  const host = await target<{ url: string; pid: number }>(
    ['--cpu-prof', `--cpu-prof-dir=${resolve(folder)}`],
    ['mcp', mock.url],
  );
  for (const modern of [true, false]) {
    const { call } = await recordRequests(host.url, mock.apiKey, mock.containerId, modern);
    const options = { url: host.url, method: 'POST' as const, ...call, connections: CONNECTIONS };
    await autocannon({ ...options, amount: WARMUP_CALLS });
    const { result, cpuMs } = await withProcessCpu([host.pid], () =>
      autocannon({ ...options, duration: Number(seconds) }),
    );
    const calls = result.requests.total;
    const errors = result.errors + result.non2xx;
    console.log(
      `${modern ? '2026-07-28' : '2025-11-25'}: ${Math.round(calls / Number(seconds))} req/s, ${errors} errors, host CPU per call ${((cpuMs[0] ?? Number.NaN) / calls).toFixed(3)} ms`,
    );
  }
  console.log(`profile: ${resolve(folder)} (written when the host exits)`);
}

await withChildren(main);
