import type { MappedShipment, ShiptrackClient } from '@shiptrack/sdk';
import { fetchShipment } from './shipments.js';

/** The shipment a tracking request created, with its containers. */
export function fetchTrackedShipment(
  client: ShiptrackClient,
  shipmentId: string,
): Promise<MappedShipment> {
  return fetchShipment(client, shipmentId, ['containers']);
}
