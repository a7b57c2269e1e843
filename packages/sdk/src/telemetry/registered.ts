/**
 * Whether anything would record what telemetry reports: an OpenTelemetry
 * tracer provider, meter provider or propagator registered with the API.
 * With none (the default), every span, instrument and header injection is
 * the API's no-op, so the callers skip their telemetry work altogether
 * instead of building spans, attributes and contexts nobody reads.
 */
import {
  createNoopMeter,
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  propagation,
  trace,
} from '@opentelemetry/api';

/** The API's no-op tracer provider: what its proxy hands spans to until an SDK registers one. */
const NOOP_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();
/** The API's no-op meter: what its no-op meter provider hands out. */
const NOOP_METER = createNoopMeter();

/** The last meter provider looked at, and whether it records. */
let meters: { provider: MeterProvider; records: boolean } | undefined;

function metricsRegistered(): boolean {
  const provider = metrics.getMeterProvider();
  if (meters?.provider !== provider) {
    meters = { provider, records: provider.getMeter('@shiptrack/sdk') !== NOOP_METER };
  }
  return meters.records;
}

function tracingRegistered(): boolean {
  const provider = trace.getTracerProvider();
  // A provider that is not the API's proxy (another copy of the API) is taken as recording.
  return (
    !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_TRACER_PROVIDER
  );
}

/**
 * Whether an OpenTelemetry SDK is registered (tracing, metrics or a
 * propagator): looked up on every call, so one registered later (or
 * disabled) takes effect at once. Costs a few property reads when none is.
 */
export function openTelemetryRegistered(): boolean {
  return tracingRegistered() || metricsRegistered() || propagation.fields().length > 0;
}
