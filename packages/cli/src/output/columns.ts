import { readPath } from './fields.js';

/** The columns a table shows by default for each kind of record (the mapped format's names). */
const DEFAULT_COLUMNS: Record<string, readonly string[]> = {
  container: [
    'id',
    'number',
    'status',
    'location.availableForPickup',
    'demurrage.pickupLfd',
    'location.currentLocation',
  ],
  shipment: [
    'id',
    'billOfLading',
    'shippingLineScac',
    'portOfLadingLocode',
    'portOfDischargeLocode',
    'podEtaAt',
  ],
  tracking_request: ['id', 'requestNumber', 'requestType', 'scac', 'status', 'createdAt'],
  transport_event: ['timestamp', 'event', 'locationLocode', 'voyageNumber', 'dataSource'],
  raw_event: ['timestamp', 'event', 'originalEvent', 'estimated'],
  webhook: ['id', 'url', 'active', 'events'],
  webhook_notification: ['id', 'event', 'deliveryStatus', 'createdAt'],
  shipping_line: ['scac', 'name', 'shortName'],
  search_result: ['entityType', 'id', 'number', 'status'],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The columns for rows: the defaults of their kind that the rows have, or
 * else their first scalar members. Raw JSON:API rows are read through
 * their `attributes`.
 */
export function defaultColumns(rows: readonly unknown[]): string[] {
  const first = rows[0];
  if (!isRecord(first)) return ['value'];
  const kind = typeof first.type === 'string' ? first.type : '';
  const known = (DEFAULT_COLUMNS[kind] ?? []).filter((field) =>
    rows.some((row) => readPath(row, field).found),
  );
  if (known.length >= 2) return known;
  const scalars = Object.entries(first)
    .filter(([, value]) => !isRecord(value) && !Array.isArray(value))
    .map(([key]) => key);
  const attributes = isRecord(first.attributes)
    ? Object.entries(first.attributes)
        .filter(([, value]) => !isRecord(value) && !Array.isArray(value))
        .map(([key]) => `attributes.${key}`)
    : [];
  return [...scalars, ...attributes].slice(0, 7);
}
