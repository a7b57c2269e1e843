/**
 * Throughput runs of `mcp-http.bench.ts`: every target warmed by a fixed
 * number of calls first (on a loaded machine a warm-up of a few seconds may
 * serve too few calls to compile the hot code), then measured in alternating
 * rounds, the order reversed every other round (A B C, C B A, ...), so
 * that a change of the machine's load falls on every target alike and no
 * target always runs first or follows the same one. Each figure is over all rounds: requests over
 * seconds, and the CPU of each watched process (from `/proc`) over requests.
 */
import autocannon from 'autocannon';
import { withProcessCpu } from './process-cpu.js';

/** One thing to load: the request, and the processes whose CPU is counted. */
export interface LoadTarget {
  name: string;
  options: autocannon.Options;
  /** The host serving the request (if one is watched) and the mock behind it. */
  pids: { host?: number; mock: number };
}

/** What the rounds of one target measured. */
export interface Load {
  name: string;
  /** Requests answered per second over every round. */
  rps: number;
  requests: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  non2xx: number;
  /** The median over rounds of each round's latency percentile (ms). */
  p50: number;
  p99: number;
  /** CPU per request of the host and of the mock (ms), `undefined` without `/proc`. */
  hostCpuMs?: number;
  mockCpuMs?: number;
}

/** How the rounds run. */
export interface LoadPlan {
  connections: number;
  /** Calls each target serves before any is measured. */
  warmupCalls: number;
  durationS: number;
  rounds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Measures every target in alternating rounds (see the module comment). */
export async function alternatingLoads(targets: LoadTarget[], plan: LoadPlan): Promise<Load[]> {
  for (const target of targets) {
    await autocannon({
      ...target.options,
      connections: plan.connections,
      amount: plan.warmupCalls,
    });
  }
  const totals = targets.map(() => ({
    requests: 0,
    seconds: 0,
    errors: 0,
    non2xx: 0,
    p50: [] as number[],
    p99: [] as number[],
    hostCpu: 0 as number | undefined,
    mockCpu: 0 as number | undefined,
  }));
  for (let round = 0; round < plan.rounds; round++) {
    const order = targets.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const target = targets[index];
      if (!target) continue;
      const { host, mock } = target.pids;
      const { result, cpuMs } = await withProcessCpu(
        host === undefined ? [mock] : [host, mock],
        () =>
          autocannon({
            ...target.options,
            connections: plan.connections,
            duration: plan.durationS,
          }),
      );
      const total = totals[index];
      if (!total) continue;
      const [hostCpu, mockCpu] = host === undefined ? [undefined, cpuMs[0]] : cpuMs;
      total.requests += result.requests.total;
      total.seconds += result.duration;
      total.errors += result.errors + result.timeouts;
      total.non2xx += result.non2xx;
      total.p50.push(result.latency.p50);
      total.p99.push(result.latency.p99);
      total.hostCpu =
        total.hostCpu === undefined || hostCpu === undefined ? undefined : total.hostCpu + hostCpu;
      total.mockCpu =
        total.mockCpu === undefined || mockCpu === undefined ? undefined : total.mockCpu + mockCpu;
    }
  }
  return targets.map((target, index) => {
    // One total per target, built above.
    const total = totals[index] as (typeof totals)[number];
    const perRequest = (ms: number | undefined) =>
      ms === undefined || total.requests === 0 ? undefined : ms / total.requests;
    return {
      name: target.name,
      rps: total.seconds === 0 ? 0 : total.requests / total.seconds,
      requests: total.requests,
      errors: total.errors,
      non2xx: total.non2xx,
      p50: median(total.p50),
      p99: median(total.p99),
      hostCpuMs: target.pids.host === undefined ? undefined : perRequest(total.hostCpu),
      mockCpuMs: perRequest(total.mockCpu),
    };
  });
}
