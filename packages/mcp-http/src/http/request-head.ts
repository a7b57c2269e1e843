/**
 * What the handler reads of a request before it needs a web `Request`:
 * its method, URL, headers and signal. A `Request` is one; the Node
 * server's POST lane gives a view of the `IncomingMessage` instead, and
 * builds the `Request` only for what needs one (the MCP SDK's serving).
 */

/** Request headers as the handler reads them: by name, repeated values joined by `, `, as `Headers.get`. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** The parts of a request read before its body. */
export interface RequestHead {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: HeaderReader;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
}

/** A request being served: its head, and the whole `Request` (the same one on every call). */
export interface ServedRequest extends RequestHead {
  whole(): Request;
}

/** A web `Request` as a {@link ServedRequest}. */
export function servedRequestOf(request: Request): ServedRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    signal: request.signal,
    whole: () => request,
  };
}
