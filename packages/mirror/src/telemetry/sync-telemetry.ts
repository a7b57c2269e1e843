/**
 * The sync's metrics and spans, through OpenTelemetry's API (no-ops unless
 * the process started an SDK): a span per run (the SDK's REST spans are its
 * children when the client was made with `@shiptrack/sdk/telemetry`),
 * runs by outcome, their duration, the REST reads they sent, and the
 * records they repaired (re-read) by reason.
 */
import { metrics, SpanStatusCode, trace } from '@opentelemetry/api';
import type { SyncOptions, SyncResult } from '../sync/sync.js';

const SCOPE = '@shiptrack/mirror';

/** A sync run: `mirror.sync` or what `startSyncLoop` takes. */
export type SyncRun = (options: SyncOptions) => Promise<SyncResult>;

/** The reasons a sync re-reads a record, as the result counts them. */
const REPAIRS = {
  failed_notification: 'failedNotifications',
  stale_container: 'staleContainers',
  tied_delivery: 'tiedRecords',
  without_included: 'withoutIncludedRecords',
  carried_change: 'carriedChangeRecords',
} as const satisfies Record<string, keyof SyncResult>;

/** `run`, measured and traced: one span and one count per call, whatever its outcome. */
export function tracedSync(run: SyncRun): SyncRun {
  const meter = metrics.getMeter(SCOPE);
  const runs = meter.createCounter('shiptrack.mirror.sync.runs', {
    description: 'Sync runs, by outcome (completed, failed, aborted).',
    unit: '{run}',
  });
  const duration = meter.createHistogram('shiptrack.mirror.sync.duration', {
    description: 'How long a sync run took, by outcome.',
    unit: 's',
  });
  const reads = meter.createCounter('shiptrack.mirror.sync.reads', {
    description: 'REST requests the sync sent: list pages and records re-read.',
    unit: '{request}',
  });
  const repairs = meter.createCounter('shiptrack.mirror.sync.repairs', {
    description:
      'Records the sync re-read, by reason (failed_notification, stale_container, tied_delivery, without_included, carried_change).',
    unit: '{record}',
  });
  const tracer = trace.getTracer(SCOPE);
  return (options) =>
    tracer.startActiveSpan('mirror sync', async (span) => {
      const started = performance.now();
      const done = (outcome: string) => {
        const attributes = { 'shiptrack.mirror.outcome': outcome };
        runs.add(1, attributes);
        duration.record((performance.now() - started) / 1000, attributes);
        span.setAttribute('shiptrack.mirror.outcome', outcome);
        span.end();
      };
      try {
        const result = await run(options);
        reads.add(result.requests);
        for (const [reason, field] of Object.entries(REPAIRS)) {
          if (result[field] > 0) repairs.add(result[field], { 'shiptrack.mirror.reason': reason });
        }
        span.setAttributes({
          'shiptrack.mirror.requests': result.requests,
          'shiptrack.mirror.records': result.records,
          'shiptrack.mirror.changed': result.changed,
          'shiptrack.mirror.records_reread': result.recordsReread,
        });
        done('completed');
        return result;
      } catch (error) {
        const aborted = options.signal?.aborted === true;
        if (!aborted) {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.name : 'error',
          });
        }
        done(aborted ? 'aborted' : 'failed');
        throw error;
      }
    });
}
