/**
 * CORS for browser-based MCP clients (the MCP Inspector, web apps): only for
 * allowed origins, exposing the headers an MCP client must read.
 */

/** Headers a browser client needs to read: the auth challenge and the MCP headers. */
export const EXPOSED_HEADERS = [
  'WWW-Authenticate',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Retry-After',
  'X-Request-Id',
].join(', ');

/** Methods announced to browsers (GET and DELETE so a browser can read their 405). */
const ALLOWED_METHODS = 'POST, GET, DELETE, OPTIONS';

/** Request headers a client may send when the preflight does not list them. */
const DEFAULT_ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID';

/** CORS headers for an allowed `origin` on an MCP response. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'Origin',
  };
}

/**
 * The preflight answer: the requested headers are reflected (the 2026
 * revision sends `Mcp-Param-*` headers named after tool parameters).
 */
export function preflightResponse(request: Request, origin: string): Response {
  const requested = request.headers.get('access-control-request-headers');
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': requested ?? DEFAULT_ALLOWED_HEADERS,
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers',
    },
  });
}

/** Headers of public documents (metadata, health): every origin may read them. */
export const PUBLIC_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};
