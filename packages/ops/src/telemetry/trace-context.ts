/**
 * W3C trace context in and out of web-standard headers, through the
 * propagator OpenTelemetry has registered (none: nothing is read or
 * written, at no cost).
 */
import { type Context, context, propagation, trace } from '@opentelemetry/api';

const headersGetter = {
  get: (carrier: Headers, key: string) => carrier.get(key) ?? undefined,
  keys: (carrier: Headers) => [...carrier.keys()],
};

/** The context a request's `traceparent` (and `tracestate`) carries, over the active one. */
export function contextOfHeaders(headers: Headers): Context {
  return propagation.extract(context.active(), headers, headersGetter);
}

/** The active span's trace id, when a real trace is being recorded. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? span.traceId : undefined;
}
