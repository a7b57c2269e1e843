/**
 * Reference lookups, so a relationship that was not included can be
 * fetched: `/ports/{id}` and `/metro_areas/{id}` (id or UN/LOCODE),
 * `/terminals/{id}`, `/vessels/{id}` (id or IMO number) and
 * `/shipping_lines/{id}`. Reference data is the same for every account.
 */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import type { ResourceType } from '../../engine/events.js';
import { isUuid } from '../../engine/ids.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';

const LOCODE = /^[A-Za-z]{2}[A-Za-z2-9]{3}$/;
const IMO = /^\d{7}$/;

/** The routes of the reference lookups. */
export function referenceRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { store, serializer } = engine;

  /** Answers one record, or 404 with `advice` when `id` names none. */
  const answer = (type: ResourceType, id: string | undefined, url: string, advice: string) => {
    const resource = id === undefined ? undefined : serializer.serializeResource(type, id);
    if (resource === undefined) throw notFound(advice);
    return jsonApi(singleDocument(serializer, resource, [], url));
  };

  app.get('/ports/:id', (c) => {
    const key = c.req.param('id');
    const id = isUuid(key) ? key : LOCODE.test(key) ? store.portByCode(key)?.id : undefined;
    return answer(
      'port',
      id,
      c.req.url,
      `No port has the id or UN/LOCODE "${key}". Use the id of a port relationship, or a UN/LOCODE such as NLRTM.`,
    );
  });

  app.get('/metro_areas/:id', (c) => {
    const key = c.req.param('id');
    const id = isUuid(key) ? key : LOCODE.test(key) ? store.metroAreaByCode(key)?.id : undefined;
    return answer(
      'metro_area',
      id,
      c.req.url,
      `No metro area has the id or UN/LOCODE "${key}". Use the id of a metro_area relationship (a rail terminal's), or the UN/LOCODE of an inland destination such as USCHI.`,
    );
  });

  app.get('/terminals/:id', (c) => {
    const key = c.req.param('id');
    const terminal = store.terminals.get(key);
    const advice =
      terminal?.type === 'rail_terminal'
        ? `"${key}" is a rail terminal; this endpoint serves ocean terminals only. A rail terminal comes with its shipment's include=destination_terminal.`
        : `No terminal has the id "${key}". Use the id of a terminal relationship, such as a container's pod_terminal.`;
    return answer('terminal', terminal?.type === 'terminal' ? key : undefined, c.req.url, advice);
  });

  app.get('/vessels/:id', (c) => {
    const key = c.req.param('id');
    const id = isUuid(key) ? key : IMO.test(key) ? store.vesselByImo(key)?.id : undefined;
    return answer(
      'vessel',
      id,
      c.req.url,
      `No vessel has the id or IMO number "${key}". Use the id of a vessel relationship, or a seven-digit IMO number such as 9811000.`,
    );
  });

  app.get('/shipping_lines/:id', (c) => {
    const key = c.req.param('id');
    return answer(
      'shipping_line',
      isUuid(key) ? key : undefined,
      c.req.url,
      `No shipping line has the id "${key}". List GET /shipping_lines (q=<SCAC or name> searches) to find its id.`,
    );
  });
  return app;
}
