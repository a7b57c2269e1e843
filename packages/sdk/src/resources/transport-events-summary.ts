import type { ResponseFormat } from '../core/format.js';
import type { RequestOptions } from '../core/transport.js';
import type { MappedTransportEvent } from '../mapped/events.js';
import { summarizeTransportEvents } from '../mapped/summary.js';
import type { TransportEventsSummary } from '../mapped/timeline.js';
import type { Containers } from './containers.js';

/**
 * Reads every transport event of a container (all pages, with locations and
 * terminals) and summarizes them: counts per category, milestones and a
 * timeline (update events such as `container.pickup_lfd.changed` are
 * counted in a category of their own). A function rather than a client
 * method, so apps that do not use it do not bundle it.
 *
 * ```ts
 * const summary = await fetchTransportEventsSummary(client, containerId);
 * ```
 */
export async function fetchTransportEventsSummary(
  client: { containers: Pick<Containers<ResponseFormat>, 'transportEvents'> },
  containerId: string,
  options: RequestOptions = {},
): Promise<TransportEventsSummary> {
  const events: MappedTransportEvent[] = [];
  const pages = client.containers.transportEvents(containerId, {
    ...options,
    format: 'mapped',
    pageSize: 100,
    include: ['location', 'terminal'],
  });
  for await (const event of pages) events.push(event);
  return summarizeTransportEvents(events);
}
