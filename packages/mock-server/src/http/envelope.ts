/**
 * What every answer of the app shares, whatever its path: the request is
 * read at its canonical URL (`canonical.ts`), the answer carries an
 * `X-Request-Id`, and a `HEAD` answer has the headers of the `GET`, its
 * `Content-Length` included, without the body.
 */
import type { MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import { canonicalPath, canonicalRequest } from './canonical.js';
import type { AppEnv } from './env.js';

/** A request id a client may choose, so it can correlate its own logs; otherwise one is made. */
const CLIENT_REQUEST_ID = /^[\w\-.:@]{1,200}$/;

/** The request id of a request: the client's `X-Request-Id` when it is a sensible one, else a new UUID. */
export function requestIdFor(header: string | undefined): string {
  return header !== undefined && CLIENT_REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

/** The route path of a request: its canonical path (hono's `getPath` option of the app). */
export function routePath(request: Request): string {
  return canonicalPath(getPath(request));
}

async function withoutBody(response: Response): Promise<Response> {
  const length = response.body === null ? 0 : (await response.arrayBuffer()).byteLength;
  const headers = new Headers(response.headers);
  headers.set('content-length', String(length));
  return new Response(null, { status: response.status, headers });
}

/** The middleware that runs first for every request of the app. */
export function envelope(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path !== getPath(c.req.raw)) c.req.raw = canonicalRequest(c.req.raw, c.req.path);
    const requestId = requestIdFor(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    await next();
    // Status 0 is a dropped connection (a fault): there is no answer to label.
    if (c.res.status === 0) return;
    // hono ran the GET route for a HEAD; keep its headers and measure the body it drops.
    if (c.req.method === 'HEAD') c.res = await withoutBody(c.res);
    c.res.headers.set('X-Request-Id', requestId);
  };
}
