import { WebhookPayloadError, WebhookRawBodyError } from './errors.js';

/** The largest delivery body the handlers read by default: 5 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The error for a body over the limit (answered 413). */
export function bodyTooLarge(limit: number): WebhookPayloadError {
  return new WebhookPayloadError(
    'too_large',
    `The webhook body is larger than ${limit} bytes; raise the maxBodyBytes option if such deliveries are expected.`,
  );
}

/** Whether a declared `Content-Length` is over `limit`: such a body is refused before a byte is read. */
export function declaredOver(contentLength: string | null | undefined, limit: number): boolean {
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limit;
}

/** Checks a body-size limit option. */
export function isValidBodyLimit(limit: number): boolean {
  return Number.isSafeInteger(limit) && limit > 0;
}

function concat(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Collects a stream of chunks (a Node request is an async iterable of
 * Buffers) into one byte array, failing as soon as it passes `limit`.
 */
export async function collectChunks(
  chunks: AsyncIterable<unknown>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    if (!(bytes instanceof Uint8Array)) continue;
    length += bytes.byteLength;
    if (length > limit) throw bodyTooLarge(limit);
    parts.push(bytes);
  }
  return concat(parts, length);
}

/**
 * The bytes of a web `Request`'s body, or `undefined` once they pass
 * `limit`: a declared `Content-Length` over the limit is refused before a
 * byte is read, and the bytes are counted as they arrive (a length can be
 * absent or wrong), the stream cancelled as soon as they pass the limit, so
 * an oversize body is never held whole. The one body reader of the
 * webhook handlers, the mock and the MCP endpoint: each answers
 * `undefined` with a 413.
 */
export async function readBodyWithin(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (declaredOver(request.headers.get('content-length'), limit)) return undefined;
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    parts.push(value);
  }
  return concat(parts, length);
}

/**
 * Reads a web `Request` body as bytes, at most `limit` of them (see
 * {@link readBodyWithin}); over the limit, the error answered 413. A body
 * another middleware already read is a `WebhookRawBodyError`.
 */
export async function readRequestBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (request.bodyUsed) {
    throw new WebhookRawBodyError(
      'a Request whose body was already read (a middleware called request.json(), c.req.json() or similar first)',
    );
  }
  const body = await readBodyWithin(request, limit);
  if (body === undefined) throw bodyTooLarge(limit);
  return body;
}
