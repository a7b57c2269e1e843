import type {
  MappedShipment,
  ShipmentInclude,
  ShipmentListParams,
  ShiptrackClient,
} from '@shiptrack/sdk';
import { type ServicePage, servicePage } from '../core/lists.js';

/** `GET /shipments/{id}`, mapped, with the related records asked for. */
export function fetchShipment(
  client: ShiptrackClient,
  id: string,
  include: ShipmentInclude[],
): Promise<MappedShipment> {
  return client.shipments.get(id, { format: 'mapped', include });
}

/** `GET /shipments`, one page, mapped. */
export async function listShipments(
  client: ShiptrackClient,
  params: ShipmentListParams<'mapped'>,
): Promise<ServicePage<MappedShipment>> {
  return servicePage(await client.shipments.list({ ...params, format: 'mapped' }));
}

/** The shipment a tracking request created, with its containers. */
export function fetchTrackedShipment(
  client: ShiptrackClient,
  shipmentId: string,
): Promise<MappedShipment> {
  return fetchShipment(client, shipmentId, ['containers']);
}
