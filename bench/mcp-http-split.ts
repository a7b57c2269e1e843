/**
 * Splits the MCP host's CPU per `tools/call get_container` beyond the bare
 * host's, as the third profiling round of bench/README.md ("mcp-http",
 * "Profiling") did: the mock in its own process, and in this one, at 10
 * calls in flight, the CPU per call (`process.cpuUsage()`) of the two REST
 * reads on bare `node:http` (what the bare host does), of the same reads
 * through the SDK, and of the tool called directly with its result
 * serialized. Not a benchmark of `pnpm bench`: run it by hand.
 *
 * Run: `node --import tsx --conditions=shiptrack-source bench/mcp-http-split.ts [rounds]`.
 */
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@shiptrack/sdk';
import { createNodeFetch } from '@shiptrack/sdk/node';
import { createDirectTools, ShippingLineCache } from '../packages/mcp/src/index.js';
import { startChild, withChildren } from './child-processes.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.argv[2] ?? 3);
const CALLS = 2_000;
const WARMUP_CALLS = 1_000;
const IN_FLIGHT = 10;

/** Runs `call` `count` times, `IN_FLIGHT` at a time. */
async function load(call: () => Promise<unknown>, count: number): Promise<void> {
  let started = 0;
  const lane = async () => {
    while (started++ < count) await call();
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

async function main(): Promise<void> {
  const line = await startChild(
    process.execPath,
    ['--import', 'tsx', '--conditions=shiptrack-source', join(here, 'mcp-http-targets.ts'), 'mock'],
    (candidate) => candidate.startsWith('{'),
  );
  const mock = JSON.parse(line) as { url: string; apiKey: string; containerId: string };
  const id = mock.containerId;
  const client = createClient({
    apiKey: mock.apiKey,
    baseUrl: mock.url,
    rateLimit: false,
    fetch: createNodeFetch(),
  });
  const tools = createDirectTools({ shippingLineCache: new ShippingLineCache() });
  const caller = { client, cacheKey: 'bench', useMirror: false };
  const base = new URL(mock.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const get = (path: string) =>
    new Promise<unknown>((resolve, reject) => {
      const outgoing = request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          path: `${base.pathname}${path}`,
          headers: { accept: 'application/vnd.api+json', authorization: `Token ${mock.apiKey}` },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  const candidates: [string, () => Promise<unknown>][] = [
    [
      'the two GETs on node:http, parsed',
      () =>
        Promise.all([
          get(`/containers/${id}?include=shipment,pod_terminal`),
          get(`/containers/${id}/custom_fields`),
        ]),
    ],
    [
      'the same reads through the SDK',
      () =>
        Promise.all([
          client.containers.get(id, { include: ['shipment', 'pod_terminal'] }),
          client.containers.customFields(id).list({ format: 'mapped' }),
        ]),
    ],
    [
      'get_container called directly, serialized',
      async () => {
        const { result } = await tools.call('get_container', { id }, caller);
        if (result.isError) throw new Error(`get_container failed: ${JSON.stringify(result)}`);
        return JSON.stringify(result);
      },
    ],
  ];
  for (const [, call] of candidates) await load(call, WARMUP_CALLS);
  const perCall = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, call] of candidates) {
      const before = process.cpuUsage();
      await load(call, CALLS);
      const used = process.cpuUsage(before);
      perCall.set(name, [...(perCall.get(name) ?? []), (used.user + used.system) / CALLS]);
    }
  }
  for (const [name, values] of perCall) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
    console.log(
      `${name}: ${median.toFixed(0)} µs per call (rounds: ${sorted.map((v) => v.toFixed(0)).join(', ')})`,
    );
  }
  agent.destroy();
}

await withChildren(main);
