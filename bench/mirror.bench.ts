/**
 * @shiptrack/mirror: deliveries stored per second through the mirror's
 * receiver as `shiptrack-mirror serve` runs it (`toNodeHandler` over the
 * mirror's handler: signature, envelope, version guard, observations, change
 * feed; one `mirror_apply` call each), and through its Fetch handler
 * (`Request` in, `Response` out), against a bare `INSERT ... ON CONFLICT`
 * of the same rows in one transaction, on PGlite (in memory, also per CPU
 * second) and on PostgreSQL; the at-risk query over 100,000 containers
 * (p50); PGlite's memory with 100,000 containers, measured in a process of
 * its own on a mirror directory and in memory.
 *
 * Run: `pnpm bench mirror`, or `node --expose-gc --import tsx
 * --conditions=shiptrack-source bench/mirror.bench.ts` (PostgreSQL rows need
 * Debian's `postgresql`; they are left out without it). With
 * `MIRROR_BENCH_ONLY=ingest` it measures the deliveries alone and records
 * nothing (for iterating on the ingest path).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createMirror, type Mirror, mirrorPGliteOptions } from '../packages/mirror/src/index.js';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '../packages/sdk/src/testing.js';
import { toNodeHandler, type WebhookHandler } from '../packages/sdk/src/webhooks/index.js';
import { hasPostgresServer, startPostgresServer } from '../test-support/postgres-server.js';
import { recordSummary, type SummaryRow } from './summary.js';

const SECRET = 'whsec_bench';
const DELIVERIES = 400;
/** Deliveries per alternating round: one step of every journey. */
const ROUND = 100;
const CONTAINERS = 100_000;
const QUERY_RUNS = 30;
/** `MIRROR_BENCH_ONLY=ingest`: the delivery rates only, printed, not recorded. */
const INGEST_ONLY = process.env.MIRROR_BENCH_ONLY === 'ingest';

interface Delivery {
  body: string;
  /** The body's bytes, as node:http hands them over. */
  bytes: Buffer;
  signature: string;
  container: { id: string; attributes: Record<string, unknown> };
  shipment: { id: string; attributes: Record<string, unknown> };
}

/** Deliveries of 100 journeys, four steps each, as the service sends them. */
async function deliveries(prefix: string): Promise<Delivery[]> {
  const made: Delivery[] = [];
  for (let i = 0; i < DELIVERIES; i += 1) {
    const journey = i % 100;
    const step = Math.floor(i / 100);
    const container = {
      id: `${prefix}-c${journey}`,
      attributes: {
        number: `MSCU${String(journey).padStart(6, '0')}`,
        current_status: ['loaded', 'on_ship', 'not_available', 'available'][step],
        pickup_lfd: step > 1 ? '2025-03-20T00:00:00Z' : null,
        holds_at_pod_terminal: [],
      },
    };
    const shipment = {
      id: `${prefix}-s${journey}`,
      attributes: {
        bill_of_lading_number: `MEDU${journey}`,
        pod_eta_at: `2025-03-1${step}T00:00:00Z`,
      },
    };
    const body = JSON.stringify({
      data: {
        id: `${prefix}-n${i}`,
        type: 'webhook_notification',
        attributes: {
          event: 'container.updated',
          delivery_status: 'pending',
          created_at: new Date(Date.UTC(2025, 2, 1) + i * 60_000).toISOString(),
        },
      },
      included: [
        {
          ...container,
          type: 'container',
          relationships: { shipment: { data: { type: 'shipment', id: shipment.id } } },
        },
        { ...shipment, type: 'shipment', relationships: {} },
      ],
    });
    made.push({
      body,
      bytes: Buffer.from(body),
      signature: await signPayload(body, SECRET),
      container,
      shipment,
    });
  }
  return made;
}

/** Stores one delivery; answers its HTTP status. */
type Deliver = (delivery: Delivery) => Promise<number>;

/**
 * Deliveries as `shiptrack-mirror serve` receives them: `toNodeHandler`
 * over the mirror's handler, given what node:http gives it (method, URL,
 * headers, the body as a stream of one Buffer chunk) and a response that records its
 * status. No socket: the bench measures the receiver, not the network.
 */
function receiverOf(handler: WebhookHandler): Deliver {
  const receive = toNodeHandler(handler);
  return (delivery) =>
    new Promise((resolve) => {
      const request = Object.assign(Readable.from([delivery.bytes]), {
        method: 'POST',
        url: '/webhooks',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: delivery.signature,
        },
      });
      const response = {
        statusCode: 0,
        setHeader: () => response,
        end: () => resolve(response.statusCode),
      };
      receive(request, response);
    });
}

/** Deliveries as a Fetch server (Hono, Next.js) hands them over: a `Request` in, a `Response` out. */
function fetchOf(handler: WebhookHandler): Deliver {
  return async (delivery) =>
    (
      await handler(
        new Request('http://bench/webhooks', {
          method: 'POST',
          headers: { [WEBHOOK_SIGNATURE_HEADER]: delivery.signature },
          body: delivery.body,
        }),
      )
    ).status;
}

/** Seconds to store a batch of deliveries through the mirror, one at a time. */
async function mirrorSeconds(deliver: Deliver, batch: readonly Delivery[]): Promise<number> {
  const started = performance.now();
  for (const delivery of batch) {
    const status = await deliver(delivery);
    if (status !== 200) throw new Error(`delivery answered ${status}`);
  }
  return (performance.now() - started) / 1000;
}

type Query = (text: string, params: unknown[]) => Promise<unknown>;

/** Seconds to store the same rows as two bare upserts in one transaction per delivery. */
async function bareSeconds(query: Query, batch: readonly Delivery[]): Promise<number> {
  const started = performance.now();
  for (const delivery of batch) {
    await query('begin', []);
    for (const record of [delivery.container, delivery.shipment]) {
      await query(
        'insert into bare (id, attributes) values ($1, $2) on conflict (id) do update set attributes = excluded.attributes',
        [record.id, JSON.stringify(record.attributes)],
      );
    }
    await query('commit', []);
  }
  return (performance.now() - started) / 1000;
}

/** Seconds of CPU (user and system, every thread of this process) in a `process.cpuUsage` difference. */
function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

/**
 * Deliveries per second of the mirror and of the bare upserts, in rounds of
 * one journey step (100 deliveries) that alternate between the two, after a
 * warm-up round of each (its own ids), so both run as warm and under the same
 * load; per second of wall-clock time and per second of this process's CPU
 * (which on PGlite is all the work, database included, and moves far less
 * with the load of a shared machine).
 */
async function rates(
  mirror: Mirror,
  query: Query,
  prefix: string,
): Promise<{ mirror: number; bare: number; mirrorCpu: number; bareCpu: number; fetch: number }> {
  await query(
    'create table if not exists bare (id text primary key, attributes jsonb not null)',
    [],
  );
  const handler = mirror.webhookHandler({ secret: SECRET });
  const receiver = receiverOf(handler);
  const viaFetch = fetchOf(handler);
  const warmUp = await deliveries(`${prefix}-warm`);
  await mirrorSeconds(receiver, warmUp.slice(0, ROUND));
  await mirrorSeconds(viaFetch, warmUp.slice(ROUND, 2 * ROUND));
  await bareSeconds(query, warmUp.slice(0, ROUND));
  const batch = await deliveries(prefix);
  const fetchBatch = await deliveries(`${prefix}-fetch`);
  let mirrorTotal = 0;
  let bareTotal = 0;
  let fetchTotal = 0;
  let mirrorCpu = 0;
  let bareCpu = 0;
  for (let start = 0; start < batch.length; start += ROUND) {
    const round = batch.slice(start, start + ROUND);
    let cpu = process.cpuUsage();
    mirrorTotal += await mirrorSeconds(receiver, round);
    mirrorCpu += cpuSeconds(process.cpuUsage(cpu));
    cpu = process.cpuUsage();
    bareTotal += await bareSeconds(query, round);
    bareCpu += cpuSeconds(process.cpuUsage(cpu));
    fetchTotal += await mirrorSeconds(viaFetch, fetchBatch.slice(start, start + ROUND));
  }
  return {
    mirror: batch.length / mirrorTotal,
    bare: batch.length / bareTotal,
    mirrorCpu: batch.length / mirrorCpu,
    bareCpu: batch.length / bareCpu,
    fetch: fetchBatch.length / fetchTotal,
  };
}

/** 100,000 containers straight into the table (the at-risk query's data, not the ingest's). */
async function loadContainers(query: Query): Promise<void> {
  await query(
    `insert into containers (id, version, attributes, relationships, source, holds, ref_numbers, number, current_status, pickup_lfd, pod_timezone)
     select 'c' || n, '2025-03-01T00:00:00.000Z|1|bench', '{}', '{}', 'sync', '[]', '[]', 'MSCU' || lpad(n::text, 7, '0'),
       (array['on_ship','not_available','available','picked_up'])[1 + n % 4],
       timestamptz '2025-03-01' + (n % 365) * interval '1 day',
       (array['America/Los_Angeles','Europe/Rotterdam','Asia/Shanghai','Europe/Amsterdam'])[1 + n % 4]
     from generate_series(1, $1::int) n`,
    [CONTAINERS],
  );
}

/** The at-risk query's median time; "now" is the first LFD day, so about 1% of the containers are due. */
async function atRiskP50(mirror: Mirror): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < QUERY_RUNS; i += 1) {
    const started = performance.now();
    const { items } = await mirror.atRisk({ withinDays: 3, now: '2025-03-01T00:00:00Z' });
    times.push(performance.now() - started);
    if (i === 0) console.log(`at-risk answers ${items.length} containers`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** RSS in MB once the garbage collector has run (the bench runs with --expose-gc). */
async function settledRssMb(): Promise<number> {
  const collect = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i += 1) {
    collect?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage().rss / 2 ** 20;
}

interface MemoryFigures {
  /** RSS once the mirror is open, before the containers. */
  before: number;
  rss: number;
  atRiskP50: number;
}

/**
 * The memory figure in a process of its own (`mirror.bench.ts memory <dataDir|memory:>`):
 * a mirror opened on PGlite with the mirror's settings, 100,000 containers
 * loaded, the RSS, then the at-risk query. Its one stdout line is JSON.
 */
async function measureMemory(where: string): Promise<MemoryFigures> {
  const pglite = new PGlite({
    ...mirrorPGliteOptions(),
    dataDir: where === 'memory:' ? undefined : where,
  });
  const mirror = await createMirror({ database: { pglite } });
  const before = await settledRssMb();
  await loadContainers((text, params) => pglite.query(text, params));
  const rss = await settledRssMb();
  const figures = { before, rss, atRiskP50: await atRiskP50(mirror) };
  await mirror.close();
  await pglite.close();
  return figures;
}

/** Runs this file in `memory` mode in a child process and reads its figures. */
function memoryInChild(where: string): MemoryFigures {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), 'memory', where],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0) throw new Error(`the memory run failed (${child.status}): ${last}`);
  return JSON.parse(last) as MemoryFigures;
}

if (process.argv[2] === 'memory') {
  console.log(JSON.stringify(await measureMemory(process.argv[3] ?? 'memory:')));
  process.exit(0);
}

const rows: SummaryRow[] = [];
const table: string[] = [];

// PGlite in memory: deliveries.
{
  const pglite = new PGlite(mirrorPGliteOptions());
  const mirror = await createMirror({ database: { pglite } });
  const {
    mirror: rate,
    bare,
    mirrorCpu,
    bareCpu,
    fetch,
  } = await rates(mirror, (text, params) => pglite.query(text, params), 'pglite');
  rows.push(
    {
      figure: 'PGlite: deliveries stored per second (mirror receiver, as `serve` runs it)',
      value: rate,
      reference: 'bare INSERT ... ON CONFLICT of the same rows',
      referenceValue: bare,
      unit: 'ops/s',
      target: { atLeast: 0.5 },
    },
    {
      figure: 'PGlite: deliveries stored per CPU second (mirror receiver)',
      value: mirrorCpu,
      reference: 'bare INSERT ... ON CONFLICT of the same rows, per CPU second',
      referenceValue: bareCpu,
      unit: 'ops/s',
    },
    {
      figure:
        'PGlite: deliveries stored per second through the Fetch handler (Request in, Response out)',
      value: fetch,
      reference: 'bare INSERT ... ON CONFLICT of the same rows',
      referenceValue: bare,
      unit: 'ops/s',
    },
  );
  table.push(
    `| PGlite deliveries/s | ${rate.toFixed(0)} | bare upserts ${bare.toFixed(0)} | ${(rate / bare).toFixed(2)}x |`,
    `| PGlite deliveries per CPU second | ${mirrorCpu.toFixed(0)} | bare upserts ${bareCpu.toFixed(0)} | ${(mirrorCpu / bareCpu).toFixed(2)}x |`,
    `| PGlite deliveries/s, Fetch handler | ${fetch.toFixed(0)} | bare upserts ${bare.toFixed(0)} | ${(fetch / bare).toFixed(2)}x |`,
  );
  await mirror.close();
  await pglite.close();
}

// PGlite memory, each in a fresh process: a mirror directory made earlier and opened again (a
// receiver's steady state), and a mirror in memory (which also holds the files and initdb's leftovers).
if (!INGEST_ONLY) {
  const home = mkdtempSync(join(tmpdir(), 'shiptrack-mirror-bench-'));
  try {
    const dataDir = join(home, 'mirror-data');
    const prepared = await createMirror({ database: dataDir });
    await prepared.close();
    const onDisk = memoryInChild(dataDir);
    const inMemory = memoryInChild('memory:');
    table.push(
      `| PGlite at-risk p50, ${CONTAINERS} containers (directory) | ${onDisk.atRiskP50.toFixed(1)} ms | | |`,
      `| PGlite process RSS with ${CONTAINERS} containers, directory | ${onDisk.rss.toFixed(0)} MB | mirror open, before loading ${onDisk.before.toFixed(0)} MB | |`,
      `| PGlite process RSS with ${CONTAINERS} containers, in memory | ${inMemory.rss.toFixed(0)} MB | mirror open, before loading ${inMemory.before.toFixed(0)} MB | |`,
    );
    rows.push(
      {
        figure: `PGlite: process RSS with ${CONTAINERS} containers (mirror directory)`,
        value: onDisk.rss,
        reference: 'target 400 MB',
        referenceValue: 400,
        unit: 'MB',
        target: { atMost: 1 },
      },
      {
        figure: `PGlite: process RSS with ${CONTAINERS} containers ('memory:')`,
        value: inMemory.rss,
        reference: 'target 400 MB',
        referenceValue: 400,
        unit: 'MB',
      },
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

// PostgreSQL.
if (hasPostgresServer) {
  const server = await startPostgresServer();
  try {
    const url = await server.createDatabase('bench');
    const mirror = await createMirror({ database: url });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const {
      mirror: rate,
      bare,
      fetch,
    } = await rates(mirror, (text, params) => client.query(text, params), 'pg');
    rows.push(
      {
        figure: 'PostgreSQL: deliveries stored per second (mirror receiver, as `serve` runs it)',
        value: rate,
        reference: 'bare INSERT ... ON CONFLICT of the same rows',
        referenceValue: bare,
        unit: 'ops/s',
        target: { atLeast: 0.5 },
      },
      {
        figure:
          'PostgreSQL: deliveries stored per second through the Fetch handler (Request in, Response out)',
        value: fetch,
        reference: 'bare INSERT ... ON CONFLICT of the same rows',
        referenceValue: bare,
        unit: 'ops/s',
      },
    );
    table.push(
      `| PostgreSQL deliveries/s | ${rate.toFixed(0)} | bare upserts ${bare.toFixed(0)} | ${(rate / bare).toFixed(2)}x |`,
      `| PostgreSQL deliveries/s, Fetch handler | ${fetch.toFixed(0)} | bare upserts ${bare.toFixed(0)} | ${(fetch / bare).toFixed(2)}x |`,
    );
    if (!INGEST_ONLY) await atRiskRows(mirror, client);
    await client.end();
    await mirror.close();
  } finally {
    await server.stop();
  }
} else {
  console.log('PostgreSQL is not installed: its rows are left out (apt-get install postgresql).');
}

/** The at-risk query over 100,000 containers on PostgreSQL. */
async function atRiskRows(mirror: Mirror, client: pg.Client): Promise<void> {
  await loadContainers((text, params) => client.query(text, params));
  await client.query('analyze containers');
  const p50 = await atRiskP50(mirror);
  rows.push({
    figure: `PostgreSQL: at-risk query p50 over ${CONTAINERS} containers`,
    value: p50,
    reference: 'target 50 ms',
    referenceValue: 50,
    unit: 'ms',
    target: { atMost: 1 },
  });
  table.push(
    `| PostgreSQL at-risk p50, ${CONTAINERS} containers | ${p50.toFixed(1)} ms | target 50 ms | |`,
  );
}

console.log(
  `\nNode ${process.version}\n\n| figure | value | reference | ratio |\n|---|--:|--:|--:|\n${table.join('\n')}`,
);
if (!INGEST_ONLY) recordSummary('mirror', rows);
