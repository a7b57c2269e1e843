import { WebhookSignatureError } from './errors.js';
import type { WebhookEvent } from './event-types.js';
import { getSignatureHeader, type WebhookHeaders } from './headers.js';
import { parseWebhookEvent } from './parse-event.js';
import { assertRawBody, type RawBody } from './raw-body.js';
import { checkSignature, type WebhookSecret } from './verify.js';

/**
 * Verifies a delivery and parses it into a typed event: finds the
 * `X-SVC-Webhook-Signature` header in any header shape, checks it against the
 * raw body with the secret (or any of several secrets during a rotation), then
 * parses the JSON and resolves `included`.
 *
 * Throws `WebhookSignatureError` (answer 401) when the header is missing,
 * repeated, malformed or wrong; `WebhookPayloadError` (answer 400) when the
 * signed body is empty, not JSON or not a notification; `WebhookRawBodyError`
 * when `rawBody` is a parsed object instead of the raw body.
 *
 * @example
 * const event = await constructEvent(await request.text(), request.headers, process.env.WEBHOOK_SECRET);
 * if (event.name === 'tracking_request.succeeded') console.log(event.shipment?.id);
 */
export async function constructEvent(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secret: WebhookSecret,
): Promise<WebhookEvent> {
  assertRawBody(rawBody);
  const signature = getSignatureHeader(headers);
  const check = await checkSignature(rawBody, signature, secret);
  if (check !== 'valid') throw new WebhookSignatureError(check);
  return parseWebhookEvent(rawBody);
}
