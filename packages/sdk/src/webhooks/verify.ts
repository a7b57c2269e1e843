import { WebhookConfigurationError } from './errors.js';
import { isHmacSha256 } from './hmac.js';
import { type RawBody, rawBodyBytes } from './raw-body.js';

/**
 * The secret of a webhook, or several during a rotation: a delivery is
 * accepted when it is signed with any of them.
 */
export type WebhookSecret = string | readonly string[];

/** An HMAC-SHA256 digest is 32 bytes, 64 hex characters. */
const SIGNATURE_PATTERN = /^[0-9a-fA-F]{64}$/;

/** The outcome of a signature check, with the reason when it fails. */
export type SignatureCheck = 'valid' | 'malformed_signature' | 'mismatch';

/** The secrets as a non-empty list; throws when none is usable. */
export function normalizeSecrets(secret: WebhookSecret): readonly string[] {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!Array.isArray(secrets) || secrets.length === 0) {
    throw new WebhookConfigurationError(
      'No webhook secret given. Pass the `secret` of the webhook (returned by POST /webhooks and GET /webhooks/{id}), or a list of secrets during a rotation.',
    );
  }
  for (const value of secrets) {
    if (typeof value !== 'string' || value.length === 0) {
      throw new WebhookConfigurationError(
        'A webhook secret is empty or not a string. Check the environment variable or configuration that holds it.',
      );
    }
  }
  return secrets;
}

function decodeSignature(signature: string): Uint8Array<ArrayBuffer> | undefined {
  if (!SIGNATURE_PATTERN.test(signature)) return undefined;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(signature.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Checks a signature and says why it failed. The digests are compared in
 * constant time (`timingSafeEqual`, or `crypto.subtle.verify` where there is
 * no `node:crypto`), so the check leaks nothing about the expected signature.
 */
export async function checkSignature(
  rawBody: RawBody,
  signature: string,
  secret: WebhookSecret,
): Promise<SignatureCheck> {
  const bytes = rawBodyBytes(rawBody);
  const secrets = normalizeSecrets(secret);
  const digest = decodeSignature(signature);
  if (digest === undefined) return 'malformed_signature';
  for (const value of secrets) {
    if (await isHmacSha256(value, digest, bytes)) return 'valid';
  }
  return 'mismatch';
}

/**
 * Verifies the `X-SVC-Webhook-Signature` of a delivery: the lower-case hex
 * HMAC-SHA256 of the raw body bytes with the webhook secret, compared in
 * constant time. Pass several secrets to accept either during a rotation.
 *
 * Resolves to `true` when the signature matches, `false` when it does not
 * (including a missing, non-hex or wrong-length signature). Throws
 * `WebhookRawBodyError` when `rawBody` is not raw (e.g. an object parsed by
 * a JSON body parser), and `WebhookConfigurationError` when no secret is set.
 *
 * @example
 * const ok = await verifySignature(await request.text(), request.headers.get('X-SVC-Webhook-Signature'), secret);
 */
export async function verifySignature(
  rawBody: RawBody,
  signature: string | null | undefined,
  secret: WebhookSecret,
): Promise<boolean> {
  if (typeof signature !== 'string') {
    // Still validate the other arguments, so a misuse is reported even without a header.
    rawBodyBytes(rawBody);
    normalizeSecrets(secret);
    return false;
  }
  return (await checkSignature(rawBody, signature, secret)) === 'valid';
}
