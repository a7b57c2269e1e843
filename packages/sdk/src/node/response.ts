import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw } from 'node:zlib';
import { BufferedResponse } from './buffered-response.js';
import type { Answer } from './exchange.js';

/** What `fetch` asks for unless the caller names its own `Accept-Encoding`. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

type Decoder = (bytes: Buffer) => Promise<Buffer>;

const gunzipAsync: Decoder = promisify(gunzip);
const inflateAsync: Decoder = promisify(inflate);
const inflateRawAsync: Decoder = promisify(inflateRaw);

/** The decoder of each content coding `fetch` decodes. */
const DECODERS: ReadonlyMap<string, Decoder> = new Map([
  ['gzip', gunzipAsync],
  ['x-gzip', gunzipAsync],
  // "deflate" is meant to be zlib-wrapped, but servers send raw deflate too; fetch reads both.
  [
    'deflate',
    (bytes) => (((bytes[0] ?? 0) & 0x0f) === 0x08 ? inflateAsync : inflateRawAsync)(bytes),
  ],
  ['br', promisify(brotliDecompress)],
]);

/** Statuses whose `Response` has no body (a 101 never gets here: undici fails the request). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** An answer with its body decoded as `fetch` decodes it. */
export interface DecodedAnswer {
  status: number;
  statusText: string;
  /** Names and values in turn, as received. */
  rawHeaders: string[];
  /** Whether a coding was undone: `Content-Encoding` and `Content-Length` then no longer apply. */
  decoded: boolean;
  /** The body; `null` for HEAD, 204, 205 and 304. */
  bytes: Uint8Array<ArrayBuffer> | null;
  /** Why the body cannot be read (cut off, or it does not decode), if it cannot. */
  failure: Error | undefined;
}

/**
 * Decodes the body of an answer as `fetch` does (gzip, deflate, br, in the
 * order they were applied); no body for HEAD, 204, 205 and 304. A body cut
 * off, or one that does not decode, is the answer's `failure`.
 */
export async function decodeAnswer(answer: Answer, method: string): Promise<DecodedAnswer> {
  const nullBody = method === 'HEAD' || NULL_BODY_STATUSES.has(answer.status);
  let bytes: Uint8Array<ArrayBuffer> | null = nullBody ? null : bodyOf(answer.body);
  let failure = nullBody ? undefined : answer.cutOff;
  const decoders = nullBody || failure ? [] : decodersOf(answer.rawHeaders);
  const decoded = decoders.length > 0 && answer.body.length > 0;
  if (decoded) {
    try {
      let decodedBytes = answer.body;
      // Content-Encoding lists the codings in the order they were applied: undo the last first.
      for (const decode of decoders.reverse()) decodedBytes = await decode(decodedBytes);
      bytes = bodyOf(decodedBytes);
    } catch (cause) {
      failure = new TypeError('terminated', { cause });
    }
  }
  const { status, statusText, rawHeaders } = answer;
  return { status, statusText, rawHeaders, decoded, bytes, failure };
}

/**
 * The `ResponseInit` of a decoded answer: repeated headers joined by
 * `Headers`, and without `Content-Encoding` and `Content-Length` when the
 * body was decoded (they described the bytes on the wire).
 */
export function responseInitOf(answer: DecodedAnswer): ResponseInit {
  const headers: [string, string][] = [];
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const value = raw[i + 1] ?? '';
    if (answer.decoded && isEncodingHeader(name)) continue;
    headers.push([name, value]);
  }
  return { status: answer.status, statusText: answer.statusText, headers };
}

/**
 * The `Response` `fetch` would give for an answer (see {@link decodeAnswer}
 * and {@link responseInitOf}). A body cut off, or one that does not
 * decode, fails when read. `read` gives a `Response` whose body has
 * already been read, as the transport hands its callers.
 */
export function responseOf(answer: DecodedAnswer, url: string, read = false): Response {
  const init = responseInitOf(answer);
  const { bytes, failure } = answer;
  // Bytes read whole are read back without a stream; a failing or null body is fetch's own.
  const response =
    failure !== undefined
      ? new Response(failingStream(failure), init)
      : bytes === null
        ? new Response(null, init)
        : new BufferedResponse(read ? undefined : bytes, init);
  // `Response.url` is read-only, set by fetch itself: the final URL, after redirects.
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/**
 * The decoders of the codings `Content-Encoding` lists, when every one can
 * be decoded; none otherwise (`fetch` hands an unknown coding's body over as
 * it came).
 */
function decodersOf(rawHeaders: string[]): Decoder[] {
  const decoders: Decoder[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] ?? '').toLowerCase() !== 'content-encoding') continue;
    for (const part of (rawHeaders[i + 1] ?? '').split(',')) {
      const coding = part.trim().toLowerCase();
      if (coding === '' || coding === 'identity') continue;
      const decoder = DECODERS.get(coding);
      if (!decoder) return [];
      decoders.push(decoder);
    }
  }
  return decoders;
}

/** Whether a header describes the bytes on the wire (dropped once the body is decoded). */
export function isEncodingHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === 'content-encoding' || lower === 'content-length';
}

/** The bytes as a body. */
function bodyOf(bytes: Buffer): Uint8Array<ArrayBuffer> {
  // Buffers from a socket or zlib are backed by an ArrayBuffer, never a SharedArrayBuffer.
  return bytes as Uint8Array<ArrayBuffer>;
}

/** A body that fails with `error` when read, as fetch's does when the connection drops mid-body. */
function failingStream(error: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.error(error);
    },
  });
}
