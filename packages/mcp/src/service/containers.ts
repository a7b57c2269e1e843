import {
  type ContainerFilter,
  type ContainerInclude,
  fetchTransportEventsSummary,
  type MappedContainer,
  type MappedRoute,
  type ShiptrackClient,
  type TransportEventsSummary,
} from '@shiptrack/sdk';
import { type PageRequest, type ServicePage, servicePage } from '../core/lists.js';

/** `GET /containers/{id}` in the mapped format. */
export function fetchContainer(
  client: ShiptrackClient,
  id: string,
  include: ContainerInclude[] = [],
): Promise<MappedContainer> {
  return client.containers.get(id, { format: 'mapped', include });
}

/** Parameters of {@link listContainers}. */
export interface ContainerListRequest extends PageRequest {
  q?: string;
  include?: ContainerInclude[];
  filter?: ContainerFilter;
}

/** `GET /containers`, one page, mapped. */
export async function listContainers(
  client: ShiptrackClient,
  request: ContainerListRequest,
): Promise<ServicePage<MappedContainer>> {
  const page = await client.containers.list({
    format: 'mapped',
    page: request.page,
    pageSize: request.pageSize,
    q: request.q,
    include: request.include,
    filter: request.filter,
  });
  return servicePage(page);
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
