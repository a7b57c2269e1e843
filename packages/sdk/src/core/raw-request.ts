/**
 * A request the caller spells out (method, path, query, body), sent through
 * the same transport as every operation: credentials, the rate limiter of
 * the operation the path names, retries of what is safe to repeat, typed
 * errors. For tools that reach any path of the API (`shiptrack api`), as
 * `gh api` and `stripe get` do.
 */
import type { ShiptrackClient } from '../client.js';
import { operations } from '../generated/operations.js';
import { transportOf } from './client-transport.js';
import { InvalidArgumentError, ShiptrackError } from './errors.js';
import type { ResponseFormat } from './format.js';
import type { RequestOptions, Transport } from './transport.js';

/** Options of a request spelled out by the caller. */
export interface RawRequestOptions extends RequestOptions {
  /** Query parameters by their wire names (`filter[status]`, `page[size]`), added to the path's own. */
  query?: Readonly<Record<string, string>>;
  /** A JSON body (sent as JSON:API when it has `data`, else as plain JSON). */
  body?: unknown;
}

/** The answer of a request spelled out by the caller. */
export interface RawResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body; `undefined` for an empty one. */
  body: unknown;
  /** The service's request id, when it sent one. */
  requestId: string | null;
  /** The absolute URL of the next page, when the body is a page that links to one. */
  nextUrl: string | null;
}

const METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/** The base URL with one trailing slash, for resolving paths under it. */
function withSlash(baseUrl: string): string {
  return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}

/**
 * The absolute URL of a path: `shipments`, `/shipments` and `/v2/shipments`
 * (the base URL's own path written out) all name `<base>/shipments`; an
 * absolute URL must be on the base URL's origin, where the key may go.
 */
export function requestUrl(baseUrl: string, path: string): URL {
  const base = new URL(withSlash(baseUrl));
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    const absolute = new URL(path);
    if (absolute.origin !== base.origin) {
      throw new InvalidArgumentError(
        'path',
        `${absolute.origin} is not the base URL's origin (${base.origin}): the key is sent only there. Pass a path such as /shipments.`,
      );
    }
    return absolute;
  }
  const basePath = base.pathname;
  const underBase = path.startsWith(basePath) || `${path}/` === basePath;
  return new URL(underBase ? path : path.replace(/^\/+/, ''), underBase ? base.origin : base);
}

/** The rate-limit bucket of the operation a method and path name; `default` for any other. */
export function bucketOf(baseUrl: string, method: string, url: URL): string {
  const basePath = new URL(withSlash(baseUrl)).pathname;
  const path = `/${url.pathname.slice(basePath.length)}`.replace(/\/+$/, '') || '/';
  for (const operation of Object.values(operations)) {
    if (operation.method !== method) continue;
    const pattern = operation.path.replace(/\{[^}]+\}/g, '[^/]+');
    if (new RegExp(`^${pattern}$`).test(path)) return operation.bucket;
  }
  return 'default';
}

/** The `links.next` of a JSON:API page, resolved against the base URL; `null` on the last page. */
function nextUrlOf(baseUrl: string, body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('links' in body)) return null;
  const { links } = body;
  if (typeof links !== 'object' || links === null || !('next' in links)) return null;
  const { next } = links;
  return typeof next === 'string' && next !== '' ? new URL(next, withSlash(baseUrl)).href : null;
}

/** Sends one request spelled out by the caller through a transport. */
async function sendRaw(
  transport: Transport,
  method: string,
  path: string,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const verb = method.toUpperCase();
  if (!METHODS.has(verb)) {
    throw new InvalidArgumentError(
      'method',
      `"${method}" is not an HTTP method: pass GET, POST, PATCH, PUT or DELETE.`,
    );
  }
  const { query, body, ...requestOptions } = options;
  const url = requestUrl(transport.baseUrl, path);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.append(name, value);
  const json = body === undefined ? undefined : JSON.stringify(body);
  const exchange = await transport.send(
    {
      method: verb,
      url: url.href,
      body: json,
      contentType:
        json === undefined
          ? undefined
          : typeof body === 'object' && body !== null && 'data' in body
            ? 'application/vnd.api+json'
            : 'application/json',
      bucket: bucketOf(transport.baseUrl, verb, url),
      idempotent: IDEMPOTENT.has(verb),
    },
    requestOptions,
  );
  return {
    status: exchange.status,
    headers: exchange.response.headers,
    body: exchange.data,
    requestId: exchange.requestId ?? null,
    nextUrl: nextUrlOf(transport.baseUrl, exchange.data),
  };
}

/**
 * Sends a request spelled out by the caller, to any path under the base
 * URL (`/shipments`, `shipments` or `/v2/shipments`), with the client's
 * key, the rate limit of the operation the path names, retries where safe
 * and the typed errors of every call; resolves to the status, headers and
 * parsed body. For tools that reach any path (`shiptrack api`). A function
 * rather than a client method, so apps that do not use it do not bundle it.
 *
 * ```ts
 * const answer = await rawRequest(client, 'GET', '/shipments', { query: { 'page[size]': '5' } });
 * ```
 */
export function rawRequest(
  client: ShiptrackClient<ResponseFormat>,
  method: string,
  path: string,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  return sendRaw(transportOf(client), method, path, options);
}

/**
 * GETs a path and every page after it, following `links.next` (on the base
 * URL's origin only), one answer at a time: `for await` over them.
 */
export async function* rawRequestPages(
  client: ShiptrackClient<ResponseFormat>,
  path: string,
  options: Omit<RawRequestOptions, 'body'> = {},
): AsyncGenerator<RawResponse, void, undefined> {
  const transport = transportOf(client);
  let page = await sendRaw(transport, 'GET', path, options);
  yield page;
  const seen = new Set<string>();
  while (page.nextUrl !== null) {
    if (seen.has(page.nextUrl)) {
      throw new ShiptrackError(
        `The service links to ${page.nextUrl} as the next page again; stopped rather than loop.`,
      );
    }
    seen.add(page.nextUrl);
    // The next link carries the query already.
    page = await sendRaw(transport, 'GET', page.nextUrl, { ...options, query: undefined });
    yield page;
  }
}
