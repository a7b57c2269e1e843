/** `/containers`: list, get, edit, timelines (transport and raw events), refresh, route and map. */
import { Hono } from 'hono';
import { buildContainerMap } from '../../engine/container-map.js';
import type { Engine } from '../../engine/engine.js';
import { FeatureNotEnabledError } from '../../engine/errors.js';
import { mirrorEventId } from '../../engine/ids.js';
import type { ContainerRecord } from '../../engine/records.js';
import { buildRoute } from '../../engine/route.js';
import { containerNumbers, containsText } from '../../engine/search.js';
import { readContainerUpdateRequest } from '../../generated/bodies.js';
import { readListContainersQuery } from '../../generated/queries.js';
import { readJsonBody } from '../body.js';
import { jsonApi, plainJson, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';
import { listAnswer, readListRequest } from '../list-answer.js';
import { matchingNewestFirst, owned } from '../owned.js';
import { parseInclude, queryOf } from '../query.js';

function containerFilter(
  engine: Engine,
  params: URLSearchParams,
): (container: ContainerRecord) => boolean {
  const { store } = engine;
  const { q, status, port, carrier, updatedAfter } = readListContainersQuery(params);
  const portId = port === undefined ? undefined : (store.portByCode(port)?.id ?? '');
  return (container) => {
    const shipment = store.shipments.get(container.shipmentId);
    if (status !== undefined && container.currentStatus !== status) return false;
    if (portId !== undefined && shipment?.podId !== portId) return false;
    if (carrier !== undefined && shipment?.scac !== carrier) return false;
    if (updatedAfter !== undefined && container.updatedAt <= updatedAfter) return false;
    if (q !== undefined && !containsText(containerNumbers(store, container), q)) return false;
    return true;
  };
}

/** The routes of containers. */
export function containerRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { store, serializer } = engine;
  const ownedContainer = (account: AppEnv['Variables']['account'], id: string) =>
    owned(store.containers, account, id, 'container');

  app.get('/containers', (c) => {
    const { params, page, includes } = readListRequest(c);
    const matches = containerFilter(engine, params);
    const ids = matchingNewestFirst(
      store.indexOf(c.get('account').id).containers,
      store.containers,
      matches,
    );
    return listAnswer(c, serializer, { type: 'container', ids, page, includes });
  });

  app.get('/containers/:id', (c) => {
    const params = queryOf(c);
    const includes = parseInclude(c, params);
    const container = ownedContainer(c.get('account'), c.req.param('id'));
    const resource = serializer.serializeResource('container', container.id);
    if (resource === undefined) throw notFound(`Container ${container.id} no longer exists.`);
    return jsonApi(singleDocument(serializer, resource, includes, c.req.url));
  });

  app.patch('/containers/:id', async (c) => {
    const container = ownedContainer(c.get('account'), c.req.param('id'));
    const body = await readJsonBody(c, { required: true });
    const { refNumbers } = readContainerUpdateRequest(body, { urlId: container.id });
    if (refNumbers !== undefined) {
      container.refNumbers = refNumbers;
      container.updatedAt = engine.now();
    }
    const resource = serializer.serializeResource('container', container.id);
    if (resource === undefined) throw notFound(`Container ${container.id} no longer exists.`);
    return jsonApi(singleDocument(serializer, resource, [], c.req.url));
  });

  app.get('/containers/:id/transport_events', (c) => {
    const { page, includes } = readListRequest(c);
    const container = ownedContainer(c.get('account'), c.req.param('id'));
    const ids = container.transportEventIds
      .map((id, index) => ({ id, index, at: store.transportEvents.get(id)?.timestamp ?? 0 }))
      .sort((a, b) => a.at - b.at || a.index - b.index)
      .map((entry) => entry.id);
    return listAnswer(c, serializer, { type: 'transport_event', ids, page, includes });
  });

  app.get('/containers/:id/raw_events', (c) => {
    const { page, includes } = readListRequest(c);
    const container = ownedContainer(c.get('account'), c.req.param('id'));
    const ids = container.transportEventIds.map(mirrorEventId);
    return listAnswer(c, serializer, { type: 'raw_event', ids, page, includes });
  });

  app.patch('/containers/:id/refresh', (c) => {
    const account = c.get('account');
    const container = ownedContainer(account, c.req.param('id'));
    if (!account.entitlements.refresh) throw new FeatureNotEnabledError('refresh');
    const now = engine.now();
    container.terminalCheckedAt = now;
    const shipment = store.shipments.get(container.shipmentId);
    if (shipment !== undefined && shipment.lineTrackingStoppedAt === null) {
      shipment.lineTrackingLastAttemptedAt = now;
      shipment.lineTrackingLastSucceededAt = now;
    }
    return plainJson({
      message: `Refresh of container ${container.number} queued; changes arrive through webhooks and GET /containers/${container.id}.`,
    });
  });

  app.get('/containers/:id/route', (c) => {
    const account = c.get('account');
    const container = ownedContainer(account, c.req.param('id'));
    if (!account.entitlements.route) throw new FeatureNotEnabledError('route');
    const route = buildRoute(engine, container);
    if (route === undefined)
      throw notFound(`Container ${container.id} has no shipment, so no route.`);
    return jsonApi({
      data: route.route,
      included: [...route.locations, ...serializer.serializeAll(route.included)],
      links: { self: c.req.url },
    });
  });

  app.get('/containers/:id/map_geojson', (c) => {
    const account = c.get('account');
    const container = ownedContainer(account, c.req.param('id'));
    if (!account.entitlements.route) throw new FeatureNotEnabledError('map');
    const map = buildContainerMap(engine, container);
    if (map === undefined) throw notFound(`Container ${container.id} has no shipment, so no map.`);
    return plainJson(map);
  });
  return app;
}
