/**
 * Three worker processes share one API key, each with its own SDK client
 * and its own Redis connection, and send a burst of 300 requests to the
 * mock service over real HTTP. The mock counts per key on a rolling window
 * like the service; the test also records when each request reached it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMockServer, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hasRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from '../../../test-support/redis-server.js';
import type { BurstWorkerSummary } from './fixtures/burst-worker.js';

/**
 * The default bucket's limit, on a window shortened from the spec's 60 s to
 * 2 s on both sides (the mock's bucket and the SDK's `rateLimit.limits`):
 * 300 requests then take three windows, about 7 s, instead of 2 minutes.
 */
const LIMIT = 100;
const WINDOW_MS = 2_000;
/**
 * The gap the store adds to a deferred request (250 ms by default). The
 * mock sees a window hold more than the limit when the request `LIMIT`
 * places earlier reached it late and this one did not; on a busy machine
 * (several test processes on 2 cores) a process can stall for a second, so
 * the margin covers that.
 */
const MARGIN_MS = 1_500;
const WORKERS = 3;
const REQUESTS_PER_WORKER = 100;
const WORKER = fileURLToPath(new URL('./fixtures/burst-worker.ts', import.meta.url));

interface Arrival {
  at: number;
  status: number;
}

let redis: RedisServer | undefined;
let service: RunningMockServer | undefined;
const workers: ChildProcess[] = [];

afterEach(async () => {
  for (const worker of workers.splice(0)) worker.kill('SIGKILL');
  await service?.close();
  await redis?.stop();
  service = undefined;
  redis = undefined;
});

/**
 * Starts Redis and a mock with the default bucket's window shortened like
 * the clients', recording the time and status of every request it answers.
 */
async function startServices() {
  redis = await startRedisServer();
  const mock = createMockServer({
    dataset: 'empty',
    rateLimits: { default: { limit: LIMIT, windowSeconds: WINDOW_MS / 1000 } },
  });
  const arrivals: Arrival[] = [];
  service = await startMockServer({
    mock: {
      ...mock,
      fetch: async (request) => {
        const at = Date.now();
        const response = await mock.fetch(request);
        arrivals.push({ at, status: response.status });
        return response;
      },
    },
  });
  return { redis, service, apiKey: mock.apiKeys()[0] ?? '', arrivals };
}

/** Requests that reached the mock within one window of an earlier one `LIMIT` places before. */
function overLimit(arrivals: readonly Arrival[]): number {
  const times = arrivals.map((arrival) => arrival.at).sort((a, b) => a - b);
  let over = 0;
  for (let i = LIMIT; i < times.length; i++) {
    if ((times[i] ?? 0) - (times[i - LIMIT] ?? 0) < WINDOW_MS) over++;
  }
  return over;
}

interface BurstOptions {
  whenUnavailable: 'fail-open' | 'fail-closed';
  maxRetries: number;
  /** Told when a worker reports that the store refused a request (fail-closed). */
  onRefused?: () => void;
}

/** Runs the three workers to the end; resolves with their summaries. */
async function burst(
  env: { redisUrl: string; mockUrl: string; apiKey: string; prefix: string },
  options: BurstOptions,
): Promise<BurstWorkerSummary[]> {
  let ready = 0;
  const started: ChildProcess[] = [];
  return Promise.all(
    Array.from({ length: WORKERS }, () => {
      const worker = fork(WORKER, {
        execArgv: ['--conditions=shiptrack-source', '--import', 'tsx'],
        env: {
          ...process.env,
          REDIS_URL: env.redisUrl,
          REDIS_PREFIX: env.prefix,
          MOCK_URL: env.mockUrl,
          API_KEY: env.apiKey,
          BURST_REQUESTS: String(REQUESTS_PER_WORKER),
          BURST_CONCURRENCY: '10',
          LIMIT: String(LIMIT),
          WINDOW_MS: String(WINDOW_MS),
          MARGIN_MS: String(MARGIN_MS),
          WHEN_UNAVAILABLE: options.whenUnavailable,
          MAX_RETRIES: String(options.maxRetries),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      workers.push(worker);
      started.push(worker);
      return new Promise<BurstWorkerSummary>((resolve, reject) => {
        worker.on('message', (message: { type: string }) => {
          // All connected: start the three bursts together.
          if (message.type === 'ready' && ++ready === WORKERS) {
            for (const each of started) each.send({ type: 'go' });
          }
          if (message.type === 'unavailable') options.onRefused?.();
          // The worker sends this shape (fixtures/burst-worker.ts).
          if (message.type === 'done') resolve(message as BurstWorkerSummary);
        });
        worker.once('exit', (code) =>
          reject(new Error(`a worker exited with ${code} before reporting`)),
        );
      });
    }),
  );
}

describe.skipIf(!hasRedisServer)(
  hasRedisServer ? 'three processes sharing one API key through Redis' : REDIS_SERVER_MISSING,
  () => {
    it('send a burst of 300 requests with zero 429, never more than the limit in a window', async () => {
      const { redis, service, apiKey, arrivals } = await startServices();
      const summaries = await burst(
        { redisUrl: redis.url, mockUrl: service.url, apiKey, prefix: 'burst:' },
        // No retries: a 429 would surface as a failure instead of being absorbed.
        { whenUnavailable: 'fail-closed', maxRetries: 0 },
      );
      expect(summaries.map((summary) => summary.failed)).toEqual([[], [], []]);
      expect(summaries.reduce((sum, summary) => sum + summary.ok, 0)).toBe(300);
      expect(arrivals).toHaveLength(300);
      expect(arrivals.filter((arrival) => arrival.status === 429)).toHaveLength(0);
      expect(overLimit(arrivals)).toBe(0);
    }, 60_000);

    it('fail-closed: with Redis frozen mid-burst, requests wait for it and none is lost or over the limit', async () => {
      const { redis, service, apiKey, arrivals } = await startServices();
      let paused = false;
      let refusingWorkers = 0;
      const watch = setInterval(() => {
        if (arrivals.length >= 120 && !paused) {
          paused = true;
          redis.pause();
        }
      }, 20);
      const summaries = await burst(
        { redisUrl: redis.url, mockUrl: service.url, apiKey, prefix: 'frozen:' },
        {
          whenUnavailable: 'fail-closed',
          maxRetries: 0,
          // Redis answers again once a request has been refused.
          onRefused: () => {
            if (++refusingWorkers === 1) redis.resume();
          },
        },
      ).finally(() => clearInterval(watch));
      expect(refusingWorkers).toBeGreaterThan(0);
      expect(summaries.map((summary) => summary.failed)).toEqual([[], [], []]);
      expect(arrivals).toHaveLength(300);
      expect(arrivals.filter((arrival) => arrival.status === 429)).toHaveLength(0);
      expect(overLimit(arrivals)).toBe(0);
    }, 60_000);

    it('fail-open: with Redis killed mid-burst, each process limits itself and every request succeeds', async () => {
      const { redis, service, apiKey, arrivals } = await startServices();
      let killed = false;
      const watch = setInterval(() => {
        if (arrivals.length >= 120 && !killed) {
          killed = true;
          void redis.kill();
        }
      }, 20);
      const summaries = await burst(
        { redisUrl: redis.url, mockUrl: service.url, apiKey, prefix: 'open:' },
        // Each process now limits itself alone, so together they may exceed the limit: the SDK's
        // retries, which wait what Retry-After says, absorb the 429s.
        { whenUnavailable: 'fail-open', maxRetries: 6 },
      ).finally(() => clearInterval(watch));
      expect(killed).toBe(true);
      expect(summaries.map((summary) => summary.failed)).toEqual([[], [], []]);
      expect(summaries.reduce((sum, summary) => sum + summary.ok, 0)).toBe(300);
      expect(arrivals.filter((arrival) => arrival.status === 200)).toHaveLength(300);
      // Every worker warned (once per outage; a stall of the busy machine may count as one more).
      for (const summary of summaries) {
        expect(summary.warnings.length).toBeGreaterThan(0);
        for (const warning of summary.warnings) {
          expect(warning).toMatch(/unavailable to the rate-limit store .*limits itself in memory/);
        }
      }
    }, 60_000);
  },
);
