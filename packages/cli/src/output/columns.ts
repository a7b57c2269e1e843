import {
  type MappedTransportEvent,
  transportEventLabel,
  transportEventPlace,
} from '@shiptrack/sdk';
import { cellText } from './cell-text.js';
import { isRecord, readPath } from './fields.js';
import { holdsText, reportedHolds } from './holds.js';
import { isMappedContainer, lastFreeDayCell, readLastFreeDayFact } from './last-free-day.js';
import { localTime } from './local-time.js';

/** One column of a table. */
export interface Column {
  /** What the header says. */
  header: string;
  /** The `--fields` path that shows this column's data. */
  field: string;
  /** The cell's text for a row. */
  cell(row: unknown): string;
  /** Never cut (ids, numbers, a status, a date): the column is left out before it is cut. */
  whole: boolean;
  /** When the terminal is too narrow, the highest rank is left out first; 0 is never left out. */
  dropRank: number;
}

/** Whether a path names an id or a number that a person copies whole. */
function isIdentifier(field: string): boolean {
  const name = field.split('.').pop() ?? field;
  return /^(id|number|billOfLading|requestNumber|scac)$|(Id|Number)$/.test(name);
}

/** A column showing the value at `field`. */
function pathColumn(
  header: string,
  field: string,
  dropRank: number,
  whole = isIdentifier(field),
): Column {
  return { header, field, cell: (row) => cellText(readPath(row, field).value), whole, dropRank };
}

/** `podEtaAt` -> `POD ETA AT`. */
function humanHeader(field: string): string {
  const name = field.split('.').pop() ?? field;
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toUpperCase();
}

const containerColumns: readonly Column[] = [
  pathColumn('NUMBER', 'number', 0),
  pathColumn('STATUS', 'status', 2, true),
  {
    header: 'LAST FREE DAY',
    field: 'lastFreeDay',
    cell: (row) => lastFreeDayCell(readLastFreeDayFact(readPath(row, 'lastFreeDay').value)),
    whole: true,
    dropRank: 1,
  },
  {
    header: 'HOLDS',
    field: 'demurrage.holds',
    cell: (row) => (isMappedContainer(row) ? holdsText(reportedHolds(row)) : '-'),
    whole: false,
    dropRank: 3,
  },
  pathColumn('AVAILABLE', 'location.availableForPickup', 5),
  pathColumn('LOCATION', 'location.currentLocation', 6),
  pathColumn('ID', 'id', 4),
];

const shipmentColumns: readonly Column[] = [
  pathColumn('BILL OF LADING', 'billOfLading', 0),
  pathColumn('LINE', 'shippingLineScac', 2),
  pathColumn('FROM', 'portOfLadingLocode', 3),
  pathColumn('TO', 'portOfDischargeLocode', 3),
  {
    header: 'ETA (PORT TIME)',
    field: 'podEtaAt',
    cell: (row) => {
      const eta = readPath(row, 'podEtaAt').value;
      const zone = readPath(row, 'podTimezone').value;
      return typeof eta === 'string' ? localTime(eta, typeof zone === 'string' ? zone : null) : '-';
    },
    whole: true,
    dropRank: 1,
  },
  pathColumn('ID', 'id', 4),
];

const trackingRequestColumns: readonly Column[] = [
  pathColumn('NUMBER', 'requestNumber', 0),
  pathColumn('TYPE', 'requestType', 3),
  pathColumn('LINE', 'scac', 2),
  pathColumn('STATUS', 'status', 1, true),
  pathColumn('CREATED (UTC)', 'createdAt', 5),
  pathColumn('ID', 'id', 4),
];

/** Read as a mapped transport event: the columns below read only members they check. */
function asEvent(row: unknown): MappedTransportEvent {
  // Safe: the rows of these columns are mapped transport events (CURATED is chosen by `type`).
  return row as MappedTransportEvent;
}

/** `TraPac Los Angeles (USLAX)`: the terminal, else the place, by name, with its LOCODE, as far as sent. */
function eventPlace(row: unknown): string {
  const { terminal, name, locode } = transportEventPlace(asEvent(row));
  const where = terminal ?? name;
  return cellText(where && locode ? `${where} (${locode})` : (where ?? locode));
}

const transportEventColumns: readonly Column[] = [
  {
    header: 'TIME (LOCAL)',
    field: 'timestamp',
    cell: (row) => {
      const { timestamp, timezone } = asEvent(row);
      return typeof timestamp === 'string' ? localTime(timestamp, timezone) : '-';
    },
    whole: true,
    dropRank: 0,
  },
  {
    header: 'EVENT',
    field: 'event',
    // What tells a loading from a discharge is kept whole; the common prefix is not.
    cell: (row) => cellText(transportEventLabel(asEvent(row).event)),
    whole: true,
    dropRank: 0,
  },
  { header: 'PLACE', field: 'locationLocode', cell: eventPlace, whole: false, dropRank: 1 },
  pathColumn('VOYAGE', 'voyageNumber', 2, true),
  pathColumn('SOURCE', 'dataSource', 3, true),
];

/** The columns a table shows by default for each kind of record (the mapped format's names). */
const CURATED: Record<string, readonly Column[]> = {
  container: containerColumns,
  shipment: shipmentColumns,
  tracking_request: trackingRequestColumns,
  transport_event: transportEventColumns,
};

/** Other kinds: their most telling members, in order (later ones are left out first). */
const DEFAULT_FIELDS: Record<string, readonly string[]> = {
  raw_event: ['timestamp', 'event', 'originalEvent', 'estimated'],
  webhook: ['id', 'url', 'active', 'events'],
  webhook_notification: ['id', 'event', 'deliveryStatus', 'createdAt'],
  shipping_line: ['scac', 'name', 'shortName'],
  search_result: ['entityType', 'id', 'number', 'status'],
};

/**
 * Columns for the paths of `--fields`, none left out: the kind's own column
 * where it shows that path (its header, its cell: `LAST FREE DAY` as a
 * local date), else the value at the path under its name in capitals
 * (`demurrage.pickupLfd` -> `DEMURRAGE PICKUP LFD`), as every header is.
 */
export function fieldColumns(fields: readonly string[], rows: readonly unknown[] = []): Column[] {
  const first = rows[0];
  const kind = isRecord(first) && typeof first.type === 'string' ? first.type : '';
  const curated = isRecord(first) && isMappedKind(first) ? (CURATED[kind] ?? []) : [];
  return fields.map((field) => {
    const own = curated.find((column) => column.field === field);
    if (own) return { ...own, dropRank: 0 };
    const header = field.split('.').map(humanHeader).join(' ');
    return pathColumn(header, field, 0);
  });
}

/**
 * Columns from `[header, field, whole?]`: later ones are left out first when
 * the width is short; ids and numbers, and those marked `whole`, are never cut.
 */
export function namedColumns(specs: readonly (readonly [string, string, boolean?])[]): Column[] {
  return specs.map(([header, field, whole], i) =>
    pathColumn(header, field, i, whole ?? isIdentifier(field)),
  );
}

function rankedColumns(fields: readonly string[], headers: (field: string) => string): Column[] {
  return fields.map((field, i) => pathColumn(headers(field), field, i));
}

/**
 * The columns for rows: the curated ones of their kind, else the defaults
 * of their kind that the rows have, else their first scalar members. Raw
 * JSON:API rows are read through their `attributes`.
 */
export function defaultColumns(rows: readonly unknown[]): Column[] {
  const first = rows[0];
  if (!isRecord(first)) return [pathColumn('VALUE', 'value', 0)];
  const kind = typeof first.type === 'string' ? first.type : '';
  const curated = CURATED[kind];
  if (curated && isMappedKind(first)) return [...curated];
  const known = (DEFAULT_FIELDS[kind] ?? []).filter((field) =>
    rows.some((row) => readPath(row, field).found),
  );
  if (known.length >= 2) return rankedColumns(known, humanHeader);
  const scalars = Object.entries(first)
    .filter(([, value]) => !isRecord(value) && !Array.isArray(value))
    .map(([key]) => key);
  const attributes = isRecord(first.attributes)
    ? Object.entries(first.attributes)
        .filter(([, value]) => !isRecord(value) && !Array.isArray(value))
        .map(([key]) => `attributes.${key}`)
    : [];
  // Raw and unknown records keep their members' own names: they are what --fields takes.
  return rankedColumns([...scalars, ...attributes].slice(0, 7), (field) => field);
}

/** Whether a record is in the mapped format (the raw one keeps its members in `attributes`). */
function isMappedKind(record: Record<string, unknown>): boolean {
  return !isRecord(record.attributes);
}
