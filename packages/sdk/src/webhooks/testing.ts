import type { WebhookEventName } from './event-names.js';
import type { RawWebhookDelivery } from './event-types.js';
import { createSampleWebhookPayload, type SampleWebhookPayloadOptions } from './sample-payload.js';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from './sign.js';

/** Options of `createSignedDelivery`. */
export interface SignedDeliveryOptions extends SampleWebhookPayloadOptions {
  /** The webhook secret to sign with. */
  secret: string;
  /** Replaces the sample body (e.g. to test a field your handler reads); it is signed as given. */
  payload?: RawWebhookDelivery;
  /** Extra headers, like the custom `headers` of a webhook. */
  headers?: Record<string, string>;
}

/** A signed delivery, ready to send to a receiver under test. */
export interface SignedDelivery {
  /** The notification id (`data.id`). */
  readonly id: string;
  /** The body as an object. */
  readonly payload: RawWebhookDelivery;
  /** The body exactly as sent: the JSON text the signature covers. */
  readonly body: string;
  /** The `X-SVC-Webhook-Signature` value. */
  readonly signature: string;
  /** The request headers: content type, signature, and any extra ones. */
  readonly headers: Readonly<Record<string, string>>;
  /** A Fetch `Request` POSTing the delivery to `url`, for web-standard handlers. */
  toRequest(url?: string): Request;
}

/**
 * Builds a realistic signed delivery of an event, as the service would send
 * it, for testing your receiver: the body validates against the spec, the
 * signature is real HMAC-SHA256 with `secret`. Send `body` with `headers`
 * over HTTP, or pass `toRequest()` to a web-standard handler. Reuse `id`
 * to simulate a redelivery.
 *
 * @example
 * const delivery = await createSignedDelivery('tracking_request.succeeded', { secret: 'whsec_test' });
 * const response = await handler(delivery.toRequest());
 */
export async function createSignedDelivery(
  eventName: WebhookEventName,
  options: SignedDeliveryOptions,
): Promise<SignedDelivery> {
  const payload = options.payload ?? createSampleWebhookPayload(eventName, options);
  const body = JSON.stringify(payload);
  const signature = await signPayload(body, options.secret);
  const headers = {
    'content-type': 'application/json',
    ...options.headers,
    [WEBHOOK_SIGNATURE_HEADER]: signature,
  };
  return {
    id: payload.data.id,
    payload,
    body,
    signature,
    headers,
    toRequest: (url = 'http://localhost/webhooks') =>
      new Request(url, { method: 'POST', headers, body }),
  };
}
