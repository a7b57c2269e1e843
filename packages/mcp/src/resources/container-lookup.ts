import type { TransportEventsSummary } from '@shiptrack/sdk/mapped';
import type { HandlerContext } from '../core/context.js';
import { type ContainerView, containerView } from '../facts/container-view.js';
import { fetchContainer, fetchTransportSummary } from '../service/containers.js';
import { resolveContainerId } from '../service/resolve.js';
import { TerminalLookup } from '../service/terminals.js';

/** A container with its journey, for the resource and the prompts. */
export interface ContainerReport {
  view: ContainerView;
  events: TransportEventsSummary | null;
}

/**
 * Loads a container by id, or by its number (what completion offers; a
 * bill of lading or booking number of one container too), with
 * its shipment summary and transport events.
 */
export async function loadContainerReport(
  context: HandlerContext,
  idOrNumber: string,
): Promise<ContainerReport> {
  const client = context.client();
  const id = await resolveContainerId(client, idOrNumber);
  const [container, events] = await Promise.all([
    fetchContainer(client, id, ['shipment', 'pod_terminal']),
    fetchTransportSummary(client, id),
  ]);
  const terminal = await new TerminalLookup(client).facts(container, {
    timeZone: Boolean(container.demurrage.pickupLfd),
  });
  const view = containerView(container, {
    now: context.now(),
    shipment: container.shipment ?? undefined,
    showShipment: true,
    terminal,
  });
  return { view, events };
}
