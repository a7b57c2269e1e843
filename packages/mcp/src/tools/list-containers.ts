import type { ContainerInclude, MappedContainer } from '@shiptrack/sdk';
import { CONTAINER_STATUS_VALUES } from '@shiptrack/sdk/spec';
import * as z from 'zod';
import { typed } from '../core/compact-schema.js';
import { ToolError } from '../core/errors.js';
import { lazy } from '../core/lazy.js';
import { LastFreeDaySchema, lastFreeDayFacts } from '../facts/last-free-day.js';
import { shown } from '../render/format.js';
import { lastFreeDayCell } from '../render/last-free-day.js';
import { listContainers as listServiceContainers } from '../service/containers.js';
import { mappedContainers } from '../service/mirror-lists.js';
import { TerminalLookup } from '../service/terminals.js';
import { CONTAINER_EXTRAS } from './inputs.js';
import {
  carrierInput,
  codeFilter,
  portInput,
  statusInput,
  unreadTerminalsNote,
  updatedAfterFilter,
  updatedAfterInput,
  upper,
} from './list-filters.js';
import { defineListTool } from './list-tool.js';

type Extra = (typeof CONTAINER_EXTRAS)[number];

/**
 * A container row of a list: the SDK's mapped container, cut to what a list
 * needs. `id`, `number` and `status` are the mapped container's members
 * (checked below), written here rather than picked from
 * `MappedContainerSchema`, which would build every model it refers to when
 * the stdio command starts.
 */
export const ContainerRowSchema = lazy(() =>
  typed(
    z.object({
      id: z.string(),
      number: z.string().nullable(),
      status: z
        .union([z.enum(CONTAINER_STATUS_VALUES), z.string()])
        .nullable()
        .describe('current_status'),
      available: z.boolean().nullable().describe('for pickup'),
      lfd: z.string().nullable().describe("service's coalesced LFD, UTC"),
      lastFreeDay: LastFreeDaySchema().optional().describe('first that applies; left out: none'),
      holds: z.number().nullable().describe('holds reported; null: not reported'),
      scac: z.string().nullable(),
      pod: z.string().nullable().describe('UN/LOCODE'),
      bl: z.string().nullable().optional(),
      terminal: z.string().nullable().optional(),
      events: z.number().nullable().optional().describe('transport events; null: not reported'),
    }),
  ),
);

type ContainerRow = z.infer<ReturnType<typeof ContainerRowSchema>>;

type SdkMembers = Pick<MappedContainer, 'id' | 'number' | 'status'>;
type RowMembers = Pick<ContainerRow, keyof SdkMembers>;
type Assert<T extends true> = T;
/** Fails to compile when the row's members and the SDK's mapped container drift apart. */
type _RowAgreesWithSdk = Assert<
  [SdkMembers, RowMembers] extends [RowMembers, SdkMembers] ? true : false
>;

function isExtra(name: string): name is Extra {
  return (CONTAINER_EXTRAS as readonly string[]).includes(name);
}

function parseIncludes(value: string | undefined): Set<Extra> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const wrong = names.filter((name) => !isExtra(name));
  if (wrong.length > 0) {
    throw new ToolError(
      'invalid_input',
      `include: unknown value(s) ${wrong.join(', ')}; use a comma-separated list of ${CONTAINER_EXTRAS.join(', ')}.`,
    );
  }
  return new Set(names.filter(isExtra));
}

function row(
  container: MappedContainer,
  includes: Set<Extra>,
  terminal: string | null,
  now: Date,
): ContainerRow {
  const reporting = container.availabilityKnown !== false;
  const result: ContainerRow = {
    id: container.id,
    number: container.number,
    status: container.status,
    available: reporting ? container.location.availableForPickup : null,
    lfd: container.demurrage.pickupLfd,
    holds: reporting ? (container.demurrage.holds?.length ?? null) : null,
    scac: container.shipment?.shippingLineScac ?? null,
    pod: container.shipment?.portOfDischargeLocode ?? null,
  };
  const lastFreeDay = lastFreeDayFacts(container, { now }).first;
  if (lastFreeDay) result.lastFreeDay = lastFreeDay;
  if (includes.has('shipment') && container.shipment) result.bl = container.shipment.billOfLading;
  if (includes.has('pod_terminal')) result.terminal = terminal;
  if (includes.has('transport_events')) result.events = container.transportEventIds?.length ?? null;
  return result;
}

/** The text columns of a row (get_container takes the number, so no id). */
const COLUMNS = ['number', 'status', 'SCAC', 'POD', 'LFD local', 'holds (?=unknown)'];

function cells(item: ContainerRow): string[] {
  return [
    shown(item.number),
    shown(item.status),
    shown(item.scac),
    shown(item.pod),
    lastFreeDayCell(item.lastFreeDay ?? null),
    item.holds === null ? '?' : String(item.holds),
  ];
}

/** `list_containers`: the account's containers, filtered and paged. */
export const listContainers = defineListTool({
  name: 'list_containers',
  title: 'List containers',
  description:
    'Containers by status, port, carrier or update time. For which-containers questions; then get_container.',
  schemas: () => ({
    input: {
      status: statusInput(),
      port: portInput(),
      carrier: carrierInput(),
      updated_after: updatedAfterInput(),
      include: z
        .string()
        .optional()
        .describe('Comma-separated: shipment, pod_terminal, transport_events'),
    },
    row: ContainerRowSchema(),
  }),
  rowsKey: 'containers',
  columns: COLUMNS,
  cells,
  query(args, context) {
    const includes = parseIncludes(args.include);
    const status = args.status;
    const port = upper(args.port);
    const carrier = upper(args.carrier);
    const include: ContainerInclude[] = ['shipment'];
    if (includes.has('pod_terminal')) include.push('pod_terminal');
    if (includes.has('transport_events')) include.push('transport_events');
    return {
      filters: [
        ...(status
          ? [{ name: 'status', value: status, test: (c: MappedContainer) => c.status === status }]
          : []),
        ...codeFilter('port', port, (c: MappedContainer) => [c.shipment?.portOfDischargeLocode]),
        ...codeFilter('carrier', carrier, (c: MappedContainer) => [c.shipment?.shippingLineScac]),
        ...updatedAfterFilter(args.updated_after),
      ],
      mirrorLimits: [
        { name: 'updated_after', value: args.updated_after, why: 'it keeps no update times' },
        {
          name: 'include pod_terminal',
          value: includes.has('pod_terminal') || undefined,
          why: 'it keeps no terminals',
        },
      ],
      fromMirror: async (mirror, window) => {
        const found = await mirror.containerPage({
          status,
          portOfDischarge: port,
          carrier,
          ...window,
        });
        return { rows: mappedContainers(found.items, found.related), page: found };
      },
      load: (request) =>
        listServiceContainers(context.client(), {
          ...request,
          include,
          filter: { status, port, carrier, updatedAfter: args.updated_after },
        }),
    };
  },
  async rows(items, args, context) {
    const includes = parseIncludes(args.include);
    const terminals = new TerminalLookup(context.client());
    const names = await Promise.all(
      items.map(async (container) =>
        includes.has('pod_terminal') ? ((await terminals.terminal(container))?.name ?? null) : null,
      ),
    );
    const now = context.now();
    return {
      rows: items.map((container, index) => row(container, includes, names[index] ?? null, now)),
      notes: unreadTerminalsNote(terminals.unread),
    };
  },
});
