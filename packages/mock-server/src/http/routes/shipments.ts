/** `/shipments`: list, get, edit, stop and resume tracking. */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import type { ShipmentRecord } from '../../engine/records.js';
import { containsText, shipmentNumbers } from '../../engine/search.js';
import {
  readShipmentTrackingRequestBody,
  readShipmentUpdateRequest,
} from '../../generated/bodies.js';
import { readListShipmentsQuery } from '../../generated/queries.js';
import { readJsonBody } from '../body.js';
import { definedOnly } from '../defined-only.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { listAnswer, readListRequest } from '../list-answer.js';
import { matchingNewestFirst, owned } from '../owned.js';
import { parseInclude, queryOf } from '../query.js';

function shipmentFilter(
  engine: Engine,
  params: URLSearchParams,
): (shipment: ShipmentRecord) => boolean {
  const { store } = engine;
  const { q, number, trackingStopped, port, carrier, updatedAfter, containerStatus } =
    readListShipmentsQuery(params);
  const portId = port === undefined ? undefined : (store.portByCode(port)?.id ?? '');
  const containersOf = (shipment: ShipmentRecord) =>
    shipment.containerIds.flatMap((id) => store.containers.get(id) ?? []);
  return (shipment) => {
    if (number !== undefined && shipment.billOfLadingNumber !== number) return false;
    if (
      trackingStopped !== undefined &&
      (shipment.lineTrackingStoppedAt !== null) !== trackingStopped
    )
      return false;
    if (
      portId !== undefined &&
      ![shipment.polId, shipment.podId, shipment.destinationId].includes(portId)
    ) {
      return false;
    }
    if (carrier !== undefined && shipment.scac !== carrier) return false;
    if (updatedAfter !== undefined && shipment.updatedAt <= updatedAfter) return false;
    if (
      containerStatus !== undefined &&
      !containersOf(shipment).some((c) => c.currentStatus === containerStatus)
    )
      return false;
    if (q !== undefined && !containsText(shipmentNumbers(store, shipment), q)) return false;
    return true;
  };
}

/** The routes of shipments. */
export function shipmentRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { store, serializer } = engine;
  const document = (shipment: ShipmentRecord, includes: readonly string[], url: string) => {
    const resource = serializer.serializeResource('shipment', shipment.id);
    return resource === undefined ? undefined : singleDocument(serializer, resource, includes, url);
  };

  app.get('/shipments', (c) => {
    const { params, page, includes } = readListRequest(c);
    const matches = shipmentFilter(engine, params);
    const ids = matchingNewestFirst(
      store.indexOf(c.get('account').id).shipments,
      store.shipments,
      matches,
    );
    return listAnswer(c, serializer, { type: 'shipment', ids, page, includes });
  });

  app.get('/shipments/:id', (c) => {
    const params = queryOf(c);
    const includes = parseInclude(c, params);
    const shipment = owned(store.shipments, c.get('account'), c.req.param('id'), 'shipment');
    return jsonApi(document(shipment, includes, c.req.url));
  });

  app.patch('/shipments/:id', async (c) => {
    const shipment = owned(store.shipments, c.get('account'), c.req.param('id'), 'shipment');
    const body = await readJsonBody(c, { required: true });
    const changes = readShipmentUpdateRequest(body, { urlId: shipment.id });
    engine.shipments.update(shipment, definedOnly(changes));
    return jsonApi(document(shipment, [], c.req.url));
  });

  const trackingToggle = (action: 'stop' | 'resume') =>
    app.patch(`/shipments/:id/${action}_tracking`, async (c) => {
      const account = c.get('account');
      const shipment = owned(store.shipments, account, c.req.param('id'), 'shipment');
      const body = await readJsonBody(c, { required: false });
      if (body !== undefined) readShipmentTrackingRequestBody(body, { urlId: shipment.id });
      if (action === 'stop') {
        engine.shipments.stopTracking(shipment, 'cancelled_by_user', { userId: account.userId });
      } else {
        engine.shipments.resumeTracking(shipment);
      }
      return jsonApi(document(shipment, [], c.req.url));
    });
  trackingToggle('stop');
  trackingToggle('resume');
  return app;
}
