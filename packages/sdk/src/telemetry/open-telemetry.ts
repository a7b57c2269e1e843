/**
 * `openTelemetry`: the client's {@link ClientTelemetry} on OpenTelemetry's
 * API (no-ops unless the host registered an OpenTelemetry SDK). Each
 * attempt is a CLIENT span named `{method} {url.template}` (the HTTP
 * client conventions), the child of the caller's active span, with
 * `http.request.resend_count` on a retry; its context goes to the service
 * through the registered propagator (`traceparent`). Durations, retries,
 * rate-limit waits and failures by the SDK's error category are the
 * instruments of `instruments.ts`.
 */
import { context, propagation, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { AttemptInfo, ClientTelemetry } from '../core/client-telemetry.js';
import { classifyError } from '../core/error-classification.js';
import { APIError, RateLimitError } from '../core/errors.js';
import { describeFailure } from '../core/retry.js';
import { transportInstruments, transportTracer } from './instruments.js';
import { openTelemetryRegistered } from './registered.js';

/** The service as telemetry names it: host, port, and the base path of `url.template`. */
interface Peer {
  readonly address: string;
  readonly port: number;
  readonly basePath: string;
}

/** The peer of each base URL seen (a process has one or two). */
const peers = new Map<string, Peer>();

function peerOf(baseUrl: string): Peer {
  let peer = peers.get(baseUrl);
  if (peer === undefined) {
    const base = new URL(baseUrl);
    peer = {
      address: base.hostname,
      port: base.port === '' ? (base.protocol === 'https:' ? 443 : 80) : Number(base.port),
      basePath: base.pathname.replace(/\/+$/, ''),
    };
    if (peers.size < 64) peers.set(baseUrl, peer);
  }
  return peer;
}

/** `url.template`: the operation's path template under the base path (`/v2/containers/{id}`). */
function urlTemplateOf(info: AttemptInfo): string | undefined {
  return info.template === undefined
    ? undefined
    : `${peerOf(info.baseUrl).basePath}${info.template}`;
}

/** The attributes every record of an attempt carries. */
function attributesOf(info: AttemptInfo): Record<string, string | number> {
  const peer = peerOf(info.baseUrl);
  const template = urlTemplateOf(info);
  return {
    'http.request.method': info.method,
    'server.address': peer.address,
    'server.port': peer.port,
    ...(template === undefined ? {} : { 'url.template': template }),
  };
}

/** Ends an attempt's span and records its duration. */
function endAttempt(
  span: Span,
  attributes: Record<string, string | number>,
  started: number,
  status: number | undefined,
  failure: unknown,
): void {
  const errorType =
    status !== undefined && status >= 400
      ? String(status)
      : failure === undefined
        ? undefined
        : failure instanceof Error
          ? failure.name
          : '_OTHER';
  const recorded = {
    ...attributes,
    ...(status === undefined ? {} : { 'http.response.status_code': status }),
    ...(errorType === undefined ? {} : { 'error.type': errorType }),
  };
  transportInstruments().duration.record((performance.now() - started) / 1000, recorded);
  if (span.isRecording()) {
    span.setAttributes(recorded);
    if (errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
  }
  span.end();
}

/**
 * The SDK's telemetry on OpenTelemetry: `createClient({ telemetry:
 * openTelemetry })`. Register an OpenTelemetry SDK (or `startTelemetry` of
 * `@shiptrack/ops`) for anything to be recorded.
 */
export const openTelemetry: ClientTelemetry = {
  attempt(info, headers, send) {
    // Nothing registered: no span, duration or header to make.
    if (!openTelemetryRegistered()) return send();
    const attributes = attributesOf(info);
    const template = urlTemplateOf(info);
    return transportTracer().startActiveSpan(
      template === undefined ? info.method : `${info.method} ${template}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          ...attributes,
          'url.full': info.url,
          'shiptrack.rate_limit.bucket': info.bucket,
          ...(info.attempt > 1 ? { 'http.request.resend_count': info.attempt - 1 } : {}),
        },
      },
      async (span) => {
        propagation.inject(context.active(), headers);
        const started = performance.now();
        let status: number | undefined;
        let failure: unknown;
        try {
          const exchange = await send();
          status = exchange.status;
          return exchange;
        } catch (error) {
          failure = error;
          if (error instanceof APIError && error.status !== undefined) status = error.status;
          throw error;
        } finally {
          endAttempt(span, attributes, started, status, failure);
        }
      },
    );
  },

  retry(info, error, delayMs) {
    if (!openTelemetryRegistered()) return;
    const instruments = transportInstruments();
    const template = urlTemplateOf(info);
    instruments.retries.add(1, {
      'http.request.method': info.method,
      'shiptrack.retry.reason': describeFailure(error),
      ...(template === undefined ? {} : { 'url.template': template }),
    });
    if (error instanceof RateLimitError) {
      instruments.rateLimitWait.record(delayMs / 1000, {
        'shiptrack.rate_limit.bucket': info.bucket,
        'shiptrack.rate_limit.source': 'retry_after',
      });
    }
  },

  queueWait(bucket, waitMs) {
    if (!openTelemetryRegistered()) return;
    transportInstruments().rateLimitWait.record(waitMs / 1000, {
      'shiptrack.rate_limit.bucket': bucket,
      'shiptrack.rate_limit.source': 'client_queue',
    });
  },

  failure(error) {
    if (!openTelemetryRegistered()) return;
    transportInstruments().errors.add(1, { 'error.type': classifyError(error).category });
  },
};
