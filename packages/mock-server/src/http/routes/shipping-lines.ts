/** `/shipping_lines`: the carrier catalogue, searchable and paginated. */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import { readListShippingLinesQuery } from '../../generated/queries.js';
import type { AppEnv } from '../env.js';
import { listAnswer } from '../list-answer.js';
import { parsePage, queryOf } from '../query.js';

/** The routes of shipping lines. */
export function shippingLineRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { store, serializer } = engine;
  app.get('/shipping_lines', (c) => {
    const params = queryOf(c);
    const page = parsePage(params);
    const { q } = readListShippingLinesQuery(params);
    const ids = [...store.shippingLines.values()]
      .filter(
        (line) =>
          q === undefined ||
          [line.scac, line.name, line.shortName, ...line.alternativeScacs].some((text) =>
            text.toUpperCase().includes(q),
          ),
      )
      .map((line) => line.id);
    return listAnswer(c, serializer, { type: 'shipping_line', ids, page });
  });
  return app;
}
