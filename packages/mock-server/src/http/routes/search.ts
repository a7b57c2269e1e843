/**
 * `GET /search?query=`: the caller's shipments, containers and tracking
 * requests whose numbers contain the query, as `search_result` records,
 * ranked and limited as the service does (see `engine/search.ts`). Like the
 * service, the answer has `links` with `self` and `current` and no `meta`.
 */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import { searchAccount } from '../../engine/search.js';
import { jsonApi } from '../documents.js';
import type { AppEnv } from '../env.js';
import { badParameter } from '../errors.js';
import { queryOf } from '../query.js';

/** The route of search. */
export function searchRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/search', (c) => {
    const query = queryOf(c).get('query');
    if (query === null || query.trim() === '') {
      throw badParameter(
        'query',
        'The query parameter is required: the number or reference to look for, or part of one (query=MSCU1234566).',
      );
    }
    return jsonApi({
      data: searchAccount(engine.store, c.get('account').id, query),
      links: { self: c.req.url, current: c.req.url },
    });
  });
  return app;
}
