/**
 * The mock server under load and at scale.
 *
 * 1. Throughput of `GET /v2/containers/{id}?include=shipment` over loopback
 *    (autocannon, 10 connections): our mock, Prism mocking the same spec
 *    (`prism mock spec/openapi.yaml`, errors only), and a bare node:http
 *    server answering the same bytes. Each server runs in its own process;
 *    each gets a short warm-up, then a measured run.
 *    Targets: >= 3x Prism, >= 30% of bare.
 * 2. Memory: 100,000 containers tracked in a fresh engine (each its own
 *    tracking request and shipment, the worst case), heap in use after GC.
 *    Target: < 500 MB.
 *
 * Run: `tsx --conditions=shiptrack-source bench/mock-server.bench.ts`
 * (about a minute). Writes the table into bench/README.md, section "mock-server".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startChild, withChildren } from './child-processes.js';
import { writeReadmeSection } from './readme-section.js';
import { recordSummary } from './summary.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const DURATION_S = 8;
const WARMUP_S = 2;
const CONNECTIONS = 10;
const CONTAINERS = 100_000;
function tsxChild(args: string[], ready: (line: string) => boolean): Promise<string> {
  return startChild(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      '--conditions=shiptrack-source',
      join(here, 'mock-server-targets.ts'),
      ...args,
    ],
    ready,
  );
}

async function load(
  url: string,
  headers: Record<string, string>,
  options: { bustCache?: boolean } = {},
): Promise<autocannon.Result> {
  // `Cache-Control: no-cache` makes the mock build every answer afresh (its read cache is skipped).
  const base = {
    url,
    headers: options.bustCache ? { ...headers, 'cache-control': 'no-cache' } : headers,
    connections: CONNECTIONS,
  };
  await autocannon({ ...base, duration: WARMUP_S });
  return autocannon({ ...base, duration: DURATION_S });
}

interface Row {
  name: string;
  result: autocannon.Result;
}

async function main(): Promise<void> {
  const headers = { authorization: 'Token bench-key', accept: 'application/vnd.api+json' };

  const ours = JSON.parse(await tsxChild(['serve'], (line) => line.startsWith('{'))) as {
    url: string;
    path: string;
  };
  const target = `${ours.url}${ours.path}`;
  const sample = await fetch(target, { headers });
  if (sample.status !== 200) throw new Error(`The mock answered ${sample.status} to ${target}.`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const file = join(mkdtempSync(join(tmpdir(), 'shiptrack-bench-')), 'container.json');
  writeFileSync(file, bytes);

  const bare = JSON.parse(await tsxChild(['bare', file], (line) => line.startsWith('{'))) as {
    url: string;
  };
  const prismPort = 4600 + Math.floor(Math.random() * 300);
  await startChild(
    join(root, 'node_modules/.bin/prism'),
    ['mock', 'spec/openapi.yaml', '-p', String(prismPort), '-h', '127.0.0.1', '-v', 'error'],
    () => true,
  ).catch(() => undefined);
  // Prism serves the spec's paths at its root (without the server's `/v2`).
  const prismUrl = `http://127.0.0.1:${prismPort}${ours.path}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(prismUrl, { headers })).status < 500) break;
    } catch (error) {
      if (attempt > 100)
        throw new Error(`Prism did not start on port ${prismPort}.`, { cause: error });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const prismSample = await fetch(prismUrl, { headers });

  const rows: Row[] = [];
  rows.push({ name: '@shiptrack/mock-server', result: await load(target, headers) });
  const uncached = await load(target, headers, { bustCache: true });
  rows.push({ name: 'Prism (prism mock, static examples)', result: await load(prismUrl, headers) });
  rows.push({
    name: 'bare node:http, same bytes',
    result: await load(`${bare.url}${ours.path}`, headers),
  });

  const memory = JSON.parse(
    await tsxChild(['memory', String(CONTAINERS)], (line) => line.startsWith('{')),
  ) as {
    containers: number;
    transportEvents: number;
    heapUsedMb: number;
    rssMb: number;
    seconds: number;
  };

  const rps = (row: Row | undefined) => row?.result.requests.average ?? 0;
  const [mock, prism, bareRow] = rows;
  rows.push({ name: '@shiptrack/mock-server, every request a cache miss', result: uncached });
  const table = [
    '| server | req/s | p50 latency (ms) | p99 latency (ms) | non-2xx | vs mock |',
    '|---|--:|--:|--:|--:|--:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${Math.round(rps(row)).toLocaleString('en-US')} | ${row.result.latency.p50} | ${row.result.latency.p99} | ${row.result.non2xx} | ${(rps(row) / rps(mock)).toFixed(2)}x |`,
    ),
  ].join('\n');
  const memoryTable = [
    '| containers | transport events | heap used after GC | RSS | time to create |',
    '|--:|--:|--:|--:|--:|',
    `| ${memory.containers.toLocaleString('en-US')} | ${memory.transportEvents.toLocaleString('en-US')} | ${memory.heapUsedMb.toFixed(0)} MB | ${memory.rssMb.toFixed(0)} MB | ${memory.seconds.toFixed(1)} s |`,
  ].join('\n');
  const verdicts = [
    `- mock / Prism: ${(rps(mock) / rps(prism)).toFixed(1)}x (target >= 3x) ${rps(mock) >= 3 * rps(prism) ? 'met' : 'NOT met'}`,
    `- mock / bare: ${((rps(mock) / rps(bareRow)) * 100).toFixed(0)}% (target >= 30%) ${rps(mock) >= 0.3 * rps(bareRow) ? 'met' : 'NOT met'}`,
    `- heap for ${memory.containers.toLocaleString('en-US')} containers: ${memory.heapUsedMb.toFixed(0)} MB (target < 500 MB) ${memory.heapUsedMb < 500 ? 'met' : 'NOT met'}`,
  ].join('\n');
  const machine = `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${CONNECTIONS} connections, ${DURATION_S} s per server after ${WARMUP_S} s of warm-up.`;
  const report = `${table}\n\n${memoryTable}\n\n${machine}\n\n${verdicts}\n`;
  console.log(report);
  recordSummary('mock-server', [
    {
      figure: 'mock: GET a container with its shipment',
      value: rps(mock),
      reference: 'Prism mocking the same spec',
      referenceValue: rps(prism),
      unit: 'req/s',
      target: { atLeast: 3 },
    },
    {
      figure: 'mock: GET a container with its shipment',
      value: rps(mock),
      reference: 'bare node:http writing the same bytes',
      referenceValue: rps(bareRow),
      unit: 'req/s',
      target: { atLeast: 0.3 },
    },
  ]);

  const section = `## mock-server

\`pnpm bench mock-server\` (\`node --expose-gc --import tsx --conditions=shiptrack-source bench/mock-server.bench.ts\`) (about a minute):
\`GET /v2/containers/{id}?include=shipment\` (a ${bytes.byteLength.toLocaleString('en-US')}-byte JSON:API document)
over loopback with autocannon. Each server runs in its own process: our mock
(demo data, rate limits raised for the load), Prism mocking the same spec
(\`prism mock spec/openapi.yaml\`, errors-only logging; it answers ${prismSample.status} with the
spec's example, so it does less work than the mock), and a bare \`node:http\`
server writing the mock's bytes (the floor of Node HTTP itself). The mock
caches read responses until its state changes (any clock job or write), as a
client polling one container sees; the last row sends
\`Cache-Control: no-cache\` with every request so that each one is serialized
afresh. Then memory:
${CONTAINERS.toLocaleString('en-US')} containers tracked by container number (each with its own
tracking request, shipment and history: the worst case), heap in use after GC.
Load generator and servers share the machine's cores, so absolute numbers
move by a third between runs; the ratios are what to read.

${report}`;
  writeReadmeSection('## mock-server', section);
}

await withChildren(main);
