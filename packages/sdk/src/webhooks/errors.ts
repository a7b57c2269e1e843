import { ShiptrackError, type ShiptrackErrorOptions } from '../core/errors.js';

/** Why a delivery's signature was not accepted. */
export type WebhookSignatureFailure =
  /** The request has no `X-SVC-Webhook-Signature` header. */
  | 'missing_header'
  /** The header appears more than once, or holds several values. */
  | 'duplicate_header'
  /** The header is not 64 hexadecimal characters (an HMAC-SHA256 digest). */
  | 'malformed_signature'
  /** The signature does not match the body under any of the secrets. */
  | 'mismatch';

const SIGNATURE_ADVICE: Record<WebhookSignatureFailure, string> = {
  missing_header:
    'The request has no X-SVC-Webhook-Signature header: it was not sent by the service, or a proxy dropped the header.',
  duplicate_header:
    'The X-SVC-Webhook-Signature header appears more than once; the service sends exactly one, so the request was altered on the way.',
  malformed_signature:
    'The X-SVC-Webhook-Signature header is not a 64-character hex HMAC-SHA256 digest; the request was not sent by the service.',
  mismatch:
    'The signature does not match the body. Check that you verify the raw body bytes (not re-serialised JSON) and the secret of this webhook (GET /webhooks/{id}); during a secret rotation pass both secrets.',
};

/**
 * A delivery whose signature is missing, malformed or wrong. Answer it with
 * 401: it was not sent by the service, or its body was changed on the way.
 */
export class WebhookSignatureError extends ShiptrackError {
  override name = 'WebhookSignatureError';
  /** Which check failed; stable, for logs and metrics. */
  readonly reason: WebhookSignatureFailure;

  constructor(reason: WebhookSignatureFailure, options: ShiptrackErrorOptions = {}) {
    super(SIGNATURE_ADVICE[reason], options);
    this.reason = reason;
  }
}

/** Why a verified delivery's body could not be read as a webhook notification. */
export type WebhookPayloadFailure =
  | 'empty_body'
  | 'invalid_json'
  | 'not_a_notification'
  /** The request is not a POST. */
  | 'wrong_method'
  /** The body is larger than the configured limit. */
  | 'too_large';

/**
 * A delivery whose body is not a webhook notification document (empty, not
 * JSON, or without `data.id` and `data.attributes.event`). Answer it with 400.
 */
export class WebhookPayloadError extends ShiptrackError {
  override name = 'WebhookPayloadError';
  /** Which check failed; stable, for logs and metrics. */
  readonly reason: WebhookPayloadFailure;

  constructor(reason: WebhookPayloadFailure, message: string, options: ShiptrackErrorOptions = {}) {
    super(message, options);
    this.reason = reason;
  }
}

/**
 * A programming error: the body handed to verification is not the raw body
 * (typically an object a JSON body parser already produced). The signature
 * covers the exact bytes sent, so the raw body must be kept.
 */
export class WebhookRawBodyError extends ShiptrackError {
  override name = 'WebhookRawBodyError';

  constructor(received: string, options: ShiptrackErrorOptions = {}) {
    super(
      `Webhook verification needs the raw request body (string, Uint8Array, Buffer or ArrayBuffer), but got ${received}. ` +
        'The signature covers the exact bytes sent; JSON.stringify of a parsed body does not reproduce them. ' +
        "Express: mount express.raw({ type: 'application/json' }) on the webhook route and pass req.body (a Buffer). " +
        'Next.js App Router, Hono, Bun, Deno, Workers: pass await request.text() or await request.arrayBuffer() (or use createWebhookHandler). ' +
        'Node http: read the request stream into a Buffer (or use toNodeHandler).',
      options,
    );
  }
}

/**
 * An `on` or `onAny` handler threw while processing a delivery. The
 * delivery is answered with 500 so that the service retries it, and its
 * notification id is released from the idempotency store.
 */
export class WebhookHandlerError extends ShiptrackError {
  override name = 'WebhookHandlerError';
  /** The notification id (`data.id`) of the delivery. */
  readonly notificationId: string;
  /** The event name of the delivery. */
  readonly eventName: string;

  constructor(notificationId: string, eventName: string, options: ShiptrackErrorOptions = {}) {
    super(
      `Processing webhook event "${eventName}" (notification ${notificationId}) failed in a handler or the idempotency store; ` +
        'the delivery was answered with 500 so the service retries it later. See the cause.',
      options,
    );
    this.notificationId = notificationId;
    this.eventName = eventName;
  }
}

/**
 * A copy of a notification arrived while another attempt at the same
 * notification is still being processed (the service retried after a time-out,
 * for example). It is answered 409 and not acknowledged: if the first attempt
 * fails, the service still has this retry to send later.
 */
export class WebhookInProgressError extends ShiptrackError {
  override name = 'WebhookInProgressError';
  /** The notification id (`data.id`) of the delivery. */
  readonly notificationId: string;

  constructor(notificationId: string, options: ShiptrackErrorOptions = {}) {
    super(
      `Notification ${notificationId} is already being processed by another attempt; answered 409 so the service delivers it again later.`,
      options,
    );
    this.notificationId = notificationId;
  }
}

/**
 * The webhook tools were set up wrongly (no secret, an empty secret, an
 * option of the wrong type). Fix the configuration; the message says what.
 */
export class WebhookConfigurationError extends ShiptrackError {
  override name = 'WebhookConfigurationError';
}
