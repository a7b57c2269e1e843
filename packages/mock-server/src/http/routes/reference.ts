/**
 * Reference lookups, so a relationship that was not included can be
 * fetched: `/ports/{id}` and `/metro_areas/{id}` (id or UN/LOCODE),
 * `/terminals/{id}`, `/vessels/{id}` (id or IMO number) and
 * `/shipping_lines/{id}`. Reference data is the same for every account.
 */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import { isUuid } from '../../engine/ids.js';
import type { ResourceType } from '../../engine/registry.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';

const LOCODE = /^[A-Za-z]{2}[A-Za-z2-9]{3}$/;
const IMO = /^\d{7}$/;

/** One lookup: its path, the type it answers, how a key finds an id, and the advice of a 404. */
interface Lookup {
  path: string;
  type: ResourceType;
  find(key: string): string | undefined;
  advice(key: string): string;
}

/** The routes of the reference lookups. */
export function referenceRoutes(engine: Engine): Hono<AppEnv> {
  const { store, serializer } = engine;
  /** An id (a UUID) as it is, or the id that a code of the other shape names. */
  const idOr =
    (shape: RegExp, byCode: (code: string) => { id: string } | undefined) => (key: string) =>
      isUuid(key) ? key : shape.test(key) ? byCode(key)?.id : undefined;

  const lookups: Lookup[] = [
    {
      path: '/ports/:id',
      type: 'port',
      find: idOr(LOCODE, (code) => store.portByCode(code)),
      advice: (key) =>
        `No port has the id or UN/LOCODE "${key}". Use the id of a port relationship, or a UN/LOCODE such as NLRTM.`,
    },
    {
      path: '/metro_areas/:id',
      type: 'metro_area',
      find: idOr(LOCODE, (code) => store.metroAreaByCode(code)),
      advice: (key) =>
        `No metro area has the id or UN/LOCODE "${key}". Use the id of a metro_area relationship (a rail terminal's), or the UN/LOCODE of an inland destination such as USCHI.`,
    },
    {
      path: '/terminals/:id',
      type: 'terminal',
      find: (key) => (store.terminals.get(key)?.type === 'terminal' ? key : undefined),
      advice: (key) =>
        store.terminals.get(key)?.type === 'rail_terminal'
          ? `"${key}" is a rail terminal; this endpoint serves ocean terminals only. A rail terminal comes with its shipment's include=destination_terminal.`
          : `No terminal has the id "${key}". Use the id of a terminal relationship, such as a container's pod_terminal.`,
    },
    {
      path: '/vessels/:id',
      type: 'vessel',
      find: idOr(IMO, (imo) => store.vesselByImo(imo)),
      advice: (key) =>
        `No vessel has the id or IMO number "${key}". Use the id of a vessel relationship, or a seven-digit IMO number such as 9811000.`,
    },
    {
      path: '/shipping_lines/:id',
      type: 'shipping_line',
      find: (key) => (isUuid(key) ? key : undefined),
      advice: (key) =>
        `No shipping line has the id "${key}". List GET /shipping_lines (q=<SCAC or name> searches) to find its id.`,
    },
  ];

  const app = new Hono<AppEnv>();
  for (const lookup of lookups) {
    app.get(lookup.path, (c) => {
      // Every lookup path ends in :id; hono cannot tell from a path held in a variable.
      const key = c.req.param('id') ?? '';
      const id = lookup.find(key);
      const resource = id === undefined ? undefined : serializer.serializeResource(lookup.type, id);
      if (resource === undefined) throw notFound(lookup.advice(key));
      return jsonApi(singleDocument(serializer, resource, [], c.req.url));
    });
  }
  return app;
}
