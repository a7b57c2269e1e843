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

/**
 * The methods a preflight of the MCP path announces: POST (2025 revisions
 * are served statelessly, so there is no standalone GET stream and no
 * session to DELETE; 2026-07-28 is POST-only). A GET with `Last-Event-ID`
 * resumes a broken SSE answer; GET is CORS-safelisted, so it needs no
 * listing.
 */
export const MCP_METHODS: readonly string[] = ['POST'];

/** The methods of public documents (health, OAuth metadata). */
export const DOCUMENT_METHODS: readonly string[] = ['GET', 'HEAD'];

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
      'access-control-allow-methods': MCP_METHODS.join(', '),
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

/** The preflight answer of a public document: any origin, its read methods only. */
export function documentPreflightResponse(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...PUBLIC_CORS_HEADERS,
      'access-control-allow-methods': DOCUMENT_METHODS.join(', '),
      'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? '*',
      'access-control-max-age': '600',
    },
  });
}
