/**
 * JSON:API documents: single-resource and list documents with `included`,
 * pagination `links` (absolute, brackets unencoded) and `meta`.
 */
import type { ResourceRef } from '../engine/events.js';
import {
  type ResourceObject,
  relationshipRefs,
  type Serializer,
} from '../engine/serialize/resource-object.js';

/** The JSON:API media type. */
export const JSON_API = 'application/vnd.api+json';

// The text of each JSON response, so the read cache can keep it without cloning the response.
const bodyTexts = new WeakMap<Response, string>();

/** The JSON text a response was built from by {@link jsonApi}, if it was. */
export function jsonTextOf(response: Response): string | undefined {
  return bodyTexts.get(response);
}

/** A JSON response with the JSON:API media type (or another, for the plain-JSON operations). */
export function jsonApi(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
  contentType = JSON_API,
): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, {
    status,
    // A Headers object, not a record: a header added later (the request id) then survives
    // when @hono/node-server's lightweight Response turns into a full one.
    headers: new Headers({ 'content-type': contentType, ...headers }),
  });
  bodyTexts.set(response, text);
  return response;
}

/** A plain `application/json` response. */
export function plainJson(body: unknown, status = 200): Response {
  return jsonApi(body, status, {}, 'application/json');
}

/** The records that `include` asks for, from the relationships of the primary resources. */
export function collectIncluded(
  serializer: Serializer,
  primary: readonly ResourceObject[],
  includes: readonly string[],
): ResourceObject[] {
  if (includes.length === 0) return [];
  const refs: ResourceRef[] = [];
  for (const resource of primary) {
    for (const name of includes) refs.push(...relationshipRefs(resource, name));
  }
  const primaryKeys = new Set(primary.map((resource) => `${resource.type}:${resource.id}`));
  return serializer
    .serializeAll(refs)
    .filter((resource) => !primaryKeys.has(`${resource.type}:${resource.id}`));
}

/** `{ data, included?, links: { self } }` for one resource. */
export function singleDocument(
  serializer: Serializer,
  resource: ResourceObject,
  includes: readonly string[],
  selfUrl: string,
): Record<string, unknown> {
  const included = collectIncluded(serializer, [resource], includes);
  return {
    data: resource,
    ...(includes.length > 0 ? { included } : {}),
    links: { self: selfUrl },
  };
}

/** A page request. */
export interface Page {
  number: number;
  size: number;
}

/** Query string of a URL with page parameters replaced; brackets stay unencoded. */
function pageUrl(url: URL, page: Page): string {
  const parts: string[] = [];
  for (const [key, value] of url.searchParams) {
    if (key === 'page[number]' || key === 'page[size]') continue;
    parts.push(`${encodeKey(key)}=${encodeURIComponent(value)}`);
  }
  parts.push(`page[number]=${page.number}`, `page[size]=${page.size}`);
  return `${url.origin}${url.pathname}?${parts.join('&')}`;
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/**
 * A list document of one page of `ids`: serializes only that page, adds the
 * included records, and the `links` and `meta` of pagination.
 */
export function listDocument(
  serializer: Serializer,
  options: {
    type: string;
    ids: readonly string[];
    page: Page;
    includes: readonly string[];
    requestUrl: string;
    serialize?: (id: string) => ResourceObject | undefined;
  },
): Record<string, unknown> {
  const { ids, page, includes } = options;
  const serialize =
    options.serialize ?? ((id: string) => serializer.serializeResource(options.type, id));
  const start = (page.number - 1) * page.size;
  const data: ResourceObject[] = [];
  for (const id of ids.slice(start, start + page.size)) {
    const resource = serialize(id);
    if (resource !== undefined) data.push(resource);
  }
  const url = new URL(options.requestUrl);
  const lastNumber = Math.max(1, Math.ceil(ids.length / page.size));
  const at = (number: number) => pageUrl(url, { number, size: page.size });
  const links: Record<string, string> = {
    self: at(page.number),
    current: at(page.number),
    first: at(1),
    last: at(lastNumber),
  };
  if (page.number > 1) links.prev = at(Math.min(page.number - 1, lastNumber));
  if (page.number < lastNumber) links.next = at(page.number + 1);
  return {
    data,
    ...(includes.length > 0 ? { included: collectIncluded(serializer, data, includes) } : {}),
    links,
    meta: { size: page.size, total: ids.length },
  };
}
