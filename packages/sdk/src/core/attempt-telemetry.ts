/**
 * What the transport reports of each request (`telemetry.ts` holds the
 * instruments): a CLIENT span per attempt, a child of the caller's active
 * span, whose context goes to the service in `traceparent`; each
 * attempt's duration; retries; rate-limit waits; and failed calls by the
 * SDK's error category.
 */
import { context, propagation, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { classifyError } from './error-classification.js';
import { APIError, RateLimitError } from './errors.js';
import { describeFailure } from './retry.js';
import { transportInstruments, transportTracer } from './telemetry.js';
import type { OutgoingRequest } from './transport.js';

/** The service as telemetry names it: `server.address`, `server.port`, and the base path. */
export interface Peer {
  readonly address: string;
  readonly port: number;
  readonly basePath: string;
}

/** The {@link Peer} of a base URL. */
export function peerOf(baseUrl: string): Peer {
  const base = new URL(baseUrl);
  return {
    address: base.hostname,
    port: base.port === '' ? (base.protocol === 'https:' ? 443 : 80) : Number(base.port),
    basePath: base.pathname.replace(/\/+$/, ''),
  };
}

/** `url.template` of a request: its operation's path below the base path. */
function templateOf(peer: Peer, request: OutgoingRequest): string | undefined {
  return request.template === undefined ? undefined : `${peer.basePath}${request.template}`;
}

/**
 * Runs one attempt in its span; `headers` (the attempt's own) get the
 * span's `traceparent` when a propagator is registered.
 */
export function tracedAttempt<T extends { response: Response }>(
  peer: Peer,
  request: OutgoingRequest,
  attempt: number,
  headers: Record<string, string>,
  run: () => Promise<T>,
): Promise<T> {
  const template = templateOf(peer, request);
  const attributes = {
    'http.request.method': request.method,
    'server.address': peer.address,
    'server.port': peer.port,
    ...(template === undefined ? {} : { 'url.template': template }),
  };
  return transportTracer().startActiveSpan(
    template === undefined ? request.method : `${request.method} ${template}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        ...attributes,
        'url.full': request.url,
        'shiptrack.rate_limit.bucket': request.bucket,
        ...(attempt > 1 ? { 'http.request.resend_count': attempt - 1 } : {}),
      },
    },
    async (span) => {
      propagation.inject(context.active(), headers);
      const started = performance.now();
      let status: number | undefined;
      let failure: unknown;
      try {
        const exchange = await run();
        status = exchange.response.status;
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

/** Counts a retry, and the wait it makes when the service said how long (`Retry-After`). */
export function countRetry(
  peer: Peer,
  request: OutgoingRequest,
  error: unknown,
  delayMs: number,
): void {
  const instruments = transportInstruments();
  const template = templateOf(peer, request);
  instruments.retries.add(1, {
    'http.request.method': request.method,
    'shiptrack.retry.reason': describeFailure(error),
    ...(template === undefined ? {} : { 'url.template': template }),
  });
  if (error instanceof RateLimitError) {
    instruments.rateLimitWait.record(delayMs / 1000, {
      'shiptrack.rate_limit.bucket': request.bucket,
      'shiptrack.rate_limit.source': 'retry_after',
    });
  }
}

/** Records a wait in the client-side rate-limit queue. */
export function countQueueWait(bucket: string, waitMs: number): void {
  transportInstruments().rateLimitWait.record(waitMs / 1000, {
    'shiptrack.rate_limit.bucket': bucket,
    'shiptrack.rate_limit.source': 'client_queue',
  });
}

/** Counts a call that failed (after its retries), by the SDK's error category. */
export function countFailure(error: unknown): void {
  transportInstruments().errors.add(1, { 'error.type': classifyError(error).category });
}
