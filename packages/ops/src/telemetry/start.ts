/**
 * Starts OpenTelemetry for a server process, and only as far as it is
 * configured: with neither metrics nor traces asked for, nothing is
 * imported and the packages' instruments stay the API's no-ops. Metrics
 * are read by Prometheus from an endpoint the server mounts
 * ({@link Telemetry.prometheus}); traces go over OTLP/HTTP as the `OTEL_*`
 * variables say (`otel-env.ts`), read from `env` only. The SDK packages are optional peers,
 * imported here on first use.
 */
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import type { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { TracerProvider } from '@opentelemetry/sdk-trace';
import { type TraceSettings, traceSettings } from './otel-env.js';

/** Options of {@link startTelemetry}. */
export interface TelemetryOptions {
  /** `service.name` unless `OTEL_SERVICE_NAME` says otherwise. */
  serviceName: string;
  /** `service.version`. */
  serviceVersion: string;
  /** Collect metrics for a Prometheus endpoint. */
  metrics: boolean;
  /** Where `OTEL_*` are read (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** What was started, and how to read and stop it. */
export interface Telemetry {
  /** Whether metrics are collected. */
  readonly metrics: boolean;
  /** Whether traces are recorded and exported. */
  readonly traces: boolean;
  /** The metrics now, in the Prometheus text format; `undefined` when metrics are off. */
  prometheus(): Promise<string | undefined>;
  /** Sends the spans recorded so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops; the API's no-ops take over again. */
  shutdown(): Promise<void>;
}

/** Telemetry that is off: the default of every server. */
export const TELEMETRY_OFF: Telemetry = {
  metrics: false,
  traces: false,
  prometheus: async () => undefined,
  flush: async () => {},
  shutdown: async () => {},
};

/** An optional peer that is not installed; the message names what to install. */
export class TelemetryUnavailableError extends Error {
  override name = 'TelemetryUnavailableError';
}

/** The OpenTelemetry SDK packages a configured server imports. */
const PEERS =
  '@opentelemetry/sdk-metrics @opentelemetry/exporter-prometheus @opentelemetry/sdk-trace @opentelemetry/exporter-trace-otlp-http @opentelemetry/resources @opentelemetry/core @opentelemetry/context-async-hooks';

async function load<T>(importer: () => Promise<T>, name: string): Promise<T> {
  try {
    return await importer();
  } catch (cause) {
    throw new TelemetryUnavailableError(
      `Telemetry needs ${name}, which is not installed. Install the OpenTelemetry packages: npm install ${PEERS}`,
      { cause },
    );
  }
}

async function resourceOf(options: TelemetryOptions) {
  const resources = await load(
    () => import('@opentelemetry/resources'),
    '@opentelemetry/resources',
  );
  const given = resources.resourceFromAttributes({
    'service.name': options.serviceName,
    'service.version': options.serviceVersion,
  });
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults.
  return given.merge(resources.detectResources({ detectors: [resources.envDetector] }));
}

async function startMetrics(resource: Awaited<ReturnType<typeof resourceOf>>) {
  const sdk = await load(() => import('@opentelemetry/sdk-metrics'), '@opentelemetry/sdk-metrics');
  const prometheus = await load(
    () => import('@opentelemetry/exporter-prometheus'),
    '@opentelemetry/exporter-prometheus',
  );
  // The exporter is the reader; the server serves what it collects at its own path.
  const reader = new prometheus.PrometheusExporter({ preventServerStart: true });
  const provider: MeterProvider = new sdk.MeterProvider({ resource, readers: [reader] });
  metrics.setGlobalMeterProvider(provider);
  const serializer = new prometheus.PrometheusSerializer();
  return {
    provider,
    prometheus: async () => {
      const { resourceMetrics } = await reader.collect();
      return serializer.serialize(resourceMetrics);
    },
  };
}

function samplerOf(
  sdk: typeof import('@opentelemetry/sdk-trace'),
  settings: TraceSettings['sampler'],
) {
  switch (settings.kind) {
    case 'always_on':
      return new sdk.AlwaysOnSampler();
    case 'always_off':
      return new sdk.AlwaysOffSampler();
    case 'traceidratio':
      return new sdk.TraceIdRatioBasedSampler(settings.ratio);
    case 'parentbased_always_on':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new sdk.ParentBasedSampler({
        root: new sdk.TraceIdRatioBasedSampler(settings.ratio),
      });
  }
}

async function startTraces(
  settings: TraceSettings,
  resource: Awaited<ReturnType<typeof resourceOf>>,
) {
  const sdk = await load(() => import('@opentelemetry/sdk-trace'), '@opentelemetry/sdk-trace');
  const otlp = await load(
    () => import('@opentelemetry/exporter-trace-otlp-http'),
    '@opentelemetry/exporter-trace-otlp-http',
  );
  const core = await load(() => import('@opentelemetry/core'), '@opentelemetry/core');
  const hooks = await load(
    () => import('@opentelemetry/context-async-hooks'),
    '@opentelemetry/context-async-hooks',
  );
  const exporter = new otlp.OTLPTraceExporter({
    url: settings.url,
    headers: { ...settings.headers },
  });
  const provider: TracerProvider = new sdk.TracerProvider({
    resource,
    sampler: samplerOf(sdk, settings.sampler),
    spanProcessors: [
      new sdk.BatchSpanProcessor({ exporter, scheduledDelayMillis: settings.scheduleDelayMs }),
    ],
  });
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );
  trace.setGlobalTracerProvider(provider);
  return provider;
}

/**
 * Starts what `options` and the `OTEL_*` variables ask for, or returns
 * {@link TELEMETRY_OFF} without importing anything. Throws
 * `TelemetrySettingError` for a variable it cannot honour and
 * {@link TelemetryUnavailableError} when an SDK package is missing.
 */
export async function startTelemetry(options: TelemetryOptions): Promise<Telemetry> {
  const env = options.env ?? process.env;
  const traces = traceSettings(env);
  if (!options.metrics && traces === undefined) return TELEMETRY_OFF;
  const resource = await resourceOf(options);
  const meters = options.metrics ? await startMetrics(resource) : undefined;
  const tracer = traces ? await startTraces(traces, resource) : undefined;
  return {
    metrics: meters !== undefined,
    traces: tracer !== undefined,
    prometheus: async () => meters?.prometheus(),
    flush: async () => {
      await tracer?.forceFlush();
    },
    shutdown: async () => {
      await Promise.all([tracer?.shutdown(), meters?.provider.shutdown()]);
      if (tracer) {
        trace.disable();
        propagation.disable();
        context.disable();
      }
      if (meters) metrics.disable();
    },
  };
}

/** The Prometheus text format's media type. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The metrics as a `Response` (404 when metrics are off). */
export async function prometheusResponse(telemetry: Telemetry): Promise<Response> {
  const text = await telemetry.prometheus();
  if (text === undefined) {
    return new Response(
      JSON.stringify({ error: 'not_found', error_description: 'Metrics are off.' }),
      {
        status: 404,
        headers: { 'content-type': 'application/json' },
      },
    );
  }
  return new Response(text, { status: 200, headers: { 'content-type': PROMETHEUS_CONTENT_TYPE } });
}
