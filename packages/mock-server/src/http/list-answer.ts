/**
 * How a list route reads its request and answers: the page, then `include`
 * (so a bad one is the 400 a caller sees before any filter's), and one page
 * of the route's ids as a JSON:API list document.
 */
import type { Context } from 'hono';
import type { Serializer } from '../engine/serialize/resource-object.js';
import { jsonApi, listDocument, type Page } from './documents.js';
import type { AppEnv } from './env.js';
import { parseInclude, parsePage, queryOf } from './query.js';

/** A list request: its query, the page it asks for and what it includes. */
export interface ListRequest {
  params: URLSearchParams;
  page: Page;
  includes: string[];
}

/** Reads a list request's page, then its `include` (`fallback` when it names none). */
export function readListRequest(c: Context<AppEnv>, fallback?: readonly string[]): ListRequest {
  const params = queryOf(c);
  const page = parsePage(params);
  return { params, page, includes: parseInclude(c, params, fallback) };
}

/** What `listDocument` takes, with `includes` optional and the request URL read from `c`. */
type ListAnswer = Omit<Parameters<typeof listDocument>[1], 'requestUrl' | 'includes'> & {
  includes?: readonly string[];
};

/** One page of `ids` of `type`, with the records `includes` names, as the route's answer. */
export function listAnswer(c: Context<AppEnv>, serializer: Serializer, list: ListAnswer): Response {
  const { includes = [], ...rest } = list;
  return jsonApi(listDocument(serializer, { ...rest, includes, requestUrl: c.req.url }));
}
