import { cachedWebhookKey } from './key-cache.js';
import { type RawBody, rawBodyBytes } from './raw-body.js';

export type { RawBody } from './raw-body.js';

/** Name of the header that carries a delivery's signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-SVC-Webhook-Signature';

/** Lower-case hexadecimal form of a byte array. */
export function toHex(bytes: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(bytes)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Signs a webhook body the way the service does: the lower-case hex
 * HMAC-SHA256 of the raw bytes, keyed with the webhook secret. The result is
 * the value of the `X-SVC-Webhook-Signature` header. Use it to build signed
 * test deliveries, or in a server that sends deliveries.
 */
export async function signPayload(body: RawBody, secret: string): Promise<string> {
  const key = await cachedWebhookKey(secret);
  const signature = await crypto.subtle.sign('HMAC', key, rawBodyBytes(body));
  return toHex(signature);
}
