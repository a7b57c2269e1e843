/**
 * msw handlers that answer requests to a base URL from an in-process mock,
 * for tests that run code using `fetch` without a server.
 *
 * ```ts
 * const mock = createMockServer({ clock: { mode: 'manual' } });
 * const server = setupServer(...createMswHandlers(mock, { baseUrl: 'https://api.example.test/v2' }));
 * ```
 */
import { type HttpHandler, http } from 'msw';
import type { MockServer } from '../create-mock-server.js';

/** Options of {@link createMswHandlers}. */
export interface MswHandlerOptions {
  /** The REST base the code under test calls; must end in `/v2`. */
  baseUrl: string;
}

/**
 * Handlers for msw 2 forwarding `${baseUrl}/*` and the control API
 * (`${origin}${prefix}/_mock/*`) to the mock's app.
 */
export function createMswHandlers(mock: MockServer, options: MswHandlerOptions): HttpHandler[] {
  const base = new URL(options.baseUrl);
  const path = base.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v2')) {
    throw new TypeError(
      `baseUrl must end in /v2 (got ${options.baseUrl}); pass the REST base, e.g. https://api.example.test/v2.`,
    );
  }
  const prefix = path.slice(0, -'/v2'.length);
  const forward = async ({ request }: { request: Request }) => {
    if (prefix === '') return mock.fetch(request);
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(prefix.length);
    const response = await mock.fetch(new Request(url, request));
    if (response.status === 0 || response.body === null) return response;
    // Files (downloads) pass as they are; only JSON carries links to rewrite.
    if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
    // The app answered for `${origin}/v2`: put the prefix back into its absolute links
    // (and into the download URLs it serves under `/_mock`).
    const text = (await response.text())
      .replaceAll(`"${base.origin}/v2`, `"${base.origin}${path}`)
      .replaceAll(`"${base.origin}/_mock/`, `"${base.origin}${prefix}/_mock/`);
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return [
    http.all(`${base.origin}${path}/*`, forward),
    http.all(`${base.origin}${prefix}/_mock/*`, forward),
  ];
}
