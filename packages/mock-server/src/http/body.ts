/**
 * Reading request bodies: the content type must be JSON:API or JSON, the
 * size at most 1 MB (checked on Content-Length first, then while streaming,
 * before anything is parsed), and the text valid JSON whose numbers a
 * double can hold (`1e400` is a 422 "number out of range", not Infinity).
 */
import { readBodyWithin } from '@shiptrack/sdk/webhooks';
import type { Context } from 'hono';
import { malformedBody, payloadTooLarge, unprocessable, unsupportedMediaType } from './errors.js';
import { numberLiterals } from './json-numbers.js';

/** The largest accepted body, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

const ACCEPTED_TYPES = new Set(['application/vnd.api+json', 'application/json']);

/** The bytes of a request body, refused with 413 past `maxBytes` (the SDK's `readBodyWithin`). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const bytes = await readBodyWithin(request, maxBytes);
  if (bytes === undefined) throw payloadTooLarge(maxBytes);
  return bytes;
}

/** Each request's read of its body: the journal, stubs and the route share it. */
const reads = new WeakMap<Request, Promise<Uint8Array | undefined>>();

/**
 * The bytes of a REST request's body, at most {@link MAX_BODY_BYTES}
 * (`undefined` past it), read once per request: whoever asks again (the
 * journal, a stub that matches bodies, the route) gets the same read, so
 * the body is never copied.
 */
export function requestBodyBytes(request: Request): Promise<Uint8Array | undefined> {
  let read = reads.get(request);
  if (read === undefined) {
    read = readBodyWithin(request, MAX_BODY_BYTES);
    reads.set(request, read);
  }
  return read;
}

async function readCapped(request: Request): Promise<string> {
  const bytes = await requestBodyBytes(request);
  if (bytes === undefined) throw payloadTooLarge(MAX_BODY_BYTES);
  return new TextDecoder().decode(bytes);
}

/**
 * Reads and parses the JSON body of a request. Returns `undefined` for an
 * empty body when `required` is false; throws 400, 413 or 415 otherwise.
 */
export async function readJsonBody(c: Context, options: { required: boolean }): Promise<unknown> {
  const request = c.req.raw;
  const contentType = request.headers.get('content-type') ?? undefined;
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  const text = await readCapped(request);
  if (text.trim() === '') {
    if (options.required) {
      throw malformedBody(
        'The request body is empty. Send a JSON document as described in the API reference.',
      );
    }
    return undefined;
  }
  if (mediaType === undefined || !ACCEPTED_TYPES.has(mediaType))
    throw unsupportedMediaType(contentType);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    throw malformedBody(
      `The request body is not valid JSON (${reason}). Fix the syntax and send it again.`,
    );
  }
  if (MAY_OVERFLOW.test(text)) refuseOverflow(text);
  bodyTexts.set(request, text);
  return body;
}

/** A number JSON.parse may have turned into Infinity: a 3-digit exponent, or 309 digits. */
const MAY_OVERFLOW = /[eE]\+?\d{3}|\d{309}/;

/** The JSON text of each request body read, for the numbers as written. */
const bodyTexts = new WeakMap<Request, string>();

function refuseOverflow(text: string): void {
  const issues = [...numberLiterals(text)]
    .filter(([, literal]) => !Number.isFinite(Number(literal)))
    .map(([pointer, literal]) => ({
      pointer,
      code: 'out_of_range',
      detail: `is a number out of range: ${literal.length > 40 ? `${literal.slice(0, 40)}...` : literal} is beyond what a double holds (about 1.8e308). Send a smaller number.`,
    }));
  if (issues.length > 0) throw unprocessable(issues);
}

/**
 * The literal of the number at `pointer` in the request's JSON body, as the
 * client wrote it (`12345678901234567890.125`, `1.50e2`), or undefined.
 */
export function numberAsWritten(c: Context, pointer: string): string | undefined {
  const text = bodyTexts.get(c.req.raw);
  return text === undefined ? undefined : numberLiterals(text).get(pointer);
}
