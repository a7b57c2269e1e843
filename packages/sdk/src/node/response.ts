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

/** Statuses whose `Response` has no body (a 101 never gets here: node:http ends the request). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * The `Response` `fetch` would give for an answer: the body decoded
 * (gzip, deflate, br, in the order they were applied) and then without
 * `Content-Encoding` and `Content-Length`, which described the bytes on the
 * wire; no body for HEAD, 204, 205 and 304; repeated headers joined by
 * `Headers`. A body cut off, or one that does not decode, fails when read.
 */
export async function responseOf(answer: Answer, method: string, url: string): Promise<Response> {
  const nullBody = method === 'HEAD' || NULL_BODY_STATUSES.has(answer.status);
  let bytes: Uint8Array<ArrayBuffer> | null = nullBody ? null : bodyOf(answer.body);
  let failure = answer.cutOff;
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
  const headers: [string, string][] = [];
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const value = raw[i + 1] ?? '';
    if (decoded && isEncodingHeader(name)) continue;
    headers.push([name, value]);
  }
  const init = { status: answer.status, statusText: answer.statusText, headers };
  // Bytes read whole are read back without a stream; a failing or null body is fetch's own.
  const response =
    failure !== undefined && !nullBody
      ? new Response(failingStream(failure), init)
      : bytes === null
        ? new Response(null, init)
        : new BufferedResponse(bytes, init);
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

function isEncodingHeader(name: string): boolean {
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
