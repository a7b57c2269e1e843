/**
 * The receiver's metrics and spans, through OpenTelemetry's API (no-ops
 * unless the process started an SDK, `@shiptrack/ops` `startTelemetry`):
 * deliveries by outcome, ingest lag, a span per delivery (a child of the
 * service's `traceparent`), and gauges read from the database at each
 * scrape: the refetch queue and when a sync last finished a pass.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, metrics, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { DeliveryReport } from '../ingest/webhook-handler.js';
import type { SyncBacklog } from '../queries/sync-backlog.js';

const SCOPE = '@shiptrack/mirror';

const headerGetter = {
  get: (carrier: IncomingMessage['headers'], key: string) => carrier[key],
  keys: (carrier: IncomingMessage['headers']) => Object.keys(carrier),
};

/** The receiver's instruments. */
export interface ServeTelemetry {
  /** Runs `handle` (one delivery) inside a server span that ends when the answer is sent. */
  traceDelivery(req: IncomingMessage, res: ServerResponse, handle: () => unknown): void;
  /** Counts a delivery and its ingest lag, and labels the delivery's span. */
  delivered(report: DeliveryReport): void;
  /** Stops the gauges. */
  stop(): void;
}

/**
 * The instruments of `serve`, with gauges that call `backlog` (one cheap
 * query) when metrics are collected; a failing read leaves them out of
 * that scrape.
 */
export function serveTelemetry(
  path: string,
  backlog: () => Promise<SyncBacklog>,
  now: () => number = Date.now,
): ServeTelemetry {
  const meter = metrics.getMeter(SCOPE);
  const deliveries = meter.createCounter('shiptrack.mirror.deliveries', {
    description:
      'Webhook deliveries answered, by outcome (applied, duplicate, refused, unavailable, failed).',
    unit: '{delivery}',
  });
  const lag = meter.createHistogram('shiptrack.mirror.ingest.lag', {
    description: "Time from the notification's created_at to its delivery being stored.",
    unit: 's',
    advice: { explicitBucketBoundaries: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 3600] },
  });
  const queue = meter.createObservableGauge('shiptrack.mirror.refetch_queue.size', {
    description: 'Records waiting to be re-read from REST by the next sync.',
    unit: '{record}',
  });
  const lastSync = meter.createObservableGauge('shiptrack.mirror.sync.last_success', {
    description:
      'When a sync last read the lists to their end (full sync or reconcile pass), in seconds since the epoch.',
    unit: 's',
  });
  const observe = async (result: {
    observe(gauge: typeof queue, value: number): void;
  }): Promise<void> => {
    const read = await backlog().catch(() => undefined);
    if (read === undefined) return;
    result.observe(queue, read.refetchQueue);
    if (read.lastPassCompletedAt !== null) {
      result.observe(lastSync, Date.parse(read.lastPassCompletedAt) / 1000);
    }
  };
  meter.addBatchObservableCallback(observe, [queue, lastSync]);
  const tracer = trace.getTracer(SCOPE);
  return {
    traceDelivery(req, res, handle) {
      const parent = propagation.extract(context.active(), req.headers, headerGetter);
      const span = tracer.startSpan(
        `${req.method ?? 'POST'} ${path}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'http.request.method': req.method ?? 'POST', 'http.route': path },
        },
        parent,
      );
      res.once('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      context.with(trace.setSpan(parent, span), handle);
    },
    delivered(report) {
      deliveries.add(1, { 'shiptrack.mirror.outcome': report.outcome });
      const stored = report.outcome === 'applied' || report.outcome === 'duplicate';
      const created = report.createdAt === null ? Number.NaN : Date.parse(report.createdAt);
      if (stored && Number.isFinite(created)) {
        lag.record(Math.max(0, (now() - created) / 1000), {
          'shiptrack.mirror.outcome': report.outcome,
        });
      }
      trace.getActiveSpan()?.setAttributes({
        'shiptrack.mirror.outcome': report.outcome,
        ...(report.notificationId === null
          ? {}
          : { 'shiptrack.notification.id': report.notificationId }),
        ...(report.event === null ? {} : { 'shiptrack.notification.event': report.event }),
        'shiptrack.mirror.records': report.records,
        'shiptrack.mirror.changed': report.changed,
      });
    },
    stop: () => meter.removeBatchObservableCallback(observe, [queue, lastSync]),
  };
}
