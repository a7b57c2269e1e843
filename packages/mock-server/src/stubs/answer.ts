/**
 * The answer a stub sends: its status, its headers (a `Content-Type` by
 * default for a body) and its body.
 */
import type { StubResponse } from './types.js';

/** The JSON:API media type, what the service answers with. */
const JSON_API = 'application/vnd.api+json';

/** The `Content-Type` a stubbed answer goes with: the one set, else one for its body, else none. */
export function stubContentType(response: StubResponse): string | null {
  const set = response.headers?.['content-type'];
  if (set !== undefined) return set;
  if (response.body !== undefined) return JSON_API;
  if (response.text !== undefined) return 'text/plain; charset=utf-8';
  return null;
}

/** The HTTP answer of a stub. */
export function stubAnswer(response: StubResponse): Response {
  const headers = new Headers(response.headers);
  const contentType = stubContentType(response);
  if (contentType !== null) headers.set('content-type', contentType);
  const body =
    response.text ?? (response.body === undefined ? null : JSON.stringify(response.body));
  return new Response(body, { status: response.status, headers });
}
