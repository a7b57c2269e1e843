import { readContainerKey } from '@shiptrack/sdk';
import type { TransportEventsSummary } from '@shiptrack/sdk/mapped';
import type { HandlerContext } from '../core/context.js';
import { type ContainerView, containerView } from '../facts/container-view.js';
import { fetchTransportSummary } from '../service/containers.js';
import { loadContainer } from '../service/mirror-container.js';
import { type AnswerSource, asOfMember } from '../service/mirror-source.js';
import { TerminalLookup } from '../service/terminals.js';

/** A container with its journey, for the resource and the prompts. */
export interface ContainerReport {
  view: ContainerView;
  events: TransportEventsSummary | null;
  /** Where the container was read: the mirror (its copy young enough) or REST. */
  source: AnswerSource;
}

/**
 * Loads a container by id, or by its number (what completion offers; a
 * bill of lading or booking number of one container too), with
 * its shipment summary and transport events: the container from the mirror
 * while its copy is young enough, else from REST.
 */
export async function loadContainerReport(
  context: HandlerContext,
  idOrNumber: string,
): Promise<ContainerReport> {
  const client = context.client();
  const { container, source } = await loadContainer(
    client,
    context.mirror,
    readContainerKey(idOrNumber),
    context.now(),
  );
  // The journey is not summarized from the mirror: one read of the container's events.
  const events = await fetchTransportSummary(client, container.id);
  const terminal = await new TerminalLookup(client).facts(container, {
    timeZone: Boolean(container.demurrage.pickupLfd),
  });
  const built = containerView(container, {
    now: context.now(),
    shipment: container.shipment ?? undefined,
    showShipment: true,
    terminal,
  });
  const view = { ...built, flags: { ...built.flags, ...asOfMember(source) } };
  return { view, events, source };
}
