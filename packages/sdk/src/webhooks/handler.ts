import { constructEvent } from './construct-event.js';
import {
  toWebhookHandler,
  type WebhookAnswer,
  type WebhookDelivery,
  type WebhookHandler,
} from './delivery-answer.js';
import {
  WebhookConfigurationError,
  WebhookHandlerError,
  WebhookInProgressError,
  WebhookPayloadError,
  WebhookSignatureError,
} from './errors.js';
import type { WebhookEventName } from './event-names.js';
import type { WebhookEvent, WebhookEventOf } from './event-types.js';
import { registerFailureReporter } from './failure-reporters.js';
import { getSignatureHeader } from './headers.js';
import {
  DEFAULT_IDEMPOTENCY_LEASE_MS,
  DEFAULT_IDEMPOTENCY_TTL_MS,
  type IdempotencyStore,
  MemoryIdempotencyStore,
} from './idempotency.js';
import { DEFAULT_MAX_BODY_BYTES, isValidBodyLimit } from './request-body.js';
import { normalizeSecrets, type WebhookSecret } from './verify.js';

/** A web-standard request handler: Next.js route handlers, Hono, Bun, Deno, Workers. */
export type WebhookRequestHandler = (request: Request) => Promise<Response>;

/** One handler per event name, each receiving the event typed for that name. */
export type WebhookEventHandlers = {
  [N in WebhookEventName]?: (event: WebhookEventOf<N>) => unknown;
};

/** What `onError` is told besides the error. */
export interface WebhookErrorContext {
  /**
   * The status the delivery is answered with (400, 401, 405, 409, 413 or 500;
   * 200 when the work was done but the idempotency store failed to record it).
   */
  readonly status: number;
  /** The event, when the delivery was verified and parsed before the failure. */
  readonly event?: WebhookEvent;
}

/** Options of `createWebhookHandler`. */
export interface WebhookHandlerOptions {
  /** The webhook's secret, or several during a rotation. */
  secret: WebhookSecret;
  /** Handlers by event name; an event without a handler is acknowledged (200). */
  on?: WebhookEventHandlers;
  /** Runs for every verified, non-duplicate event (known or not), after its `on` handler. */
  onAny?: (event: WebhookEvent) => unknown;
  /**
   * Told about every delivery that is not answered 2xx: the error is a
   * `WebhookSignatureError` (401), `WebhookPayloadError` (400, 405, 413),
   * `WebhookInProgressError` (409), `WebhookRawBodyError` or
   * `WebhookHandlerError` (500); and about idempotency-store failures after
   * the work was done. Through `toNodeHandler`, also about bodies it could not
   * read. Default: logs one line to `console.error`. Secrets never appear in
   * these errors.
   */
  onError?: (error: Error, context: WebhookErrorContext) => unknown;
  /**
   * Where notification ids in progress and processed are remembered, so a
   * redelivery is acknowledged without running the handlers again. Default:
   * a `MemoryIdempotencyStore` (one process). `false` turns deduplication off.
   */
  idempotency?: IdempotencyStore | false;
  /** How long a processed id is remembered. Default `DEFAULT_IDEMPOTENCY_TTL_MS` (72 hours). */
  idempotencyTtlMs?: number;
  /**
   * How long a claim holds before another attempt may take it, should this
   * process die mid-work. Longer than your handlers ever run. Default
   * `DEFAULT_IDEMPOTENCY_LEASE_MS` (5 minutes).
   */
  idempotencyLeaseMs?: number;
  /** The largest body read, in bytes; larger deliveries are answered 413. Default 5 MiB. */
  maxBodyBytes?: number;
}

function json(
  status: number,
  body: Record<string, unknown>,
  headers?: Readonly<Record<string, string>>,
): WebhookAnswer {
  return headers === undefined ? { status, body } : { status, body, headers };
}

function logError(error: Error, context: WebhookErrorContext): void {
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  console.error(`[shiptrack webhooks] ${context.status} ${error.name}: ${error.message}${cause}`);
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/**
 * A web-standard `(Request) => Promise<Response>` endpoint for deliveries:
 * verifies the signature on the raw body, parses the event, skips
 * notifications already processed, and runs the handler typed for the event
 * name. Answers:
 * - 200 when the handlers succeeded, when no handler is registered for the
 *   event, and for a notification id already processed (not processed again);
 * - 409 while another attempt at the same notification is still running, so
 *   the copy is not acknowledged before the work is done;
 * - 401 for a missing, repeated or wrong signature (the body is not read
 *   without a header); 400 for a signed body that is not a notification;
 *   413 for a body over `maxBodyBytes`; 405 for a method other than POST;
 * - 500 when a handler throws: the id is released and the service retries
 *   the delivery later (up to 12 times), so a transient failure is not lost.
 *
 * The handlers are awaited before answering, so a 200 means the work is
 * done; keep them short (enqueue slow work) so the service does not time out.
 * The handler's `answer` takes a delivery as its parts instead of a
 * `Request` (`toNodeHandler` uses it, building neither `Request` nor
 * `Response`).
 *
 * @example
 * export const POST = createWebhookHandler({
 *   secret: process.env.WEBHOOK_SECRET!,
 *   on: { 'tracking_request.succeeded': async (event) => saveShipment(event.shipment) },
 * });
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  normalizeSecrets(options.secret);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!isValidBodyLimit(maxBodyBytes)) {
    throw new WebhookConfigurationError(
      `maxBodyBytes must be a positive integer number of bytes, got ${maxBodyBytes}.`,
    );
  }
  const store =
    options.idempotency === false
      ? undefined
      : (options.idempotency ?? new MemoryIdempotencyStore());
  const ttlMs = options.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
  const leaseMs = options.idempotencyLeaseMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS;
  const onError = options.onError ?? logError;

  const report = async (status: number, error: Error, event?: WebhookEvent): Promise<void> => {
    const context: WebhookErrorContext = event === undefined ? { status } : { status, event };
    try {
      await onError(error, context);
    } catch {
      // A failing error reporter must not change the answer the service gets.
    }
  };

  const fail = async (
    status: number,
    error: Error,
    event?: WebhookEvent,
  ): Promise<WebhookAnswer> => {
    await report(status, error, event);
    const body: Record<string, unknown> = { error: error.name };
    if (error instanceof WebhookSignatureError || error instanceof WebhookPayloadError) {
      body.reason = error.reason;
    }
    return json(status, body, status === 405 ? { allow: 'POST' } : undefined);
  };

  const run = async (event: WebhookEvent): Promise<void> => {
    if (event.family !== 'unknown') {
      // `on` is keyed by name, so the handler found under `event.name` takes this event's type.
      const handler = options.on?.[event.name] as ((event: WebhookEvent) => unknown) | undefined;
      await handler?.(event);
    }
    await options.onAny?.(event);
  };

  /** Verifies and parses a delivery; the body is read only once the signature header is there. */
  const receive = async (delivery: WebhookDelivery): Promise<WebhookEvent> => {
    getSignatureHeader(delivery.headers);
    const body = await delivery.readBody();
    return constructEvent(body, delivery.headers, options.secret);
  };

  /** Runs the handlers under a claim; answers what the service should hear. */
  const process = async (event: WebhookEvent): Promise<WebhookAnswer> => {
    if (store === undefined) {
      try {
        await run(event);
      } catch (cause) {
        return fail(500, new WebhookHandlerError(event.id, event.name, { cause }), event);
      }
      return json(200, { received: true });
    }
    let claim: Awaited<ReturnType<IdempotencyStore['claim']>>;
    try {
      claim = await store.claim(event.id, leaseMs);
    } catch (cause) {
      return fail(500, new WebhookHandlerError(event.id, event.name, { cause }), event);
    }
    if (claim === 'done') return json(200, { received: true, duplicate: true });
    if (claim === 'in_progress') return fail(409, new WebhookInProgressError(event.id), event);
    try {
      await run(event);
    } catch (cause) {
      await store
        .release(event.id)
        .catch((releaseError: unknown) =>
          report(
            500,
            new WebhookHandlerError(event.id, event.name, { cause: releaseError }),
            event,
          ),
        );
      return fail(500, new WebhookHandlerError(event.id, event.name, { cause }), event);
    }
    await store
      .complete(event.id, ttlMs)
      .catch((cause: unknown) =>
        report(200, new WebhookHandlerError(event.id, event.name, { cause }), event),
      );
    return json(200, { received: true });
  };

  const answer = async (delivery: WebhookDelivery): Promise<WebhookAnswer> => {
    if (delivery.method !== 'POST') {
      const error = new WebhookPayloadError(
        'wrong_method',
        `Webhook deliveries are POST requests; got ${delivery.method}. Route only POST to this handler.`,
      );
      return fail(405, error);
    }
    let event: WebhookEvent;
    try {
      event = await receive(delivery);
    } catch (error) {
      if (error instanceof WebhookSignatureError) return fail(401, error);
      if (error instanceof WebhookPayloadError) {
        return fail(error.reason === 'too_large' ? 413 : 400, error);
      }
      return fail(500, asError(error));
    }
    return process(event);
  };
  const handler = toWebhookHandler(answer, { maxBodyBytes });
  registerFailureReporter(handler, (error, status) => report(status, error));
  return handler;
}
