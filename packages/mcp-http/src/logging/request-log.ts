/**
 * One log line per HTTP request: what was asked (JSON-RPC method, tool),
 * how it ended (status, duration) and under which credential kind, with a
 * request id. Never a key or a token: keys appear only as a fingerprint.
 */

/** The fields of one request's log line. */
export interface RequestLogEntry {
  /** ISO time the request arrived. */
  time: string;
  /** The `X-Request-Id` sent back to the client (the client's own when it sent a sane one). */
  requestId: string;
  /** HTTP method. */
  method: string;
  path: string;
  /** JSON-RPC method(s) of the body, when it was read. */
  rpcMethod?: string;
  /** Tool name of a `tools/call`, prompt of a `prompts/get`, URI of a `resources/read`. */
  target?: string;
  /** HTTP status; 499 when the client went away before the response ended. */
  status: number;
  /** Time to the end of the response body, in ms. */
  durationMs: number;
  /** How the caller authenticated (`local`: authentication off, the local key). */
  auth: 'token' | 'bearer' | 'local' | 'none';
  /** Fingerprint of the API key used for REST calls (12 hex digits of its SHA-256). */
  keyFingerprint?: string;
  /** `sub` of a verified OAuth access token. */
  subject?: string;
  /** Why the request was refused, when it was. */
  note?: string;
  /** `direct` when the fast path answered it without building an MCP server. */
  served?: 'direct';
  /** The protocol era of an MCP request: `legacy` (2025 revisions) or `modern` (2026-07-28). */
  era?: 'legacy' | 'modern';
  /** The `MCP-Protocol-Version` header, when sent. */
  protocolVersion?: string;
  /** The trace of the request, when traces are recorded (OpenTelemetry). */
  traceId?: string;
}

/** Receives each request's log line. */
export type RequestLogger = (entry: RequestLogEntry) => void;

/** The default: one JSON line per request on the console. */
export const consoleRequestLogger: RequestLogger = (entry) => {
  console.log(JSON.stringify(entry));
};

/**
 * The default error reporter: one JSON line with where it happened and the
 * error's name and message (the SDK's messages never carry keys).
 */
export function consoleErrorReporter(error: unknown, where: string): void {
  const described =
    error instanceof Error
      ? { error: error.name, message: error.message }
      : { error: String(error) };
  console.error(
    JSON.stringify({ time: new Date().toISOString(), level: 'error', where, ...described }),
  );
}

/**
 * Calls `finish` once the response body has been sent (or at once for a
 * body-less response); for a stream the client drops, once with 499.
 */
export function onResponseEnd(
  response: Response,
  signal: AbortSignal | undefined,
  finish: (status: number) => void,
): Response {
  let done = false;
  const end = (status: number) => {
    if (done) return;
    done = true;
    finish(status);
  };
  const streaming = response.headers.get('content-type')?.startsWith('text/event-stream');
  if (!streaming || response.body === null) {
    end(response.status);
    return response;
  }
  signal?.addEventListener('abort', () => end(499), { once: true });
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({ flush: () => end(response.status) }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
