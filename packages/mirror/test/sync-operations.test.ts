/**
 * `shiptrack-mirror sync --interval --metrics-port` operated as in
 * production, against the mock over HTTP: the first run's result, then
 * its metrics scraped from the port (runs by outcome, REST reads), and its
 * span received at a local OTLP/HTTP endpoint with the SDK's REST spans
 * as its children.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { openTelemetry } from '@shiptrack/sdk/telemetry';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { startOtlpReceiver } from '../../../test-support/otlp-receiver.js';
import { parsePrometheusText, sampleSum } from '../../../test-support/prometheus-text.js';
import { parseCli } from '../src/cli/options.js';
import { runSyncCommand } from '../src/cli/sync-command.js';
import { startEmptyMock } from './support/mock-service.js';

const home = mkdtempSync(join(tmpdir(), 'mirror-sync-ops-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('sync with metrics and traces', () => {
  it('counts each run and its REST reads, and traces the run down to its REST calls', async () => {
    const mock = await startEmptyMock();
    const otlp = await startOtlpReceiver();
    const env = {
      SVC_MIRROR_DATABASE: join(home, 'data'),
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '20',
    };
    const command = parseCli(['sync', '--interval', '3600', '--metrics-port', '0'], env);
    if (command.command !== 'sync') throw new Error('not sync');
    const out: Record<string, unknown>[] = [];
    const err: Record<string, unknown>[] = [];
    let stop: (signal: NodeJS.Signals) => void = () => {};
    let traced: boolean | undefined;
    const running = runSyncCommand(
      command,
      async (withTelemetry) => {
        traced = withTelemetry;
        return createClient({
          apiKey: DEMO_API_KEY,
          baseUrl: mock.url,
          format: 'raw',
          rateLimit: false,
          ...(withTelemetry ? { telemetry: openTelemetry } : {}),
        });
      },
      { print: (line) => out.push(line), printErr: (line) => err.push(line), env },
      new Promise<NodeJS.Signals>((resolve) => {
        stop = resolve;
      }),
    );
    try {
      const synced = await eventually(() => {
        const found = out.find((line) => line.msg === 'synced');
        if (!found) throw new Error(`no result yet: ${JSON.stringify(err.at(-1))}`);
        return found as { requests: number };
      });
      expect(traced).toBe(true);
      expect(synced.requests).toBeGreaterThan(0);
      const metricsUrl = String(err.find((line) => line.msg === 'metrics')?.url);
      const scrape = parsePrometheusText(await (await fetch(metricsUrl)).text());
      expect(
        sampleSum(scrape, 'shiptrack_mirror_sync_runs_total', {
          shiptrack_mirror_outcome: 'completed',
        }),
      ).toBe(1);
      expect(sampleSum(scrape, 'shiptrack_mirror_sync_reads_total')).toBe(synced.requests);
      expect(scrape.types.get('shiptrack_mirror_sync_duration')).toBe('histogram');
      expect((await fetch(new URL('/readyz', metricsUrl))).status).toBe(200);

      const { run, rest } = await eventually(() => {
        const runSpan = otlp.spans.find((span) => span.name === 'mirror sync');
        const children = otlp.spans.filter(
          (span) => runSpan !== undefined && span.parentSpanId === runSpan.spanId,
        );
        if (!runSpan || children.length < synced.requests) {
          throw new Error(`spans so far: ${otlp.spans.map((span) => span.name).join(', ')}`);
        }
        return { run: runSpan, rest: children };
      });
      expect(run.attributes).toMatchObject({
        'shiptrack.mirror.outcome': 'completed',
        'shiptrack.mirror.requests': synced.requests,
      });
      expect(rest.every((span) => span.traceId === run.traceId)).toBe(true);
      expect(rest.map((span) => span.name)).toContain('GET /v2/tracking_requests');
    } finally {
      stop('SIGTERM');
      expect(await running).toBe('SIGTERM');
      await otlp.close();
      await mock.close();
    }
  });
});
