/**
 * The handler's own answers (those the MCP SDK does not give): JSON bodies,
 * a JSON-RPC error shape for the MCP path, and the request id on each.
 */
import { type Answer, PreparedAnswer } from './prepared-answer.js';

/** A JSON body with `status` and extra headers. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * A transport-level refusal on the MCP path as a JSON-RPC error without an
 * id (the request was not read as JSON-RPC), the shape MCP clients parse.
 */
export function rpcErrorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): Response {
  return jsonResponse(status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}

/** 405 with `Allow` for a method a path does not serve. */
export function methodNotAllowed(allow: readonly string[]): Response {
  return rpcErrorResponse(
    405,
    `Method not allowed. This endpoint serves ${allow.join(', ')}; MCP requests are POSTed (the server is stateless: no standalone GET stream, no session to DELETE; a GET with Last-Event-ID resumes a broken SSE answer).`,
    { allow: allow.join(', ') },
  );
}

/**
 * `answer` with extra headers: set in place, or on a copy when the
 * headers are immutable (a response straight from `fetch`).
 */
export function withHeaders(answer: Answer, headers: Record<string, string>): Answer {
  if (answer instanceof PreparedAnswer) {
    Object.assign(answer.headers, headers);
    return answer;
  }
  try {
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
    return answer;
  } catch {
    const merged = new Headers(answer.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: merged,
    });
  }
}
