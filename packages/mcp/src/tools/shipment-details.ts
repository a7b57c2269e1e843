import type { MappedShipment, ShipmentInclude } from '@shiptrack/sdk';
import * as z from 'zod';
import { defineTool } from '../core/define-tool.js';
import { lazy } from '../core/lazy.js';
import { CustomFieldsSchema, customFields, renderCustomFields } from '../facts/custom-fields.js';
import { LastFreeDaySchema, lastFreeDayFacts } from '../facts/last-free-day.js';
import { shown, when } from '../render/format.js';
import { lastFreeDayPhrase } from '../render/last-free-day.js';
import { readCustomFields } from '../service/custom-fields.js';
import { resolveShipmentId } from '../service/resolve.js';
import { fetchShipment } from '../service/shipments.js';
import { TerminalLookup } from '../service/terminals.js';

/** Containers listed at most with a shipment. */
const CONTAINER_LIMIT = 25;

const text = lazy(() => z.string().nullable());

/** A shipment as `get_shipment_details` gives it: the SDK's mapped shipment, without relationship ids. */
export const ShipmentDetailsSchema = lazy(() =>
  z.object({
    id: z.string(),
    billOfLading: text(),
    shippingLineScac: text(),
    shippingLineName: text(),
    refNumbers: z.array(z.string()).nullable(),
    portOfLading: z.object({ name: text(), locode: text() }),
    portOfDischarge: z.object({ name: text(), locode: text(), terminal: text() }),
    destination: z.object({ name: text(), locode: text() }),
    vessel: z.object({ name: text(), imo: text(), voyage: text() }),
    times: z.object({
      polEtdAt: text(),
      polAtdAt: text(),
      podEtaAt: text(),
      podOriginalEtaAt: text(),
      podAtaAt: text(),
      destinationEtaAt: text(),
    }),
    tracking: z.object({ stoppedAt: text(), stoppedReason: text(), lastSucceededAt: text() }),
    containers: z
      .array(
        z.object({
          id: z.string(),
          number: text(),
          status: text(),
          pickupLfd: text(),
          lastFreeDay: LastFreeDaySchema().nullable(),
        }),
      )
      .optional(),
    containersOmitted: z.number(),
    customFields: CustomFieldsSchema(),
  }),
);

type ShipmentDetails = z.infer<ReturnType<typeof ShipmentDetailsSchema>>;

function details(
  shipment: MappedShipment,
  includeContainers: boolean,
  terminal: string | null,
  custom: ShipmentDetails['customFields'],
  now: Date,
): ShipmentDetails {
  const all = shipment.containers ?? [];
  const shown = all.slice(0, CONTAINER_LIMIT);
  const view: ShipmentDetails = {
    id: shipment.id,
    billOfLading: shipment.billOfLading,
    shippingLineScac: shipment.shippingLineScac ?? null,
    shippingLineName: shipment.shippingLineName ?? null,
    refNumbers: shipment.refNumbers ?? null,
    portOfLading: {
      name: shipment.portOfLadingName ?? null,
      locode: shipment.portOfLadingLocode ?? null,
    },
    portOfDischarge: {
      name: shipment.portOfDischargeName ?? null,
      locode: shipment.portOfDischargeLocode ?? null,
      terminal,
    },
    destination: {
      name: shipment.destinationName ?? null,
      locode: shipment.destinationLocode ?? null,
    },
    vessel: {
      name: shipment.podVesselName ?? null,
      imo: shipment.podVesselImo ?? null,
      voyage: shipment.podVoyageNumber ?? null,
    },
    times: {
      polEtdAt: shipment.polEtdAt ?? null,
      polAtdAt: shipment.polAtdAt ?? null,
      podEtaAt: shipment.podEtaAt ?? null,
      podOriginalEtaAt: shipment.podOriginalEtaAt ?? null,
      podAtaAt: shipment.podAtaAt ?? null,
      destinationEtaAt: shipment.destinationEtaAt ?? null,
    },
    tracking: {
      stoppedAt: shipment.lineTrackingStoppedAt ?? null,
      stoppedReason: shipment.lineTrackingStoppedReason ?? null,
      lastSucceededAt: shipment.lineTrackingLastSucceededAt ?? null,
    },
    containersOmitted: includeContainers ? all.length - shown.length : 0,
    customFields: custom,
  };
  if (includeContainers) {
    view.containers = shown.map((c) => ({
      id: c.id,
      number: c.number,
      status: c.status ?? null,
      pickupLfd: c.demurrage.pickupLfd ?? null,
      lastFreeDay: lastFreeDayFacts(c, {
        now,
        podZone: c.podTimezone ?? shipment.podTimezone ?? null,
      }).first,
    }));
  }
  return view;
}

function render(view: ShipmentDetails): string {
  const eta =
    view.times.podOriginalEtaAt && view.times.podOriginalEtaAt !== view.times.podEtaAt
      ? ` (first ETA ${when(view.times.podOriginalEtaAt)})`
      : '';
  const lines = [
    `Shipment ${view.billOfLading} (id ${view.id}), ${shown(view.shippingLineName ?? view.shippingLineScac)}`,
    `${shown(view.portOfLading.name)} -> ${shown(view.portOfDischarge.name)}${view.portOfDischarge.terminal ? ` (${view.portOfDischarge.terminal})` : ''}${view.destination.name ? ` -> ${view.destination.name}` : ''}`,
    `Vessel ${shown(view.vessel.name)} voyage ${shown(view.vessel.voyage)}; departed ${when(view.times.polAtdAt)}; ETA ${when(view.times.podEtaAt)}${eta}; arrived ${when(view.times.podAtaAt)}`,
  ];
  if (view.tracking.stoppedAt) {
    lines.push(
      `Tracking stopped ${when(view.tracking.stoppedAt)} (${shown(view.tracking.stoppedReason)}).`,
    );
  }
  lines.push(renderCustomFields(view.customFields));
  if (view.containers) {
    lines.push(
      `Containers (${view.containers.length}${view.containersOmitted ? ` of ${view.containers.length + view.containersOmitted}` : ''}):`,
      ...view.containers.map(
        (c) =>
          `- ${c.number} ${shown(c.status)} | LFD ${c.lastFreeDay ? lastFreeDayPhrase(c.lastFreeDay) : '-'} | id ${c.id}`,
      ),
    );
  }
  return lines.join('\n');
}

/** `get_shipment_details`: one shipment with its containers. */
export const getShipmentDetails = defineTool({
  name: 'get_shipment_details',
  title: 'Get shipment',
  description:
    'One shipment by id or number: carrier, ports, vessel, voyage, ETA, first ETA (delays), arrival, custom fields, containers.',
  schemas: () => ({
    input: z.object({
      id: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .describe('Shipment id, or a B/L, booking or container number'),
      include_containers: z.boolean().optional().describe('Default true'),
    }),
    output: ShipmentDetailsSchema(),
  }),
  annotations: { readOnlyHint: true },
  subject: (args) => ({
    kind: 'shipment',
    id: args.id,
    foundBy: 'search_container or list_shipments',
  }),
  async run(args, context) {
    const client = context.client();
    const includeContainers = args.include_containers ?? true;
    const include: ShipmentInclude[] = includeContainers
      ? ['pod_terminal', 'containers']
      : ['pod_terminal'];
    const id = await resolveShipmentId(client, args.id);
    // Its custom field values come beside it, in parallel: one request more.
    const [shipment, fields] = await Promise.all([
      fetchShipment(client, id, include),
      readCustomFields(client, 'shipment', id),
    ]);
    const terminal = await new TerminalLookup(client).terminal(shipment);
    const view = details(
      shipment,
      includeContainers,
      terminal?.name ?? null,
      customFields(fields),
      context.now(),
    );
    return { structured: view, text: render(view), containers: view.containers ?? [] };
  },
});
