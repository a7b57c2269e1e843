import { type MappedShipment, trackingStoppedOf } from '@shiptrack/sdk';
import * as z from 'zod';
import { typed } from '../core/compact-schema.js';
import type { RowFilter } from '../core/filtered-list.js';
import { lazy } from '../core/lazy.js';
import { shown } from '../render/format.js';
import { minute } from '../render/table.js';
import { mappedShipments } from '../service/mirror-lists.js';
import { listShipments as listServiceShipments } from '../service/shipments.js';
import {
  carrierInput,
  codeFilter,
  portInput,
  statusInput,
  updatedAfterFilter,
  updatedAfterInput,
  upper,
} from './list-filters.js';
import { defineListTool } from './list-tool.js';

/** Containers listed at most per shipment row. */
const CONTAINERS_PER_ROW = 10;

const text = lazy(() => z.string().nullable());

const ShipmentRowSchema = lazy(() =>
  typed(
    z.object({
      id: z.string(),
      bl: text(),
      scac: text(),
      pol: text().describe('UN/LOCODE'),
      pod: text().describe('UN/LOCODE'),
      eta: text().describe('at the POD'),
      ata: text().describe('at the POD'),
      stopped: z.boolean().nullable().describe('tracking stopped'),
      cntrs: z.number().nullable().describe('container count'),
      containers: z
        .array(z.object({ id: z.string(), number: text(), status: text() }))
        .optional()
        .describe(`at most ${CONTAINERS_PER_ROW}`),
    }),
  ),
);

type ShipmentRow = z.infer<ReturnType<typeof ShipmentRowSchema>>;

function row(shipment: MappedShipment, withContainers: boolean): ShipmentRow {
  const result: ShipmentRow = {
    id: shipment.id,
    bl: shipment.billOfLading,
    scac: shipment.shippingLineScac ?? null,
    pol: shipment.portOfLadingLocode ?? null,
    pod: shipment.portOfDischargeLocode ?? null,
    eta: shipment.podEtaAt ?? null,
    ata: shipment.podAtaAt ?? null,
    stopped: trackingStoppedOf(shipment),
    cntrs: shipment.containerIds?.length ?? shipment.containers?.length ?? null,
  };
  if (withContainers) {
    result.containers = (shipment.containers ?? []).slice(0, CONTAINERS_PER_ROW).map((c) => ({
      id: c.id,
      number: c.number,
      status: c.status ?? null,
    }));
  }
  return result;
}

/** The text columns of a row (get_shipment_details takes the bill of lading, so no id). */
const COLUMNS = ['B/L', 'SCAC', 'POL>POD', 'ETA UTC', 'containers'];

function cells(item: ShipmentRow): string[] {
  const boxes = item.containers?.map((c) => `${c.number} ${shown(c.status)}`).join(', ');
  return [
    `${shown(item.bl)}${item.stopped ? ' (tracking stopped)' : ''}`,
    shown(item.scac),
    `${shown(item.pol)}>${shown(item.pod)}`,
    minute(item.eta),
    `${item.cntrs ?? '?'}${boxes ? `: ${boxes}` : ''}`,
  ];
}

/**
 * The `status` filter of shipments: a shipment passes when one of its
 * containers has that `current_status` (not checked when they were not sent).
 */
function containerStatusFilter(status: string | undefined): RowFilter<MappedShipment>[] {
  if (!status) return [];
  return [
    {
      name: 'status',
      value: status,
      test: (s) => (s.containers ? s.containers.some((c) => c.status === status) : undefined),
      unchecked: 'their containers were not sent',
    },
  ];
}

/** `list_shipments`: the account's shipments, filtered and paged. */
export const listShipments = defineListTool({
  name: 'list_shipments',
  title: 'List shipments',
  description:
    'Shipments by container status, port, carrier or update time. For what-is-arriving questions; then get_shipment_details.',
  schemas: () => ({
    input: {
      status: statusInput().describe('Of a container'),
      port: portInput(),
      carrier: carrierInput(),
      updated_after: updatedAfterInput(),
      include_containers: z.boolean().optional().describe('Default false'),
    },
    row: ShipmentRowSchema(),
  }),
  rowsKey: 'shipments',
  columns: COLUMNS,
  cells,
  query(args, context) {
    const status = args.status;
    const port = upper(args.port);
    const carrier = upper(args.carrier);
    const withContainers = args.include_containers ?? false;
    return {
      filters: [
        ...containerStatusFilter(status),
        ...codeFilter('port', port, (s: MappedShipment) => [
          s.portOfLadingLocode,
          s.portOfDischargeLocode,
          s.destinationLocode,
        ]),
        ...codeFilter('carrier', carrier, (s: MappedShipment) => [s.shippingLineScac]),
        ...updatedAfterFilter(args.updated_after),
      ],
      mirrorLimits: [
        { name: 'updated_after', value: args.updated_after, why: 'it keeps no update times' },
      ],
      fromMirror: async (mirror, window) => {
        const found = await mirror.shipmentPage({
          containerStatus: status,
          port,
          carrier,
          withContainers,
          ...window,
        });
        return { rows: mappedShipments(found.items, found.related), page: found };
      },
      load: (request) =>
        listServiceShipments(context.client(), {
          ...request,
          include: withContainers || status ? ['containers'] : undefined,
          filter: { port, carrier, updatedAfter: args.updated_after, containerStatus: status },
        }),
    };
  },
  rows: (items, args) => ({
    rows: items.map((shipment) => row(shipment, args.include_containers ?? false)),
  }),
});
