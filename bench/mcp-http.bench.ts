/**
 * The hosted MCP endpoint under load: `tools/call get_container` over HTTP
 * against the mock, next to a bare Node host (`mcp-http-bare-host.ts`)
 * making the same two REST reads per POST, the floor of any MCP host in
 * Node, measured in the same run with the same client.
 *
 * 1. Throughput at 10 connections (autocannon): the tool call as a
 *    2026-07-28 request and as a stateless 2025-11-25 request, the bare
 *    host, and one REST read straight to the mock; CPU per request of each
 *    host and of the mock, from `/proc`.
 * 2. Latency one request at a time, interleaved rounds, p50: the tool call
 *    and the bare host as plain `fetch` POSTs (no MCP client work is
 *    counted), and the SDK's REST reads of the tool as readings.
 * 3. `tools/list` (2026-07-28) on a warm handler in this process
 *    (`handler.fetch`, no network), p50.
 * 4. Memory: a fresh host, warmed by 1,000 calls of one key, answers
 *    `tools/call` for 1,000 distinct API keys; its RSS and heap in use
 *    after a forced collection, once each key called once, and after
 *    100,000 calls (`mcp-http-memory.ts`).
 *
 * The mock and the MCP servers run in their own processes
 * (`mcp-http-targets.ts`). Writes its section of bench/README.md, with each
 * target next to its figure.
 *
 * Run: `pnpm bench mcp-http` (about 3 minutes).
 */

import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMcpHttpHandler } from '../packages/mcp-http/src/index.js';
import { createClient } from '../packages/sdk/src/index.js';
import { startChild, withChildren } from './child-processes.js';
import { alternatingLoads, type Load } from './mcp-http-load.js';
import { memoryGrowth } from './mcp-http-memory.js';
import { type Recorded, recordRequests } from './mcp-http-requests.js';
import { mcpHttpSection } from './mcp-http-section.js';
import { writeReadmeSection } from './readme-section.js';
import { recordSummary, type SummaryRow } from './summary.js';

const here = dirname(fileURLToPath(import.meta.url));
/** Seconds of each throughput round, and the alternating rounds of every target. */
const DURATION_S = 5;
const LOAD_ROUNDS = 2;
/** Calls each throughput target serves before any is measured. */
const WARMUP_CALLS = 2_000;
const CONNECTIONS = 10;
const ROUNDS = 8;
const PER_ROUND = 50;
const LIST_SAMPLES = 2_000;
const MEMORY_KEYS = 1_000;
/** 100,000 by default; `BENCH_MEMORY_CALLS` shortens it on a machine too loaded to serve them in time. */
const MEMORY_CALLS = Number(process.env.BENCH_MEMORY_CALLS ?? 100_000);
/**
 * The targets of issue 44, on ratios to the bare host (`mcp-http-bare-host.ts`)
 * measured in the same run, and those of issue 35 that still apply.
 */
const TARGETS = {
  /** Throughput at 10 connections, at least this share of the bare host's. */
  rpsRatio: 0.6,
  /** One at a time, p50 at most this multiple of the bare host's. */
  p50Ratio: 1.3,
  /** Host CPU per call, at most this multiple of the bare host's. */
  cpuRatio: 2,
  listMs: 0.2,
  rssRatio: 1.2,
};
/** Starts a target child (`mcp-http-targets.ts`) and resolves with its first JSON line. */
async function target<T>(args: string[]): Promise<T> {
  const line = await startChild(
    process.execPath,
    [
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

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The p50 of `run` on a warm in-process handler: `warm` calls, then `samples` measured. */
async function warmP50(run: () => Promise<void>, warm: number, samples: number): Promise<number> {
  for (let i = 0; i < warm; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await timed(run));
  return percentile(times, 50);
}

/** `tools/list` of a 2026-07-28 client, served by a handler in this process. */
async function toolsListP50(baseUrl: string, recorded: Recorded): Promise<number> {
  const handler = createMcpHttpHandler({ baseUrl, log: false, rateLimits: { default: 1e8 } });
  const list = async () => {
    const response = await handler.fetch(
      new Request('http://127.0.0.1/mcp', { method: 'POST', ...recorded }),
    );
    const text = await response.text();
    if (!text.includes('"tools"')) throw new Error(`tools/list failed: ${text.slice(0, 300)}`);
  };
  try {
    return await warmP50(list, 200, LIST_SAMPLES);
  } finally {
    await handler.close();
  }
}

function met(ok: boolean): string {
  return ok ? 'met' : '**not met**';
}

async function main(): Promise<void> {
  const mock = await target<{ url: string; pid: number; apiKey: string; containerId: string }>([
    'mock',
    String(MEMORY_KEYS),
  ]);
  const mcp = await target<{ url: string; pid: number }>(['mcp', mock.url]);
  const bare = await target<{ url: string; pid: number }>(['bare', mock.url]);
  const modern = await recordRequests(mcp.url, mock.apiKey, mock.containerId, true);
  const legacy = await recordRequests(mcp.url, mock.apiKey, mock.containerId, false);
  const restPath = `/containers/${mock.containerId}?include=shipment,pod_terminal`;
  const restHeaders = { authorization: `Token ${mock.apiKey}`, accept: 'application/vnd.api+json' };
  const call = (url: string, recorded: Recorded) => async () => {
    const response = await fetch(url, { method: 'POST', ...recorded });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"isError":true'))
      throw new Error(`tool call failed: ${text.slice(0, 300)}`);
    return response.headers.get('content-type')?.split(';')[0] ?? 'no content type';
  };
  const answerType = {
    modern: await call(mcp.url, modern.call)(),
    legacy: await call(mcp.url, legacy.call)(),
  };

  console.log('throughput...');
  const both = { host: mcp.pid, mock: mock.pid };
  const loads = await alternatingLoads(
    [
      {
        name: `MCP tools/call get_container, 2026-07-28 (${answerType.modern} answer)`,
        options: { url: mcp.url, method: 'POST', ...modern.call },
        pids: both,
      },
      {
        name: `MCP tools/call get_container, 2025-11-25 stateless (${answerType.legacy} answer)`,
        options: { url: mcp.url, method: 'POST', ...legacy.call },
        pids: both,
      },
      {
        name: 'bare Node host: the same two REST reads per POST (the reference)',
        options: { url: bare.url, method: 'POST', ...modern.call },
        pids: { host: bare.pid, mock: mock.pid },
      },
      {
        name: 'REST GET /containers/{id} straight to the mock (one of the two reads)',
        options: { url: `${mock.url}${restPath}`, headers: restHeaders },
        pids: { mock: mock.pid },
      },
    ],
    {
      connections: CONNECTIONS,
      warmupCalls: WARMUP_CALLS,
      durationS: DURATION_S,
      rounds: LOAD_ROUNDS,
    },
  );
  const [modernRun, legacyRun, bareRun] = loads;
  if (!modernRun || !legacyRun || !bareRun) throw new Error('a throughput run is missing');
  console.log(loads.map(({ name, rps }) => `${name}: ${Math.round(rps)} req/s`));

  const sdk = createClient({
    apiKey: mock.apiKey,
    baseUrl: mock.url,
    rateLimit: false,
    maxRetries: 0,
  });
  const direct = () =>
    sdk.containers.get(mock.containerId, { include: ['shipment', 'pod_terminal'] });
  // What get_container asks REST for an id: the container and its custom fields, in parallel.
  const toolCalls = () => Promise.all([direct(), sdk.containers.customFields(mock.containerId)]);
  const samples = {
    sdk: [] as number[],
    toolCalls: [] as number[],
    bare: [] as number[],
    modern: [] as number[],
    legacy: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < PER_ROUND; i++) samples.sdk.push(await timed(direct));
    for (let i = 0; i < PER_ROUND; i++) samples.toolCalls.push(await timed(toolCalls));
    for (let i = 0; i < PER_ROUND; i++) samples.bare.push(await timed(call(bare.url, modern.call)));
    for (let i = 0; i < PER_ROUND; i++)
      samples.modern.push(await timed(call(mcp.url, modern.call)));
    for (let i = 0; i < PER_ROUND; i++)
      samples.legacy.push(await timed(call(mcp.url, legacy.call)));
  }
  const p50 = (values: number[]) => percentile(values, 50);
  const bareP50 = p50(samples.bare);
  const rows = [
    ['SDK containers.get (one REST read of the tool)', samples.sdk],
    ['SDK containers.get and customFields in parallel (both REST reads)', samples.toolCalls],
    ['bare Node host, the same two REST reads per POST (the reference)', samples.bare],
    ['MCP tools/call get_container, 2026-07-28', samples.modern],
    ['MCP tools/call get_container, 2025-11-25 stateless', samples.legacy],
  ] as const;
  const listP50 = await toolsListP50(mock.url, modern.list);
  console.log(`latency p50: bare ${bareP50.toFixed(2)} ms, tools/list ${listP50.toFixed(2)} ms`);

  const memoryHost = await target<{ url: string; memoryUrl: string }>(['mcp', mock.url]);
  const memory = await memoryGrowth({
    url: memoryHost.url,
    memoryUrl: memoryHost.memoryUrl,
    request: modern.call,
    keys: Array.from({ length: MEMORY_KEYS }, (_, index) => `${mock.apiKey}-${index}`),
    totalCalls: MEMORY_CALLS,
    warmupKey: mock.apiKey,
    warmup: MEMORY_KEYS,
  });

  const rps = (load: Load) => load.rps;
  const errors = (load: Load) => load.errors + load.non2xx;
  const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
  const cpu = (ms: number | undefined) => (ms === undefined ? 'n/a' : ms.toFixed(3));
  const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}x`;
  const loadTable = [
    '| request | req/s | vs bare host | p50 (ms) | p99 (ms) | non-2xx | host CPU per request (ms) | vs bare host | mock CPU per request (ms) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...loads.map((load) => {
      const { name, hostCpuMs, mockCpuMs } = load;
      const cpuRatio =
        hostCpuMs === undefined || bareRun.hostCpuMs === undefined
          ? ''
          : ratio(hostCpuMs, bareRun.hostCpuMs);
      const rpsRatio = load.hostCpuMs === undefined ? '' : ratio(rps(load), rps(bareRun));
      return `| ${name} | ${fmt(rps(load))} | ${rpsRatio} | ${load.p50} | ${load.p99} | ${load.non2xx} | ${cpu(hostCpuMs)} | ${cpuRatio} | ${cpu(mockCpuMs)} |`;
    }),
  ].join('\n');
  const latencyTable = [
    '| one request at a time | p50 (ms) | p90 (ms) | p50 vs bare host |',
    '|---|--:|--:|--:|',
    ...rows.map(
      ([name, values]) =>
        `| ${name} | ${p50(values).toFixed(2)} | ${percentile(values, 90).toFixed(2)} | ${ratio(p50(values), bareP50)} |`,
    ),
  ].join('\n');
  const rssRatio = memory.afterAll.rss / memory.afterFirst.rss;
  const atMost = (value: number, reference: number, target: number) =>
    `${ratio(value, reference)} ${met(value / reference <= target)}`;
  const cpuRow = (run: Load, label: string) =>
    run.hostCpuMs === undefined || bareRun.hostCpuMs === undefined
      ? []
      : [
          `| ${label} | ${cpu(run.hostCpuMs)} ms | ${cpu(bareRun.hostCpuMs)} ms | <= ${TARGETS.cpuRatio}x | ${atMost(run.hostCpuMs, bareRun.hostCpuMs, TARGETS.cpuRatio)} |`,
        ];
  const rpsRow = (run: Load, label: string) =>
    `| ${label} | ${fmt(rps(run))} req/s, ${errors(run)} errors | ${fmt(rps(bareRun))} req/s, ${errors(bareRun)} errors | >= ${TARGETS.rpsRatio}x, 0 errors | ${ratio(rps(run), rps(bareRun))} ${met(rps(run) / rps(bareRun) >= TARGETS.rpsRatio && errors(run) === 0)} |`;
  const targetTable = [
    '| figure | value | bare Node host (same run) | target | ratio |',
    '|---|--:|--:|---|---|',
    rpsRow(modernRun, `tools/call get_container at ${CONNECTIONS} connections, 2026-07-28`),
    rpsRow(legacyRun, 'the same, 2025-11-25 stateless'),
    `| one at a time, p50, 2026-07-28 | ${p50(samples.modern).toFixed(2)} ms | ${bareP50.toFixed(2)} ms | <= ${TARGETS.p50Ratio}x | ${atMost(p50(samples.modern), bareP50, TARGETS.p50Ratio)} |`,
    `| the same, 2025-11-25 stateless | ${p50(samples.legacy).toFixed(2)} ms | ${bareP50.toFixed(2)} ms | <= ${TARGETS.p50Ratio}x | ${atMost(p50(samples.legacy), bareP50, TARGETS.p50Ratio)} |`,
    ...cpuRow(modernRun, `host CPU per call at ${CONNECTIONS} connections, 2026-07-28`),
    ...cpuRow(legacyRun, 'the same, 2025-11-25 stateless'),
    `| tools/list 2026-07-28, warm handler in process, p50 | ${listP50.toFixed(2)} ms | | <= ${TARGETS.listMs} ms | ${met(listP50 <= TARGETS.listMs)} |`,
    `| RSS after ${fmt(memory.calls)} tools/call of ${fmt(MEMORY_KEYS)} API keys (${memory.errors} errors; heap in use ${memory.afterAll.heapUsed.toFixed(0)} MB after a forced GC), against RSS after ${fmt(MEMORY_KEYS)} calls: ${memory.afterFirst.rss.toFixed(0)} MB (heap ${memory.afterFirst.heapUsed.toFixed(0)} MB), both after ${fmt(memory.warmup)} warm-up calls of one key | ${memory.afterAll.rss.toFixed(0)} MB | | <= ${TARGETS.rssRatio}x | ${rssRatio.toFixed(2)}x ${met(rssRatio <= TARGETS.rssRatio)} |`,
  ].join('\n');
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const machine = `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${load} when it ended; throughput: ${CONNECTIONS} connections, ${LOAD_ROUNDS} alternating rounds of ${DURATION_S} s per target after ${fmt(WARMUP_CALLS)} warm-up calls each; latency: ${ROUNDS} interleaved rounds of ${PER_ROUND} calls each; tools/list: ${LIST_SAMPLES} calls after 200.`;
  const report = `${targetTable}\n\n${loadTable}\n\n${latencyTable}\n\n${machine}\n`;
  console.log(report);
  const bareRow = (
    figure: string,
    value: number,
    referenceValue: number,
    unit: string,
    target: SummaryRow['target'],
  ): SummaryRow => ({
    figure,
    value,
    reference: 'bare Node host making the same two REST reads',
    referenceValue,
    unit,
    target,
  });
  const cpuSummary = (run: Load, figure: string): SummaryRow[] =>
    run.hostCpuMs === undefined || bareRun.hostCpuMs === undefined
      ? []
      : [bareRow(figure, run.hostCpuMs, bareRun.hostCpuMs, 'ms', { atMost: TARGETS.cpuRatio })];
  recordSummary('mcp-http', [
    bareRow(
      `tools/call get_container at ${CONNECTIONS} connections, 2026-07-28`,
      rps(modernRun),
      rps(bareRun),
      'req/s',
      { atLeast: TARGETS.rpsRatio },
    ),
    bareRow('the same, 2025-11-25 stateless', rps(legacyRun), rps(bareRun), 'req/s', {
      atLeast: TARGETS.rpsRatio,
    }),
    bareRow(
      'tools/call get_container one at a time, 2026-07-28 (p50)',
      p50(samples.modern),
      bareP50,
      'ms',
      {
        atMost: TARGETS.p50Ratio,
      },
    ),
    bareRow('the same, 2025-11-25 stateless (p50)', p50(samples.legacy), bareP50, 'ms', {
      atMost: TARGETS.p50Ratio,
    }),
    ...cpuSummary(modernRun, `host CPU per tools/call at ${CONNECTIONS} connections, 2026-07-28`),
    ...cpuSummary(legacyRun, 'host CPU per tools/call, 2025-11-25 stateless'),
    {
      figure: 'tools/list 2026-07-28 on a warm handler (p50)',
      value: listP50,
      reference: 'the target',
      referenceValue: TARGETS.listMs,
      unit: 'ms',
      target: { atMost: 1 },
    },
    {
      figure: `RSS after ${fmt(memory.calls)} tools/call of ${fmt(MEMORY_KEYS)} API keys`,
      value: memory.afterAll.rss,
      reference: `RSS after ${fmt(MEMORY_KEYS)} calls`,
      referenceValue: memory.afterFirst.rss,
      unit: 'MB',
      target: { atMost: TARGETS.rssRatio },
    },
    {
      figure: `heap in use after ${fmt(memory.calls)} tools/call of ${fmt(MEMORY_KEYS)} API keys (forced GC)`,
      value: memory.afterAll.heapUsed,
      reference: `after ${fmt(MEMORY_KEYS)} calls`,
      referenceValue: memory.afterFirst.heapUsed,
      unit: 'MB',
    },
  ]);

  writeReadmeSection('## mcp-http', mcpHttpSection({ report, connections: CONNECTIONS }));
}

await withChildren(main);
