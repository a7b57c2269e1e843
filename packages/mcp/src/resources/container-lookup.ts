import type { TransportEventsSummary } from '@shiptrack/sdk/mapped';
import type { HandlerContext } from '../core/context.js';
import { ToolError } from '../core/errors.js';
import { type ContainerView, containerView } from '../facts/container-view.js';
import { fetchContainer, fetchTransportSummary } from '../service/containers.js';
import { findContainerByNumber } from '../service/existing.js';
import { TerminalLookup } from '../service/terminals.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A container with its journey, for the resource and the prompts. */
export interface ContainerReport {
  view: ContainerView;
  events: TransportEventsSummary | null;
}

/**
 * Loads a container by id, or by its number (what completion offers), with
 * its shipment summary and transport events.
 */
export async function loadContainerReport(
  context: HandlerContext,
  idOrNumber: string,
): Promise<ContainerReport> {
  const client = context.client();
  let id = idOrNumber.trim();
  if (!UUID.test(id)) {
    const found = await findContainerByNumber(client, id);
    if (!found) {
      throw new ToolError('not_found', `There is no container numbered ${id} in your account.`);
    }
    id = found.id;
  }
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
