import type { MappedTrackingRequest, TrackingRequestFilter } from '@shiptrack/sdk';
import { TrackingRequestStatusSchema, TrackingRequestTypeSchema } from '@shiptrack/sdk/mapped';
import { operations } from '@shiptrack/sdk/spec';
import * as z from 'zod';
import { typed } from '../core/compact-schema.js';
import { ToolError } from '../core/errors.js';
import type { RowFilter } from '../core/filtered-list.js';
import { lazy } from '../core/lazy.js';
import { shown } from '../render/format.js';
import { minute } from '../render/table.js';
import { mappedTrackingRequests } from '../service/mirror-lists.js';
import { listTrackingRequests as listServiceRequests } from '../service/tracking.js';
import { defineListTool } from './list-tool.js';

const text = lazy(() => z.string().nullable());

/**
 * A tracking request row: the SDK's mapped request cut to what a model
 * picks and acts on (no relationships, no `updatedAt`).
 */
export const TrackingRequestRowSchema = lazy(() =>
  typed(
    z.object({
      id: z.string(),
      number: text(),
      type: text(),
      scac: text(),
      status: text(),
      reason: text().describe('why it failed'),
      retrying: z.boolean().nullable(),
      created: text(),
      shipmentId: text().describe('the tracked shipment, once created'),
    }),
  ),
);

type Row = z.infer<ReturnType<typeof TrackingRequestRowSchema>>;

/** A wire name without `filter[...]`: `filter[created_at][start]` -> `created_at[start]`. */
type Unwrapped<W> = W extends `filter[${infer N}]${infer R}` ? `${N}${R}` : never;
type RawFilterName = Unwrapped<keyof typeof operations.listTrackingRequests.query>;
const FILTER_WIRE = /^filter\[([^\]]+)\](.*)$/;

/** Raw filter names `list_tracking_requests` accepts in `filters` (with or without `filter[...]`): the spec's. */
const RAW_FILTERS = Object.keys(operations.listTrackingRequests.query).flatMap((wire) =>
  wire.startsWith('filter[') ? [wire.replace(FILTER_WIRE, '$1$2')] : [],
);

function rawFilters(input: Record<string, string> | undefined): Map<RawFilterName, string> {
  const found = new Map<RawFilterName, string>();
  for (const [key, value] of Object.entries(input ?? {})) {
    const name = key.replace(FILTER_WIRE, '$1$2');
    if (!RAW_FILTERS.includes(name)) {
      throw new ToolError(
        'invalid_input',
        `filters: "${key}" is not a filter of tracking requests; use ${RAW_FILTERS.join(', ')}.`,
      );
    }
    // Safe: RAW_FILTERS (checked just above) holds the spec's names, which RawFilterName spells.
    found.set(name as RawFilterName, value);
  }
  return found;
}

/** Maps a raw filter to the row it tests. */
function rowTest(name: RawFilterName, value: string): RowFilter<MappedTrackingRequest>['test'] {
  const time = (field: string | null | undefined) => (field ? Date.parse(field) : Number.NaN);
  switch (name) {
    case 'request_number':
      return (r) => r.requestNumber?.toUpperCase() === value.toUpperCase();
    case 'status':
      return (r) => r.status === value;
    case 'request_type':
      return (r) => r.requestType === value;
    case 'scac':
      return (r) => r.scac?.toUpperCase() === value.toUpperCase();
    case 'created_at[start]':
      return (r) => (r.createdAt ? time(r.createdAt) >= Date.parse(value) : undefined);
    case 'created_at[end]':
      return (r) => (r.createdAt ? time(r.createdAt) <= Date.parse(value) : undefined);
    case 'updated_at[start]':
      return (r) => (r.updatedAt ? time(r.updatedAt) >= Date.parse(value) : undefined);
    case 'updated_at[end]':
      return (r) => (r.updatedAt ? time(r.updatedAt) <= Date.parse(value) : undefined);
  }
}

/**
 * A raw filter value of a closed enumeration: one of the known values, or
 * an `invalid_input` error listing them (the service would refuse it).
 */
function knownValue<V extends string>(
  schema: z.ZodEnum<{ [K in V]: K }>,
  name: RawFilterName,
  value: string | undefined,
): V | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ToolError(
    'invalid_input',
    `filters: ${name} "${value}" is not one of ${schema.options.join(', ')}.`,
  );
}

function serviceFilter(filters: Map<RawFilterName, string>): TrackingRequestFilter {
  const range = (start?: string, end?: string) => (start || end ? { start, end } : undefined);
  return {
    requestNumber: filters.get('request_number'),
    status: knownValue(TrackingRequestStatusSchema, 'status', filters.get('status')),
    requestType: knownValue(TrackingRequestTypeSchema, 'request_type', filters.get('request_type')),
    scac: filters.get('scac')?.toUpperCase(),
    createdAt: range(filters.get('created_at[start]'), filters.get('created_at[end]')),
    updatedAt: range(filters.get('updated_at[start]'), filters.get('updated_at[end]')),
  };
}

/** A `*_at[start]` / `*_at[end]` pair of raw filters as a time window; a value that is no date-time is refused. */
function timeWindow(
  filters: Map<RawFilterName, string>,
  name: 'created_at' | 'updated_at',
): { from?: string; to?: string } | undefined {
  const from = filters.get(`${name}[start]`);
  const to = filters.get(`${name}[end]`);
  for (const [key, value] of [
    [`${name}[start]`, from],
    [`${name}[end]`, to],
  ] as const) {
    if (value !== undefined && Number.isNaN(Date.parse(value))) {
      throw new ToolError(
        'invalid_input',
        `filters: ${key} "${value}" is not an ISO 8601 date-time, such as 2025-03-01T00:00:00Z.`,
      );
    }
  }
  return from === undefined && to === undefined ? undefined : { from, to };
}

function row(request: MappedTrackingRequest): Row {
  return {
    id: request.id,
    number: request.requestNumber,
    type: request.requestType,
    scac: request.scac,
    status: request.status,
    reason: request.failedReason ?? null,
    retrying: request.isRetrying ?? null,
    created: request.createdAt ?? null,
    shipmentId: request.trackedObjectId ?? null,
  };
}

/** Request types as the text table shows them: the two long ones shortened, any other as sent. */
const SHORT_TYPES: Readonly<Record<string, string>> = {
  bill_of_lading: 'B/L',
  booking_number: 'booking',
};

function shownType(type: string | null): string {
  return type ? (SHORT_TYPES[type] ?? type) : '-';
}

/** The text columns of a row (the shipment's bill of lading is the request's number). */
const COLUMNS = ['number', 'type', 'SCAC', 'status', 'created UTC'];

function cells(item: Row): string[] {
  const failed = item.reason ? ` (${item.reason})` : '';
  const retry = item.retrying ? ' retrying' : '';
  return [
    shown(item.number),
    shownType(item.type),
    shown(item.scac),
    `${item.status}${failed}${retry}`,
    minute(item.created),
  ];
}

/** `list_tracking_requests`: requests, newest first, with why they failed. */
export const listTrackingRequests = defineListTool({
  name: 'list_tracking_requests',
  title: 'List tracking requests',
  description:
    'Tracking requests, newest first, by status, request_type or raw filters; failed ones say why. Follows numbers sent to track_container.',
  schemas: () => ({
    input: {
      status: TrackingRequestStatusSchema.optional(),
      request_type: TrackingRequestTypeSchema.optional(),
      filters: z
        .record(z.string(), z.string())
        .optional()
        .describe('Raw filters, e.g. {"scac": "MSCU"}'),
    },
    row: TrackingRequestRowSchema(),
  }),
  rowsKey: 'trackingRequests',
  columns: COLUMNS,
  cells,
  query(args, context) {
    const raw = rawFilters(args.filters);
    if (args.status) raw.set('status', args.status);
    if (args.request_type) raw.set('request_type', args.request_type);
    const filter = serviceFilter(raw);
    return {
      filters: [...raw].map(([name, value]) => ({ name, value, test: rowTest(name, value) })),
      fromMirror: async (mirror, window) => {
        const found = await mirror.trackingRequestPage({
          status: filter.status,
          requestType: filter.requestType,
          requestNumber: filter.requestNumber,
          scac: filter.scac,
          createdAt: timeWindow(raw, 'created_at'),
          updatedAt: timeWindow(raw, 'updated_at'),
          ...window,
        });
        return { rows: mappedTrackingRequests(found.items), page: found };
      },
      load: (request) => listServiceRequests(context.client(), { ...request, filter }),
    };
  },
  rows: (items) => ({ rows: items.map(row) }),
});
