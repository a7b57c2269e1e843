import type {
  MappedContainer,
  MappedShipment,
  MappedTrackingRequest,
  ShiptrackClient,
} from '@shiptrack/sdk';
import { normalizeContainerNumber } from '@shiptrack/sdk';
import { listContainers } from './containers.js';
import { fetchShipment, listShipments } from './shipments.js';
import { listTrackingRequests } from './tracking.js';

/** Compares numbers the way carriers write them: case, spaces and dashes aside. */
export function sameNumber(a: string | null | undefined, b: string): boolean {
  return typeof a === 'string' && normalizeContainerNumber(a) === normalizeContainerNumber(b);
}

/** The container of the account whose number is exactly `number`, if any. */
export async function findContainerByNumber(
  client: ShiptrackClient,
  number: string,
): Promise<MappedContainer | undefined> {
  const page = await listContainers(client, { page: 1, pageSize: 25, q: number });
  return page.rows.find((container) => sameNumber(container.number, number));
}

/** The shipment whose bill of lading (or booking) number is exactly `number`, with its containers. */
export async function findShipmentByNumber(
  client: ShiptrackClient,
  number: string,
): Promise<MappedShipment | undefined> {
  const page = await listShipments(client, {
    page: 1,
    pageSize: 25,
    number,
    includeContainers: true,
  });
  return page.rows.find((shipment) => sameNumber(shipment.billOfLading, number));
}

/** Tracking requests for exactly `number` (any carrier), newest first. */
export async function findRequestsByNumber(
  client: ShiptrackClient,
  number: string,
): Promise<MappedTrackingRequest[]> {
  const page = await listTrackingRequests(client, {
    page: 1,
    pageSize: 25,
    filter: { requestNumber: number },
  });
  return page.rows.filter((request) => sameNumber(request.requestNumber, number));
}

/** The shipment a tracking request created, with its containers. */
export function fetchTrackedShipment(
  client: ShiptrackClient,
  shipmentId: string,
): Promise<MappedShipment> {
  return fetchShipment(client, shipmentId, ['containers']);
}
