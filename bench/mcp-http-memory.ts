/**
 * The memory scenario of `mcp-http.bench.ts`: one host process answers
 * `tools/call` for many distinct API keys (so many SDK clients, key
 * verdicts and reused servers), and its memory is read after each key has
 * called once and again after many more calls. Growth past the first
 * reading is what the host keeps per key beyond its bounded caches.
 *
 * Both readings are taken the same way, after the same warm-up: the host's
 * code is warmed by one key's calls before the first, and each reading
 * collects the garbage first (`mcp-http-targets.ts`), so it counts what is
 * retained, not what a collection had not reached yet. RSS right after a
 * collection still swings by some 80 MB from one second to the next (V8
 * gives freed pages back in the background), so a reading is the median
 * of five, a second apart. RSS is reported with the heap still in use:
 * RSS growth with a flat heap is not a structure that grows.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

/** A recorded HTTP request to replay. */
export interface ReplayedRequest {
  headers: Record<string, string>;
  body: string;
}

/** One reading of the host's memory after a forced collection, in MB. */
export interface MemoryReading {
  rss: number;
  heapUsed: number;
}

/** Both readings, and how many calls were made. */
export interface MemoryGrowth {
  afterFirst: MemoryReading;
  afterAll: MemoryReading;
  /** Calls of the distinct keys (the warm-up's not counted). */
  calls: number;
  /** Calls of one key made before the first reading. */
  warmup: number;
  errors: number;
}

/** How many readings make one, and how far apart. */
const READINGS = 5;
const READING_GAP_MS = 1_000;

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** The host's memory: the median of five readings, each after a collection (its `memoryUrl`). */
async function readMemory(memoryUrl: string): Promise<MemoryReading> {
  const readings: NodeJS.MemoryUsage[] = [];
  for (let index = 0; index < READINGS; index++) {
    if (index > 0) await sleep(READING_GAP_MS);
    // The target answers `process.memoryUsage()` as JSON.
    readings.push((await (await fetch(memoryUrl)).json()) as NodeJS.MemoryUsage);
  }
  return {
    rss: median(readings.map((usage) => usage.rss)) / 2 ** 20,
    heapUsed: median(readings.map((usage) => usage.heapUsed)) / 2 ** 20,
  };
}

async function replay(
  url: string,
  request: ReplayedRequest,
  keys: string[],
  amount: number,
): Promise<number> {
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 10,
    amount,
    requests: [
      {
        method: 'POST',
        body: request.body,
        // Every call in turn with the next key, so each key calls as often as the others.
        setupRequest: (sent) => ({
          ...sent,
          headers: { ...request.headers, authorization: `Token ${keys[next++ % keys.length]}` },
        }),
      },
    ],
  });
  return result.errors + result.non2xx;
}

/**
 * Warms the host with `warmup` calls of `warmupKey`, replays `request` once
 * per key and reads the memory, replays it `totalCalls` times in all and
 * reads it again.
 */
export async function memoryGrowth(options: {
  url: string;
  memoryUrl: string;
  request: ReplayedRequest;
  keys: string[];
  totalCalls: number;
  warmupKey: string;
  warmup: number;
}): Promise<MemoryGrowth> {
  const { url, memoryUrl, request, keys, totalCalls, warmupKey, warmup } = options;
  let errors = await replay(url, request, [warmupKey], warmup);
  errors += await replay(url, request, keys, keys.length);
  const afterFirst = await readMemory(memoryUrl);
  errors += await replay(url, request, keys, totalCalls - keys.length);
  const afterAll = await readMemory(memoryUrl);
  return { afterFirst, afterAll, calls: totalCalls, warmup, errors };
}
