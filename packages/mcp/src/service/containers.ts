import {
  type ContainerInclude,
  type ContainerListParams,
  fetchTransportEventsSummary,
  type MappedContainer,
  type MappedRoute,
  type ShiptrackClient,
  type TransportEventsSummary,
} from '@shiptrack/sdk';
import { type ServicePage, servicePage } from '../core/lists.js';

/** `GET /containers/{id}` in the mapped format. */
export function fetchContainer(
  client: ShiptrackClient,
  id: string,
  include: ContainerInclude[] = [],
): Promise<MappedContainer> {
  return client.containers.get(id, { format: 'mapped', include });
}

/** `GET /containers`, one page, mapped. */
export async function listContainers(
  client: ShiptrackClient,
  params: ContainerListParams<'mapped'>,
): Promise<ServicePage<MappedContainer>> {
  return servicePage(await client.containers.list({ ...params, format: 'mapped' }));
}

/** Every transport event of a container, summarized (counts, milestones, timeline). */
export function fetchTransportSummary(
  client: ShiptrackClient,
  id: string,
): Promise<TransportEventsSummary> {
  return fetchTransportEventsSummary(client, id);
}

/** `GET /containers/{id}/route` (a paid feature; 403 when not enabled). */
export function fetchRoute(client: ShiptrackClient, id: string): Promise<MappedRoute> {
  return client.containers.route(id, { format: 'mapped' });
}
