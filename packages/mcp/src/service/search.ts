import type { MappedContainer, MappedShipment, ShiptrackClient } from '@shiptrack/sdk';
import { listContainers } from './containers.js';
import type { ServicePage } from './lists.js';
import { listShipments } from './shipments.js';

/** What a free-text search found. */
export interface SearchHits {
  containers: ServicePage<MappedContainer>;
  shipments: ServicePage<MappedShipment>;
}

/**
 * Searches the account's containers and shipments by container, bill of
 * lading, booking or reference number (the lists' `q`), partial matches
 * included, `limit` of each.
 */
export async function searchRecords(
  client: ShiptrackClient,
  query: string,
  limit: number,
): Promise<SearchHits> {
  const [containers, shipments] = await Promise.all([
    listContainers(client, {
      page: 1,
      pageSize: limit,
      q: query,
      include: ['shipment', 'pod_terminal'],
    }),
    listShipments(client, { page: 1, pageSize: limit, q: query }),
  ]);
  return { containers, shipments };
}
