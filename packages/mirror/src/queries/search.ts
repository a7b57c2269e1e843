import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { type MirroredRecord, toMirroredRecord } from '../records/read.js';
import { type Freshness, readFreshness } from './freshness.js';

/** What `mirror.search` found, by kind, each list capped at `limit`. */
export interface MirrorSearchResult extends Freshness {
  /** Containers whose number or a reference number contains the text. */
  readonly containers: MirroredRecord[];
  /** Shipments whose bill of lading (as sent or normalized) or a reference number contains it. */
  readonly shipments: MirroredRecord[];
  /** Tracking requests whose number contains it. */
  readonly trackingRequests: MirroredRecord[];
  /** The shipments of the containers found, to resolve them against. */
  readonly related: MirroredRecord[];
  /** Matches of every kind together, before the cap. */
  readonly total: number;
}

/** Options of `mirror.search`. */
export interface MirrorSearchOptions {
  /** Records of each kind answered at most (default 10, at most 100). */
  limit?: number;
}

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Containers, shipments and tracking requests whose numbers contain `text`,
 * case ignored (partial numbers too, as the service's search): container,
 * bill of lading, booking or request, and reference numbers. Read from the
 * mirror only; exact matches first, then by number.
 */
export async function searchRecords(
  database: OpenedDatabase,
  text: string,
  options: MirrorSearchOptions = {},
): Promise<MirrorSearchResult> {
  const wanted = typeof text === 'string' ? text.trim().toUpperCase() : '';
  if (wanted.length < 3) {
    throw new MirrorConfigurationError(
      'search needs at least 3 characters of a container, bill of lading, booking or reference number.',
    );
  }
  const limit = options.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new MirrorConfigurationError(`limit must be an integer from 1 to 100, got ${limit}.`);
  }
  const pattern = containing(wanted);
  type Row = Parameters<typeof toMirroredRecord>[1] & { total: string };
  const refMatches = (column: string) =>
    sql`exists (select 1 from jsonb_array_elements_text(coalesce(${sql.ref(column)}, '[]'::jsonb)) r where upper(r) like ${pattern})`;
  const [containers, shipments, requests] = await Promise.all([
    sql<Row & { shipment_id: string | null }>`
      select c.*, count(*) over () as total from containers c
      where upper(c.number) like ${pattern} or ${refMatches('c.ref_numbers')}
      order by upper(c.number) = ${wanted} desc, c.number, c.id limit ${limit}`.execute(
      database.db,
    ),
    sql<Row>`
      select s.*, count(*) over () as total from shipments s
      where upper(s.bill_of_lading_number) like ${pattern} or upper(s.normalized_number) like ${pattern}
        or ${refMatches('s.ref_numbers')}
      order by upper(s.bill_of_lading_number) = ${wanted} desc, s.bill_of_lading_number, s.id
      limit ${limit}`.execute(database.db),
    sql<Row>`
      select t.*, count(*) over () as total from tracking_requests t
      where upper(t.request_number) like ${pattern}
      order by upper(t.request_number) = ${wanted} desc, t.request_number, t.id
      limit ${limit}`.execute(database.db),
  ]);
  const totalOf = (rows: readonly { total: string }[]) => Number(rows[0]?.total ?? 0);
  const shipmentIds = [
    ...new Set(
      containers.rows.flatMap((row) => (row.shipment_id === null ? [] : [row.shipment_id])),
    ),
  ];
  const related =
    shipmentIds.length === 0
      ? []
      : await database.db
          .selectFrom('shipments')
          .selectAll()
          .where('id', 'in', shipmentIds)
          .execute();
  return {
    ...(await readFreshness(database)),
    containers: containers.rows.map((row) => toMirroredRecord('container', row)),
    shipments: shipments.rows.map((row) => toMirroredRecord('shipment', row)),
    trackingRequests: requests.rows.map((row) => toMirroredRecord('tracking_request', row)),
    related: related.map((row) => toMirroredRecord('shipment', row)),
    total: totalOf(containers.rows) + totalOf(shipments.rows) + totalOf(requests.rows),
  };
}
