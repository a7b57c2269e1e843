/** Bytes or text of a webhook body, exactly as sent on the wire. */
export type RawBody = string | Uint8Array | ArrayBuffer;

const encoder = new TextEncoder();

/** Turns a raw body into the exact bytes that were (or will be) sent. */
export function rawBodyBytes(body: RawBody): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return body;
}

/** Imports a webhook secret as a WebCrypto HMAC-SHA256 key. */
export async function importWebhookKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

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
  const key = await importWebhookKey(secret);
  // A fresh copy gives WebCrypto a plain ArrayBuffer-backed view whatever the caller passed.
  const signature = await crypto.subtle.sign('HMAC', key, rawBodyBytes(body).slice());
  return toHex(signature);
}

/** Name of the header that carries a delivery's signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-SVC-Webhook-Signature';
