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
 * The parts of a Node request (an `IncomingMessage`, or an Express
 * `Request`) its body is read from. Structural, so the SDK needs no
 * `node:` import.
 */
export interface NodeBodyStream {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The error the stream failed with (the client went away), if it did. */
  readonly errored?: Error | null;
  on(event: 'data', listener: (chunk: unknown) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'data', listener: (chunk: unknown) => void): unknown;
  off(event: 'end', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
}

/** One chunk of a Node stream as bytes: a Buffer, or a string once an encoding was set. */
function bytesOf(chunk: unknown): Uint8Array | undefined {
  if (typeof chunk === 'string') return new TextEncoder().encode(chunk);
  return chunk instanceof Uint8Array ? chunk : undefined;
}

/**
 * The bytes of a Node request's body, read from its events, or
 * `undefined` once they pass `limit`, by the rules of
 * {@link readBodyWithin}: a declared `Content-Length` over the limit is
 * refused before a byte is read, and the bytes are counted as they arrive.
 * Over the limit the rest stays unread (the stream paused), as a cancelled
 * web read leaves it: the caller answers 413 and ends or drains the
 * connection. Rejects with the stream's error when the client goes away.
 */
export function readStreamWithin(
  stream: NodeBodyStream,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = stream.headers['content-length'];
  if (declaredOver(typeof declared === 'string' ? declared : undefined, limit)) {
    return Promise.resolve(undefined);
  }
  // A client gone before the body was asked for (authentication is awaited first): no event will come.
  if (stream.errored) return Promise.reject(stream.errored);
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    let length = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: unknown) => {
      const bytes = bytesOf(chunk);
      if (bytes === undefined) return;
      length += bytes.byteLength;
      if (length > limit) {
        stop();
        stream.pause();
        resolve(undefined);
        return;
      }
      parts.push(bytes);
    };
    const onEnd = () => {
      stop();
      resolve(concat(parts, length));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/**
 * The bytes of a web `Request`'s body, or `undefined` once they pass
 * `limit`: a declared `Content-Length` over the limit is refused before a
 * byte is read, and the bytes are counted as they arrive (a length can be
 * absent or wrong), the stream cancelled as soon as they pass the limit, so
 * an oversize body is never held whole. The one body reader of the
 * webhook handlers, the mock and the MCP endpoint (from a Node request:
 * {@link readStreamWithin}): each answers `undefined` with a 413.
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
