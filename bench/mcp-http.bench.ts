/**
 * The hosted MCP endpoint under load: `tools/call get_container` over HTTP
 * against the mock, next to the same call made directly with the SDK.
 *
 * 1. Throughput at 10 connections (autocannon): the tool call as a
 *    2026-07-28 request (JSON answer) and as a stateless 2025-11-25 request
 *    (SSE answer), and the REST request the tool makes, straight to the mock.
 * 2. Latency added: one request at a time, interleaved rounds, p50 of the
 *    tool call (a plain `fetch` POST, so no MCP client work is counted) and
 *    of `client.containers.get(id, { include: ['shipment', 'pod_terminal'] })`
 *    with the SDK, the REST call the tool makes. The difference is what the
 *    HTTP host and the MCP server add.
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
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import autocannon from 'autocannon';
import { createMcpHttpHandler } from '../packages/mcp-http/src/index.js';
import { createClient } from '../packages/sdk/src/index.js';
import { startChild, withChildren } from './child-processes.js';
import { memoryGrowth } from './mcp-http-memory.js';
import { mcpHttpSection } from './mcp-http-section.js';
import { withProcessCpu } from './process-cpu.js';
import { writeReadmeSection } from './readme-section.js';
import { recordSummary, type SummaryRow } from './summary.js';

const here = dirname(fileURLToPath(import.meta.url));
const DURATION_S = 8;
const WARMUP_S = 2;
const CONNECTIONS = 10;
const ROUNDS = 8;
const PER_ROUND = 50;
const LIST_SAMPLES = 2_000;
const MEMORY_KEYS = 1_000;
/** 100,000 by default; `BENCH_MEMORY_CALLS` shortens it on a machine too loaded to serve them in time. */
const MEMORY_CALLS = Number(process.env.BENCH_MEMORY_CALLS ?? 100_000);
/** The targets of issue 35. */
const TARGETS = {
  modernRps: 5_000,
  legacyRps: 4_000,
  addedMs: 0.3,
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

/** A recorded HTTP request, replayed by the load generator and the latency loop. */
interface Recorded {
  headers: Record<string, string>;
  body: string;
}

/** The requests a real client of one revision sent, recorded for replay. */
interface RecordedCalls {
  call: Recorded;
  list: Recorded;
}

/**
 * Connects a real MCP client speaking `revision`, lists the tools and calls
 * one, and records the HTTP requests it sent for both (so the replay is
 * exactly what a client of that revision sends).
 */
async function recordRequests(
  url: string,
  apiKey: string,
  id: string,
  modern: boolean,
): Promise<RecordedCalls> {
  const recorded = new Map<string, Recorded>();
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Token ${apiKey}` } },
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      const method = /"method":"(tools\/call|tools\/list)"/.exec(body)?.[1];
      if (method) {
        recorded.set(method, {
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          body,
        });
      }
      return fetch(input, init);
    },
  });
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(transport);
  await client.listTools();
  const result = await client.callTool({ name: 'get_container', arguments: { id } });
  if (result.isError) throw new Error(`get_container failed: ${JSON.stringify(result.content)}`);
  await client.close();
  const call = recorded.get('tools/call');
  const list = recorded.get('tools/list');
  if (!call || !list) throw new Error('no tools/call or tools/list request was recorded');
  return { call, list };
}

/** A throughput run, with the CPU the host and the mock spent per request served (ms). */
interface Load {
  name: string;
  result: autocannon.Result;
  /** CPU per request of the MCP host and of the mock, `undefined` without `/proc`. */
  hostCpuMs?: number;
  mockCpuMs?: number;
}

async function throughput(
  name: string,
  options: autocannon.Options,
  pids: { host?: number; mock: number },
): Promise<Load> {
  const base = { ...options, connections: CONNECTIONS };
  await autocannon({ ...base, duration: WARMUP_S });
  const watched = pids.host === undefined ? [pids.mock] : [pids.host, pids.mock];
  const { result, cpuMs } = await withProcessCpu(watched, () =>
    autocannon({ ...base, duration: DURATION_S }),
  );
  const perRequest = (ms: number | undefined) =>
    ms === undefined || result.requests.total === 0 ? undefined : ms / result.requests.total;
  const [hostCpu, mockCpu] = pids.host === undefined ? [undefined, cpuMs[0]] : cpuMs;
  return { name, result, hostCpuMs: perRequest(hostCpu), mockCpuMs: perRequest(mockCpu) };
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
  const modern = await recordRequests(mcp.url, mock.apiKey, mock.containerId, true);
  const legacy = await recordRequests(mcp.url, mock.apiKey, mock.containerId, false);
  const restPath = `/containers/${mock.containerId}?include=shipment,pod_terminal`;
  const restHeaders = { authorization: `Token ${mock.apiKey}`, accept: 'application/vnd.api+json' };

  console.log('throughput...');
  const both = { host: mcp.pid, mock: mock.pid };
  const loads = [
    await throughput(
      'MCP tools/call get_container, 2026-07-28 (JSON answer)',
      { url: mcp.url, method: 'POST', ...modern.call },
      both,
    ),
    await throughput(
      'MCP tools/call get_container, 2025-11-25 stateless (SSE answer)',
      { url: mcp.url, method: 'POST', ...legacy.call },
      both,
    ),
    await throughput(
      'REST GET /containers/{id} straight to the mock (what the tool calls)',
      { url: `${mock.url}${restPath}`, headers: restHeaders },
      { mock: mock.pid },
    ),
  ];

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
  const call = (recorded: Recorded) => async () => {
    const response = await fetch(mcp.url, {
      method: 'POST',
      headers: recorded.headers,
      body: recorded.body,
    });
    const text = await response.text();
    if (response.status !== 200 || text.includes('"isError":true'))
      throw new Error(`tool call failed: ${text.slice(0, 300)}`);
  };
  console.log(
    loads.map(({ name, result }) => `${name}: ${Math.round(result.requests.average)} req/s`),
  );
  const samples = {
    sdk: [] as number[],
    toolCalls: [] as number[],
    modern: [] as number[],
    legacy: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < PER_ROUND; i++) samples.sdk.push(await timed(direct));
    for (let i = 0; i < PER_ROUND; i++) samples.toolCalls.push(await timed(toolCalls));
    for (let i = 0; i < PER_ROUND; i++) samples.modern.push(await timed(call(modern.call)));
    for (let i = 0; i < PER_ROUND; i++) samples.legacy.push(await timed(call(legacy.call)));
  }
  const sdkP50 = percentile(samples.sdk, 50);
  const rows = [
    ['SDK containers.get (the REST call of the tool)', samples.sdk],
    [
      'SDK containers.get and customFields in parallel (both REST calls of the tool)',
      samples.toolCalls,
    ],
    ['MCP tools/call get_container, 2026-07-28', samples.modern],
    ['MCP tools/call get_container, 2025-11-25 stateless', samples.legacy],
  ] as const;
  const listP50 = await toolsListP50(mock.url, modern.list);
  console.log(
    `latency p50: SDK ${sdkP50.toFixed(2)} ms, tools/list ${listP50.toFixed(2)} ms; memory...`,
  );

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

  const rps = (result: autocannon.Result) => result.requests.average;
  const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
  const [modernRun, legacyRun] = loads;
  if (!modernRun || !legacyRun) throw new Error('a throughput run is missing');
  const [modernLoad, legacyLoad] = [modernRun.result, legacyRun.result];
  const cpu = (ms: number | undefined) => (ms === undefined ? 'n/a' : ms.toFixed(3));
  const loadTable = [
    '| request | req/s | p50 (ms) | p99 (ms) | non-2xx | host CPU per request (ms) | mock CPU per request (ms) |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...loads.map(
      ({ name, result, hostCpuMs, mockCpuMs }) =>
        `| ${name} | ${Math.round(rps(result)).toLocaleString('en-US')} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${cpu(hostCpuMs)} | ${cpu(mockCpuMs)} |`,
    ),
  ].join('\n');
  /** Calls a second one core of the host's kind serves, from the host's CPU per call. */
  const perCore = (ms: number | undefined) =>
    ms === undefined ? 'n/a' : `${fmt(1000 / ms)} calls/s`;
  const latencyTable = [
    '| one request at a time | p50 (ms) | p90 (ms) | p50 added over the SDK call (ms) |',
    '|---|--:|--:|--:|',
    ...rows.map(
      ([name, values]) =>
        `| ${name} | ${percentile(values, 50).toFixed(2)} | ${percentile(values, 90).toFixed(2)} | ${(percentile(values, 50) - sdkP50).toFixed(2)} |`,
    ),
  ].join('\n');
  const modernAdded = percentile(samples.modern, 50) - sdkP50;
  const legacyAdded = percentile(samples.legacy, 50) - sdkP50;
  const rssRatio = memory.afterAll.rss / memory.afterFirst.rss;
  const targetTable = [
    '| figure | value | reference (same run) | target | |',
    '|---|--:|---|---|---|',
    `| tools/call get_container at ${CONNECTIONS} connections, 2026-07-28 | ${fmt(rps(modernLoad))} req/s, ${modernLoad.errors + modernLoad.non2xx} errors | REST call on the mock: ${fmt(rps(loads[2]?.result ?? modernLoad))} req/s | >= ${fmt(TARGETS.modernRps)} req/s, 0 errors | ${met(rps(modernLoad) >= TARGETS.modernRps && modernLoad.errors + modernLoad.non2xx === 0)} |`,
    `| the same, 2025-11-25 stateless | ${fmt(rps(legacyLoad))} req/s, ${legacyLoad.errors + legacyLoad.non2xx} errors | the same | >= ${fmt(TARGETS.legacyRps)} req/s, 0 errors | ${met(rps(legacyLoad) >= TARGETS.legacyRps && legacyLoad.errors + legacyLoad.non2xx === 0)} |`,
    `| host CPU per tools/call at ${CONNECTIONS} connections, 2026-07-28: what one core of the host serves | ${cpu(modernRun.hostCpuMs)} ms: ${perCore(modernRun.hostCpuMs)} | the mock's CPU for the tool's two REST calls: ${cpu(modernRun.mockCpuMs)} ms | (reading: the 5,000 a second "on one core") | |`,
    `| the same, 2025-11-25 stateless | ${cpu(legacyRun.hostCpuMs)} ms: ${perCore(legacyRun.hostCpuMs)} | ${cpu(legacyRun.mockCpuMs)} ms | (reading) | |`,
    `| one at a time, p50 added over the SDK call, 2026-07-28 | ${modernAdded.toFixed(2)} ms | SDK call p50 ${sdkP50.toFixed(2)} ms | <= ${TARGETS.addedMs} ms | ${met(modernAdded <= TARGETS.addedMs)} |`,
    `| the same, 2025-11-25 stateless | ${legacyAdded.toFixed(2)} ms | the same | <= ${TARGETS.addedMs} ms | ${met(legacyAdded <= TARGETS.addedMs)} |`,
    `| one at a time, p50 added over both REST calls of the tool, 2026-07-28 | ${(percentile(samples.modern, 50) - percentile(samples.toolCalls, 50)).toFixed(2)} ms | SDK get and custom fields in parallel, p50 ${percentile(samples.toolCalls, 50).toFixed(2)} ms | (reading) | |`,
    `| tools/list 2026-07-28, warm handler in process, p50 | ${listP50.toFixed(2)} ms | | <= ${TARGETS.listMs} ms | ${met(listP50 <= TARGETS.listMs)} |`,
    `| RSS after ${fmt(memory.calls)} tools/call of ${fmt(MEMORY_KEYS)} API keys (${memory.errors} errors; after a forced GC, heap in use ${memory.afterAll.heapUsed.toFixed(0)} MB) | ${memory.afterAll.rss.toFixed(0)} MB | RSS after ${fmt(MEMORY_KEYS)} calls: ${memory.afterFirst.rss.toFixed(0)} MB (heap in use ${memory.afterFirst.heapUsed.toFixed(0)} MB); both after ${fmt(memory.warmup)} warm-up calls of one key | <= ${TARGETS.rssRatio}x | ${rssRatio.toFixed(2)}x ${met(rssRatio <= TARGETS.rssRatio)} |`,
  ].join('\n');
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const machine = `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${load} when it ended; throughput: ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s of warm-up; latency: ${ROUNDS} interleaved rounds of ${PER_ROUND} calls each; tools/list: ${LIST_SAMPLES} calls after 200.`;
  const report = `${targetTable}\n\n${loadTable}\n\n${latencyTable}\n\n${machine}\n`;
  console.log(report);
  /** An absolute target as a row: the figure against the target itself. */
  const against = (
    figure: string,
    value: number,
    targetValue: number,
    unit: string,
    target: SummaryRow['target'],
  ): SummaryRow => ({
    figure,
    value,
    reference: 'the target',
    referenceValue: targetValue,
    unit,
    target,
  });
  recordSummary('mcp-http', [
    {
      figure: 'MCP tools/call get_container over HTTP, 2026-07-28 (p50, one at a time)',
      value: percentile(samples.modern, 50),
      reference: 'SDK containers.get, the REST call the tool makes',
      referenceValue: sdkP50,
      unit: 'ms',
    },
    against(
      `tools/call get_container at ${CONNECTIONS} connections, 2026-07-28`,
      rps(modernLoad),
      TARGETS.modernRps,
      'req/s',
      { atLeast: 1 },
    ),
    against('the same, 2025-11-25 stateless', rps(legacyLoad), TARGETS.legacyRps, 'req/s', {
      atLeast: 1,
    }),
    ...(modernRun.hostCpuMs === undefined || modernRun.mockCpuMs === undefined
      ? []
      : [
          {
            figure: `host CPU per tools/call get_container at ${CONNECTIONS} connections, 2026-07-28`,
            value: modernRun.hostCpuMs,
            reference: "the mock's CPU for the tool's two REST calls",
            referenceValue: modernRun.mockCpuMs,
            unit: 'ms',
          },
        ]),
    against(
      'p50 added over the SDK call, one at a time, 2026-07-28',
      modernAdded,
      TARGETS.addedMs,
      'ms',
      { atMost: 1 },
    ),
    against('tools/list 2026-07-28 on a warm handler (p50)', listP50, TARGETS.listMs, 'ms', {
      atMost: 1,
    }),
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
