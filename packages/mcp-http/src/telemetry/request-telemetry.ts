/**
 * What each HTTP request reports, through OpenTelemetry's API (no-ops
 * unless an SDK is registered, as `shiptrack-mcp-http` does when
 * configured): a SERVER span, the child of an incoming `traceparent`,
 * named `{mcp.method.name} {target}` once the body says what was asked
 * (the MCP conventions) and `{method} {http.route}` otherwise; and the
 * request's duration twice: `http.server.request.duration` (the HTTP
 * conventions) and, for MCP requests, `mcp.server.operation.duration` by
 * method, tool, outcome and protocol era.
 */
import {
  type Context,
  type Histogram,
  type Meter,
  metrics,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { contextOfHeaders } from '@shiptrack/ops';
import { openTelemetryRegistered } from '@shiptrack/sdk/telemetry';
import type { ServedRequest } from '../http/request-head.js';
import type { RequestLogEntry } from '../logging/request-log.js';

/** The instrumentation scope of the server's spans and metrics. */
export const SCOPE = '@shiptrack/mcp-http';

/** Duration buckets in seconds (the HTTP conventions' advice). */
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** The handler's request instruments. */
interface RequestInstruments {
  readonly http: Histogram;
  readonly mcp: Histogram;
}

function instrumentsOf(meter: Meter): RequestInstruments {
  return {
    http: meter.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    mcp: meter.createHistogram('mcp.server.operation.duration', {
      description:
        'MCP request duration as observed on the receiver, from the time it was received until the result is sent.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
  };
}

/** One request being observed: its span, and the context its work runs in. */
export interface ObservedRequest {
  readonly span: Span;
  readonly context: Context;
}

/** The telemetry of one handler. */
export class RequestTelemetry {
  readonly #instruments: RequestInstruments;
  readonly #routes: ReadonlySet<string>;

  /** `routes`: the paths the handler serves, the only ones named as `http.route`. */
  constructor(routes: Iterable<string>) {
    this.#instruments = instrumentsOf(metrics.getMeter(SCOPE));
    this.#routes = new Set(routes);
  }

  /**
   * Starts a request's span, a child of the `traceparent` it carries (`url`:
   * its URL, parsed); `undefined` when no OpenTelemetry SDK is registered
   * (nothing would record the span or the durations).
   */
  start(request: ServedRequest, url: URL): ObservedRequest | undefined {
    if (!openTelemetryRegistered()) return undefined;
    const parent = contextOfHeaders(request.whole().headers);
    const path = url.pathname;
    const route = this.#routes.has(path) ? path : undefined;
    const span = trace.getTracer(SCOPE).startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': path,
          'url.scheme': url.protocol.replace(':', ''),
          ...(route === undefined ? {} : { 'http.route': route }),
        },
      },
      parent,
    );
    return { span, context: trace.setSpan(parent, span) };
  }

  /** Ends a request: its span (with what `entry` learnt) and its durations. */
  finish(observed: ObservedRequest, entry: RequestLogEntry, seconds: number): void {
    const route = this.#routes.has(entry.path) ? entry.path : undefined;
    const failed = entry.status >= 500;
    const http = {
      'http.request.method': entry.method,
      'http.response.status_code': entry.status,
      ...(route === undefined ? {} : { 'http.route': route }),
      ...(failed ? { 'error.type': String(entry.status) } : {}),
    };
    this.#instruments.http.record(seconds, http);
    const method = entry.rpcMethod;
    const mcp =
      method === undefined
        ? undefined
        : {
            'mcp.method.name': method.includes(',') ? 'batch' : method,
            'network.transport': 'tcp',
            ...(method === 'tools/call' && entry.target !== undefined
              ? { 'gen_ai.tool.name': entry.target }
              : {}),
            ...(entry.protocolVersion === undefined
              ? {}
              : { 'mcp.protocol.version': entry.protocolVersion }),
            ...(entry.era === undefined ? {} : { 'shiptrack.mcp.era': entry.era }),
            ...(entry.status >= 400 ? { 'error.type': String(entry.status) } : {}),
          };
    if (mcp) this.#instruments.mcp.record(seconds, mcp);
    const { span } = observed;
    if (span.isRecording()) {
      if (mcp && method !== undefined) {
        const target =
          method === 'tools/call' || method === 'prompts/get' ? entry.target : undefined;
        span.updateName(target === undefined ? mcp['mcp.method.name'] : `${method} ${target}`);
        span.setAttributes(mcp);
      }
      span.setAttributes(http);
      if (entry.note !== undefined) span.setAttribute('shiptrack.note', entry.note);
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: String(entry.status) });
    }
    span.end();
  }
}

/** What {@link observeSizes} reads. */
export interface SizeSources {
  /** SDK clients kept, one per API key. */
  clients(): number;
  /** Idle MCP servers kept for reuse. */
  pooledServers(): number;
  /** API key verdicts remembered. */
  keyVerdicts(): number;
  /** The last outcome of each readiness check (`upstream`, `redis`, `jwks`), once probed. */
  dependencies(): ReadonlyMap<string, boolean>;
}

/**
 * Reports the sizes of the handler's caches and pool as gauges
 * (`shiptrack.mcp_http.*`), and whether each dependency could serve at the
 * last readiness probe (`shiptrack.dependency.up`), while it runs; the
 * returned function stops.
 */
export function observeSizes(sources: SizeSources): () => void {
  const meter = metrics.getMeter(SCOPE);
  const clients = meter.createObservableGauge('shiptrack.mcp_http.clients', {
    description: 'SDK clients kept (one per API key).',
    unit: '{client}',
  });
  const servers = meter.createObservableGauge('shiptrack.mcp_http.pooled_servers', {
    description: 'Idle MCP servers kept for reuse.',
    unit: '{server}',
  });
  const verdicts = meter.createObservableGauge('shiptrack.mcp_http.key_verdicts', {
    description: 'API key verdicts remembered.',
    unit: '{key}',
  });
  const up = meter.createObservableGauge('shiptrack.dependency.up', {
    description:
      'Whether a dependency could serve at the last /readyz probe (1) or not (0), by check: upstream, redis, jwks.',
    unit: '1',
  });
  const callback = (result: {
    observe(gauge: typeof clients, value: number, attributes?: Record<string, string>): void;
  }) => {
    result.observe(clients, sources.clients());
    result.observe(servers, sources.pooledServers());
    result.observe(verdicts, sources.keyVerdicts());
    for (const [check, ok] of sources.dependencies()) {
      result.observe(up, ok ? 1 : 0, { 'shiptrack.dependency': check });
    }
  };
  const gauges = [clients, servers, verdicts, up];
  meter.addBatchObservableCallback(callback, gauges);
  return () => meter.removeBatchObservableCallback(callback, gauges);
}
