import { WebhookRawBodyError } from './errors.js';

/**
 * Bytes or text of a webhook body, exactly as sent on the wire. A Node
 * `Buffer` is a `Uint8Array`, so it is accepted as is.
 */
export type RawBody = string | Uint8Array | ArrayBuffer;

const encoder = new TextEncoder();

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  // The tag check also recognises buffers from another realm (iframe, vm context).
  return (
    value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]'
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined (no body was read)';
  if (typeof value === 'object') return 'an object (a body that was already parsed as JSON?)';
  return `a ${typeof value}`;
}

/**
 * Throws `WebhookRawBodyError` unless `body` is a raw body (text, bytes or an
 * `ArrayBuffer`). Cheap: nothing is copied or encoded.
 */
export function assertRawBody(body: unknown): asserts body is RawBody {
  if (typeof body === 'string' || ArrayBuffer.isView(body) || isArrayBuffer(body)) return;
  throw new WebhookRawBodyError(describe(body));
}

/**
 * Turns a raw body into the exact bytes that were (or will be) sent, backed by
 * a plain `ArrayBuffer` so WebCrypto takes it without another copy. Throws
 * `WebhookRawBodyError` for anything that is not a raw body, such as a parsed
 * JSON object, because its original bytes can no longer be known.
 */
export function rawBodyBytes(body: RawBody): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return encoder.encode(body);
  if (ArrayBuffer.isView(body)) {
    const { buffer, byteOffset, byteLength } = body;
    if (buffer instanceof ArrayBuffer) return new Uint8Array(buffer, byteOffset, byteLength);
    // A SharedArrayBuffer (or a foreign realm's buffer) is copied into a plain one.
    return new Uint8Array(buffer, byteOffset, byteLength).slice();
  }
  if (isArrayBuffer(body)) return new Uint8Array(body);
  throw new WebhookRawBodyError(describe(body));
}

/** Decodes a raw body as UTF-8 text (the service sends JSON in UTF-8). */
export function rawBodyText(body: RawBody): string {
  if (typeof body === 'string') return body;
  return new TextDecoder('utf-8', { fatal: false }).decode(rawBodyBytes(body));
}
