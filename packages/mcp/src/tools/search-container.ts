import type { MappedContainer, MappedShipment } from '@shiptrack/sdk';
import { z } from 'zod';
import { defineTool } from '../core/define-tool.js';
import { shown } from '../render/format.js';
import { sameNumber } from '../service/existing.js';
import { searchRecords } from '../service/search.js';

/** Hits of each kind shown at most. */
const LIMIT = 10;

const text = z.string().nullable();

const ContainerHitSchema = z.object({
  id: z.string(),
  containerNumber: text,
  status: text,
  shippingLine: text,
  podTerminal: text,
  destination: text,
});

const ShipmentHitSchema = z.object({
  id: z.string(),
  billOfLading: text,
  shippingLine: text,
  portOfDischarge: text,
  containers: z.number(),
});

function exactFirst<T>(rows: T[], key: (row: T) => string | null, query: string): T[] {
  const exact = rows.filter((row) => sameNumber(key(row), query));
  return [...exact, ...rows.filter((row) => !exact.includes(row))];
}

function containerHit(container: MappedContainer): z.infer<typeof ContainerHitSchema> {
  const shipment = container.shipment;
  return {
    id: container.id,
    containerNumber: container.number,
    status: container.status ?? null,
    shippingLine: shipment?.shippingLineName ?? shipment?.shippingLineScac ?? null,
    podTerminal: container.podTerminal?.name ?? null,
    destination: shipment?.destinationName ?? shipment?.portOfDischargeName ?? null,
  };
}

function shipmentHit(shipment: MappedShipment): z.infer<typeof ShipmentHitSchema> {
  return {
    id: shipment.id,
    billOfLading: shipment.billOfLading,
    shippingLine: shipment.shippingLineName ?? shipment.shippingLineScac ?? null,
    portOfDischarge: shipment.portOfDischargeName ?? null,
    containers: shipment.containerIds?.length ?? 0,
  };
}

/** `search_container`: find containers and shipments by any number. */
export const searchContainer = defineTool({
  name: 'search_container',
  title: 'Search containers',
  description:
    'Finds containers and shipments in the account by container number, bill of lading, booking or reference number (partial matches too; exact matches first). Start here when the user gives a number; then get_container with the id. Nothing found: the number is not tracked yet, use track_container.',
  input: z.object({
    query: z
      .string()
      .trim()
      .min(3, 'at least 3 characters')
      .describe('Container, bill of lading, booking or reference number, e.g. "MAEU4002159"'),
  }),
  output: z.object({
    containers: z.array(ContainerHitSchema),
    shipments: z.array(ShipmentHitSchema),
    totalResults: z.number(),
    omitted: z.number(),
  }),
  annotations: { readOnlyHint: true },
  async run(args, context) {
    const hits = await searchRecords(context.client(), args.query, LIMIT);
    const containers = exactFirst(hits.containers.rows, (c) => c.number, args.query).map(
      containerHit,
    );
    const shipments = exactFirst(hits.shipments.rows, (s) => s.billOfLading, args.query).map(
      shipmentHit,
    );
    const containerTotal = hits.containers.total ?? containers.length;
    const shipmentTotal = hits.shipments.total ?? shipments.length;
    const totalResults = containerTotal + shipmentTotal;
    const omitted = totalResults - containers.length - shipments.length;
    const lines =
      totalResults === 0
        ? [
            `Nothing in the account matches "${args.query}". To start tracking it, call track_container.`,
          ]
        : [
            `${totalResults} result(s) for "${args.query}":`,
            ...containers.map(
              (c) =>
                `- container ${c.containerNumber} ${shown(c.status)} | ${shown(c.shippingLine)} | ${shown(c.podTerminal)} -> ${shown(c.destination)} | id ${c.id}`,
            ),
            ...shipments.map(
              (s) =>
                `- shipment ${s.billOfLading} | ${shown(s.shippingLine)} to ${shown(s.portOfDischarge)} | ${s.containers} container(s) | id ${s.id}`,
            ),
            ...(omitted > 0 ? [`${omitted} more not shown: use a longer number.`] : []),
          ];
    return {
      structured: { containers, shipments, totalResults, omitted },
      text: lines.join('\n'),
      containers: containers.map((c) => ({
        id: c.id,
        number: c.containerNumber,
        status: c.status,
      })),
    };
  },
});
