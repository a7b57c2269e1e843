import type {
  MappedShipment,
  ShipmentFilter,
  ShipmentInclude,
  ShiptrackClient,
} from '@shiptrack/sdk';
import { type PageRequest, type ServicePage, servicePage } from '../core/lists.js';

/** `GET /shipments/{id}`, mapped, with the related records asked for. */
export function fetchShipment(
  client: ShiptrackClient,
  id: string,
  include: ShipmentInclude[],
): Promise<MappedShipment> {
  return client.shipments.get(id, { format: 'mapped', include });
}

/** Parameters of {@link listShipments}. */
export interface ShipmentListRequest extends PageRequest {
  q?: string;
  number?: string;
  includeContainers?: boolean;
  filter?: ShipmentFilter;
}

/** `GET /shipments`, one page, mapped. */
export async function listShipments(
  client: ShiptrackClient,
  request: ShipmentListRequest,
): Promise<ServicePage<MappedShipment>> {
  const page = await client.shipments.list({
    format: 'mapped',
    page: request.page,
    pageSize: request.pageSize,
    q: request.q,
    number: request.number,
    include: request.includeContainers ? ['containers'] : undefined,
    filter: request.filter,
  });
  return servicePage(page);
}

/** The shipment a tracking request created, with its containers. */
export function fetchTrackedShipment(
  client: ShiptrackClient,
  shipmentId: string,
): Promise<MappedShipment> {
  return fetchShipment(client, shipmentId, ['containers']);
}
