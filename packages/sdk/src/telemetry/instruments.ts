/**
 * The instruments of `openTelemetry` (`open-telemetry.ts`), through OpenTelemetry's API only:
 * with no SDK registered (the default) every instrument and span is the
 * API's no-op, so an untraced program pays a few calls per request and
 * loads nothing else. Names and attributes follow the semantic conventions
 * of HTTP clients (`http.client.request.duration`, a CLIENT span per
 * attempt named `{method} {url.template}` with `http.request.resend_count`);
 * retries, rate-limit waits and failures by the SDK's categories are
 * `shiptrack.sdk.*`.
 */
import {
  type Counter,
  type Histogram,
  type MeterProvider,
  metrics,
  type Tracer,
  trace,
} from '@opentelemetry/api';

/** The instrumentation scope of the SDK's meters and tracers. */
export const TELEMETRY_SCOPE = '@shiptrack/sdk';

/** Bucket boundaries of request durations, in seconds (the HTTP conventions' advice). */
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** The transport's instruments. */
export interface TransportInstruments {
  /** `http.client.request.duration`: each attempt, in seconds. */
  readonly duration: Histogram;
  /** `shiptrack.sdk.retries`: attempts after the first, by reason. */
  readonly retries: Counter;
  /** `shiptrack.sdk.rate_limit.wait.duration`: time spent waiting on a rate limit, in seconds. */
  readonly rateLimitWait: Histogram;
  /** `shiptrack.sdk.errors`: calls that failed, by the SDK's error category. */
  readonly errors: Counter;
}

let cached: { provider: MeterProvider; instruments: TransportInstruments } | undefined;

/**
 * The instruments of the meter provider registered now: made again when a
 * provider is registered (or removed), so a client created before
 * OpenTelemetry started still reports to it.
 */
export function transportInstruments(): TransportInstruments {
  const provider = metrics.getMeterProvider();
  if (cached?.provider === provider) return cached.instruments;
  const meter = provider.getMeter(TELEMETRY_SCOPE);
  const instruments: TransportInstruments = {
    duration: meter.createHistogram('http.client.request.duration', {
      description: 'Duration of HTTP client requests (each attempt) to the tracking service.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    retries: meter.createCounter('shiptrack.sdk.retries', {
      description: 'Requests to the tracking service sent again after a failed attempt.',
      unit: '{retry}',
    }),
    rateLimitWait: meter.createHistogram('shiptrack.sdk.rate_limit.wait.duration', {
      description:
        'Time a request waited on a rate limit: the client-side queue or the service’s Retry-After.',
      unit: 's',
      advice: { explicitBucketBoundaries: [0, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60] },
    }),
    errors: meter.createCounter('shiptrack.sdk.errors', {
      description: 'Calls to the tracking service that failed, by the SDK’s error category.',
      unit: '{error}',
    }),
  };
  cached = { provider, instruments };
  return instruments;
}

/** The tracer of the provider registered now (the API's proxy hands spans to it). */
export function transportTracer(): Tracer {
  return trace.getTracer(TELEMETRY_SCOPE);
}
