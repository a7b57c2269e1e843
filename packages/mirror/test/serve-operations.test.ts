/**
 * `shiptrack-mirror serve` operated as in production, on a real PostgreSQL
 * server: signed deliveries over HTTP (one with the service's
 * `traceparent`), then `/metrics` on its own port read with a strict
 * Prometheus text reader (deliveries by outcome, ingest lag, the refetch
 * queue, the last sync), spans received at a local OTLP/HTTP endpoint,
 * `/readyz` following PostgreSQL down and up, and a drain that says
 * `draining` before the receiver closes.
 */
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { type OtlpReceiver, startOtlpReceiver } from '../../../test-support/otlp-receiver.js';
import {
  hasPostgresServer,
  type PostgresServer,
  startPostgresServer,
} from '../../../test-support/postgres-server.js';
import {
  type PrometheusScrape,
  parsePrometheusText,
  sampleSum,
} from '../../../test-support/prometheus-text.js';
import { parseCli } from '../src/cli/options.js';
import { runServe, serveLogger } from '../src/cli/serve-command.js';
import { createMirror } from '../src/index.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';
import { startEmptyMock } from './support/mock-service.js';

const SECRET = 'whsec-operations';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
/** Two minutes before the deliveries are posted: the ingest lag is at least that. */
const CREATED_AT = new Date(Date.now() - 120_000).toISOString();

const container = (id: string) => ({
  id,
  type: 'container',
  attributes: { number: 'MSCU1234566', current_status: 'on_ship', updated_at: CREATED_AT },
  relationships: {},
});

interface Served {
  receiver: string;
  metrics: string;
  origin: string;
}

describe.skipIf(!hasPostgresServer)('serve in production (skipped without PostgreSQL)', () => {
  let postgres: PostgresServer;
  let otlp: OtlpReceiver;
  let database: string;
  const records: Record<string, unknown>[] = [];
  let stop: (signal: string) => void = () => {};
  let stopped: Promise<string>;
  let served: Served;
  let scrape: PrometheusScrape;

  beforeAll(async () => {
    postgres = await startPostgresServer();
    otlp = await startOtlpReceiver();
    database = await postgres.createDatabase();
    const env = {
      SVC_MIRROR_DATABASE: database,
      SVC_MIRROR_WEBHOOK_SECRET: SECRET,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '20',
    };
    const command = parseCli(
      ['serve', '--port', '0', '--metrics-port', '0', '--drain-delay-ms', '1000'],
      env,
    );
    if (command.command !== 'serve') throw new Error('not serve');
    const logger = serveLogger(
      { ...command, logging: { level: 'info', format: 'json' } },
      { write: (line: string) => records.push(JSON.parse(line) as Record<string, unknown>) },
    );
    stopped = runServe(
      command,
      logger,
      env,
      new Promise<string>((resolve) => {
        stop = resolve;
      }),
    );
    const listening = await eventually(() => {
      const found = records.find((record) => record.msg === 'listening');
      if (!found) throw new Error(`not listening yet: ${JSON.stringify(records)}`);
      return found as { url: string; metrics: string };
    });
    served = {
      receiver: listening.url,
      metrics: listening.metrics,
      origin: new URL(listening.url).origin,
    };

    const post = async (request: Request) => (await fetch(served.receiver, request)).status;
    const applied = deliveryOf('ops-n1', CREATED_AT, [container('ops-c1')]);
    const traced = await signedRequest(applied, SECRET, served.receiver);
    traced.headers.set('traceparent', `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`);
    expect(await post(traced)).toBe(200);
    expect(await post(await signedRequest(applied, SECRET, served.receiver))).toBe(200);
    expect(await post(await signedRequest(applied, 'whsec-wrong', served.receiver))).toBe(401);

    // A sync of the same database (an empty account) finishes its full pass.
    const mock = await startEmptyMock();
    try {
      const syncing = await createMirror({
        client: createClient({
          apiKey: DEMO_API_KEY,
          baseUrl: mock.url,
          format: 'raw',
          rateLimit: false,
        }),
        database,
      });
      await syncing.sync();
      await syncing.close();
    } finally {
      await mock.close();
    }
    scrape = parsePrometheusText(await (await fetch(served.metrics)).text());
  });

  afterAll(async () => {
    stop('test end');
    await stopped?.catch(() => {});
    await otlp?.close();
    await postgres?.stop();
  });

  it('counts deliveries by outcome', () => {
    expect(scrape.types.get('shiptrack_mirror_deliveries_total')).toBe('counter');
    const outcome = (value: string) =>
      sampleSum(scrape, 'shiptrack_mirror_deliveries_total', { shiptrack_mirror_outcome: value });
    expect([outcome('applied'), outcome('duplicate'), outcome('refused')]).toEqual([1, 1, 1]);
  });

  it("measures the ingest lag from the notification's created_at, for stored deliveries only", () => {
    expect(sampleSum(scrape, 'shiptrack_mirror_ingest_lag_count')).toBe(2);
    const sum = sampleSum(scrape, 'shiptrack_mirror_ingest_lag_sum');
    expect(sum).toBeGreaterThanOrEqual(2 * 120);
    expect(sum).toBeLessThan(2 * 3600);
  });

  it('reads the refetch queue and the last finished sync pass from the database', () => {
    expect(scrape.types.get('shiptrack_mirror_refetch_queue_size')).toBe('gauge');
    expect(sampleSum(scrape, 'shiptrack_mirror_refetch_queue_size')).toBe(0);
    const last = sampleSum(scrape, 'shiptrack_mirror_sync_last_success');
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(600);
  });

  it('traces each delivery as a child of the service traceparent', async () => {
    const span = await eventually(() => {
      const found = otlp.spans.find((candidate) => candidate.traceId === TRACE_ID);
      if (!found) throw new Error(`no span of the trace yet: ${otlp.spans.length} received`);
      return found;
    });
    expect(span).toMatchObject({ parentSpanId: CALLER_SPAN_ID, name: 'POST /webhooks' });
    expect(span.attributes).toMatchObject({
      'shiptrack.mirror.outcome': 'applied',
      'shiptrack.notification.id': 'ops-n1',
      'http.response.status_code': 200,
    });
  });

  it('logs one JSON record per delivery, with a level, and never the secret', () => {
    const deliveries = records.filter((record) => record.msg === 'delivery');
    expect(deliveries.map((record) => [record.level, record.outcome])).toEqual([
      ['info', 'applied'],
      ['info', 'duplicate'],
      ['info', 'refused'],
    ]);
    expect(JSON.stringify(records)).not.toContain(SECRET);
  });

  it('answers /readyz 503 naming the database while PostgreSQL is down, 200 once it is back', async () => {
    const readyz = async () => {
      const response = await fetch(`${served.origin}/readyz`);
      return { status: response.status, body: (await response.json()) as ReadyBody };
    };
    await eventually(async () => expect((await readyz()).status).toBe(200));
    await postgres.kill();
    const down = await eventually(async () => {
      const answer = await readyz();
      expect(answer.status).toBe(503);
      return answer.body;
    });
    expect(down.checks.database?.ok).toBe(false);
    expect((await fetch(`${served.origin}/healthz`)).status).toBe(200);
    await postgres.restart();
    await eventually(async () => expect((await readyz()).status).toBe(200));
  });

  it('says draining on /readyz from the signal, before the receiver closes', async () => {
    stop('SIGTERM');
    await eventually(async () => {
      const response = await fetch(`${served.origin}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'draining' });
    });
    expect(await stopped).toBe('SIGTERM');
    await expect(fetch(`${served.origin}/healthz`)).rejects.toThrow();
  });
});

interface ReadyBody {
  status: string;
  checks: Record<string, { ok: boolean; detail?: string }>;
}
