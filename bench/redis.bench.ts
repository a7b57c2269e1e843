/**
 * Acquire latency of the rate-limit stores, in one run on loopback: the
 * SDK's memory store next to the Redis store (`@shiptrack/redis`) against a
 * real redis-server started for the bench (no persistence).
 *
 * Every candidate reserves slots in the spec's default bucket (100 per 60 s)
 * and releases each slot right away, so the bucket stays full: every acquire
 * takes the deferred path (the log is trimmed, the slot `limit` places
 * earlier is looked up, the reservation recorded), the most work a call does.
 * Latency is measured per call with `process.hrtime`; each candidate runs
 * 5 rounds of 3,000 calls after 1,000 warm-up calls, in rotating order, and
 * the table gives percentiles over every call. The concurrent rows keep 32
 * calls in flight on one connection (a busy process): their latency includes
 * the wait behind the other calls in the pipeline.
 *
 * Run: `pnpm bench redis`. Needs `redis-server` on PATH (`apt-get install -y
 * redis-server`); without it the bench says so and exits.
 */
import { Redis } from 'ioredis';
import { createRedisRateLimitStore } from '../packages/redis/src/index.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../packages/sdk/src/index.js';
import {
  hasRedisServer,
  REDIS_SERVER_MISSING,
  startRedisServer,
} from '../test-support/redis-server.js';
import { recordSummary } from './summary.js';

if (!hasRedisServer) {
  console.log(`Skipped: ${REDIS_SERVER_MISSING}.`);
  process.exit(0);
}

const ROUNDS = 5;
const CALLS = 3_000;
const WARMUP = 1_000;
const LIMIT = 100;
const WINDOW_MS = 60_000;

const server = await startRedisServer();
const redis = new Redis(server.url);
redis.on('error', () => {});

interface Candidate {
  name: string;
  store: RateLimitStore;
  /** Calls in flight at once. */
  concurrency: number;
}

const memory = new MemoryRateLimitStore();
const shared = createRedisRateLimitStore(redis, { prefix: 'bench:' });
const candidates: Candidate[] = [
  { name: 'memory store (SDK default)', store: memory, concurrency: 1 },
  { name: 'Redis store, one call at a time', store: shared, concurrency: 1 },
  { name: 'memory store, 32 in flight', store: memory, concurrency: 32 },
  { name: 'Redis store, 32 in flight on one connection', store: shared, concurrency: 32 },
];

/** Runs `calls` acquire + release pairs with `concurrency` in flight; returns each acquire's latency in µs. */
async function run(candidate: Candidate, calls: number): Promise<number[]> {
  const latencies: number[] = [];
  let started = 0;
  const lane = async () => {
    while (started < calls) {
      started++;
      const begin = process.hrtime.bigint();
      const slot = await candidate.store.acquire('bench-key', 'default', LIMIT, WINDOW_MS);
      latencies.push(Number(process.hrtime.bigint() - begin) / 1000);
      await slot.release();
    }
  };
  await Promise.all(Array.from({ length: candidate.concurrency }, lane));
  return latencies;
}

const samples = new Map<string, number[]>();
for (const candidate of candidates) await run(candidate, WARMUP);
for (let round = 0; round < ROUNDS; round++) {
  const shift = round % candidates.length;
  for (const candidate of [...candidates.slice(shift), ...candidates.slice(0, shift)]) {
    const began = process.hrtime.bigint();
    const latencies = await run(candidate, CALLS);
    const seconds = Number(process.hrtime.bigint() - began) / 1e9;
    samples.set(candidate.name, [...(samples.get(candidate.name) ?? []), ...latencies]);
    samples.set(`${candidate.name}#rate`, [
      ...(samples.get(`${candidate.name}#rate`) ?? []),
      CALLS / seconds,
    ]);
  }
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

console.log('| store | p50 (µs) | p99 (µs) | acquire + release pairs/s |');
console.log('|---|--:|--:|--:|');
for (const { name } of candidates) {
  const latencies = samples.get(name) ?? [];
  const rate = percentile(samples.get(`${name}#rate`) ?? [], 50);
  console.log(
    `| ${name} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${Math.round(rate).toLocaleString('en-US')} |`,
  );
}
const info = await redis.info('server');
const version = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
console.log(
  `\nNode ${process.version}, redis-server ${version} on loopback, ioredis; ${ROUNDS} rounds of ${CALLS.toLocaleString('en-US')} calls per candidate.`,
);

const p50 = (name: string) => percentile(samples.get(name) ?? [], 50);
const [inMemory, onRedis] = candidates;
if (inMemory && onRedis) {
  recordSummary('redis', [
    {
      figure: `${onRedis.name}: acquire (p50)`,
      value: p50(onRedis.name),
      reference: inMemory.name,
      referenceValue: p50(inMemory.name),
      unit: 'µs',
    },
  ]);
}

await redis.quit();
await server.stop();
