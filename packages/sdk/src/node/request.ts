import { ACCEPT_ENCODING } from './response.js';
import type { Hop, Targets } from './target.js';

/** Methods `fetch` writes in upper case whatever case they are given in. */
const NORMALIZED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

/**
 * The first hop of `fetch(input, init)`, with the headers `fetch` adds
 * (`Accept`, `User-Agent`, `Accept-Encoding`, the body's `Content-Type`);
 * `undefined` for what this sender hands to `globalThis.fetch` instead: a
 * URL other than http(s) or with credentials, a body other than text, bytes or
 * `URLSearchParams` (a `FormData`, `Blob` or stream), `redirect` other
 * than `'follow'`. Throws the `TypeError` `fetch` throws for a GET or HEAD
 * with a body. `targets` keeps what was learnt of each origin (`target.ts`).
 */
export function firstHop(input: string, init: RequestInit, targets: Targets): Hop | undefined {
  if (init.redirect !== undefined && init.redirect !== 'follow') return undefined;
  const target = targets.of(input);
  if (target === undefined) return undefined;
  const upper = (init.method ?? 'GET').toUpperCase();
  const method = NORMALIZED_METHODS.has(upper) ? upper : (init.method ?? 'GET');
  const headers = headersOf(init.headers);
  let body: string | Uint8Array | undefined;
  let contentType: string | undefined;
  const given = init.body;
  if (given === undefined || given === null) {
    body = undefined;
  } else if (typeof given === 'string') {
    body = given;
    contentType = 'text/plain;charset=UTF-8';
  } else if (given instanceof Uint8Array) {
    body = given;
  } else if (given instanceof ArrayBuffer) {
    body = new Uint8Array(given);
  } else if (given instanceof URLSearchParams) {
    body = given.toString();
    contentType = 'application/x-www-form-urlencoded;charset=UTF-8';
  } else {
    return undefined;
  }
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
    throw new TypeError('Request with GET/HEAD method cannot have body.');
  }
  if (contentType !== undefined) headers['content-type'] ??= contentType;
  headers.accept ??= '*/*';
  headers['user-agent'] ??= 'node';
  headers['accept-encoding'] ??= ACCEPT_ENCODING;
  return { target, method, headers, body };
}

/** Headers in any form `fetch` takes, as one object with lower-case names (repeated values joined). */
function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (init === undefined) return headers;
  const add = (name: string, value: string) => {
    const key = name.toLowerCase();
    const before = headers[key];
    headers[key] = before === undefined ? value : `${before}, ${value}`;
  };
  if (init instanceof Headers || Array.isArray(init)) {
    for (const [name, value] of init) add(name, value);
  } else {
    for (const name in init) add(name, init[name] ?? '');
  }
  return headers;
}
