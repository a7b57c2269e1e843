/**
 * One request passed on to the service and its answer brought back: the
 * caller's method, path, query, headers (its API key included, held only
 * for this call) and body; hop-by-hop headers stay behind, redirects come
 * back as they are, and an answer that takes too long ends the call.
 */

/** Headers that belong to one connection, not to the request (RFC 9110). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/** An answer of the service, its body decoded. */
export interface ForwardedAnswer {
  readonly status: number;
  /** Its headers, without hop-by-hop ones and without `content-encoding` (the body is decoded). */
  readonly headers: Headers;
  readonly bytes: Uint8Array;
}

/** What to send on. */
export interface Outgoing {
  readonly method: string;
  /** The service's URL for the request (its base and the caller's path and query). */
  readonly url: URL;
  readonly headers: Headers;
  readonly body: Uint8Array | null;
  /** Ends the call: the caller went away, or it took too long. */
  readonly signal: AbortSignal;
}

/** The request's headers as they go on: without hop-by-hop ones and those in `dropped`. */
export function outgoingHeaders(headers: Headers, dropped: readonly string[]): Headers {
  const kept = new Headers();
  headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && !dropped.includes(name)) kept.append(name, value);
  });
  return kept;
}

/** Sends a request on to the service; rejects when it cannot be reached or `signal` ends it. */
export async function forward(
  outgoing: Outgoing,
  fetchImpl: typeof fetch,
): Promise<ForwardedAnswer> {
  const response = await fetchImpl(outgoing.url, {
    method: outgoing.method,
    headers: outgoing.headers,
    // A fresh ArrayBuffer-backed copy: the body type wants one.
    ...(outgoing.body === null ? {} : { body: new Uint8Array(outgoing.body) }),
    redirect: 'manual',
    signal: outgoing.signal,
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') headers.append(name, value);
  });
  return { status: response.status, headers, bytes };
}
