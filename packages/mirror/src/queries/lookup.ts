import { canonicalNumber } from '@shiptrack/sdk';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { type MirroredRecord, toMirroredRecord } from '../records/read.js';
import type { MirrorQueryResult } from './containers.js';
import { readFreshness } from './freshness.js';

/** What `mirror.lookup` found for a number. */
export interface LookupMatch {
  /** How the number matched: `container_number`, `bill_of_lading`, `booking_number`, `reference` or `request_number`. */
  readonly matchedBy: string;
  readonly container: MirroredRecord;
}

/**
 * The containers a number names, whatever it is: a container number, a bill
 * of lading (as sent or normalized), a booking or other tracking-request
 * number, or a reference number of a container or a shipment. The number
 * is read as the SDK reads one (`canonicalNumber`: a container number as
 * carriers write it, `maeu 400215-9` is `MAEU4002159`); case is ignored.
 */
export async function lookupNumber(
  database: OpenedDatabase,
  number: string,
): Promise<MirrorQueryResult<LookupMatch>> {
  const wanted = typeof number === 'string' ? canonicalNumber(number).toUpperCase() : '';
  if (wanted === '') {
    throw new MirrorConfigurationError(
      'lookup needs a number: a container number, bill of lading, booking or reference.',
    );
  }
  const { rows } = await sql<{ matched_by: string } & Parameters<typeof toMirroredRecord>[1]>`
    with matches as (
      select c.id, 'container_number' as matched_by, 1 as rank from containers c where upper(c.number) = ${wanted}
      union all
      select c.id, 'bill_of_lading', 2 from containers c join shipments s on s.id = c.shipment_id
        where upper(s.bill_of_lading_number) = ${wanted} or upper(s.normalized_number) = ${wanted}
      union all
      select c.id, case when t.request_type = 'booking_number' then 'booking_number' else 'request_number' end, 3
        from tracking_requests t join containers c on c.shipment_id = t.shipment_id
        where upper(t.request_number) = ${wanted}
      union all
      select c.id, 'reference', 4 from containers c left join shipments s on s.id = c.shipment_id
        where exists (select 1 from jsonb_array_elements_text(c.ref_numbers) r where upper(r) = ${wanted})
           or exists (select 1 from jsonb_array_elements_text(coalesce(s.ref_numbers, '[]'::jsonb)) r where upper(r) = ${wanted})
    ),
    best as (select distinct on (id) id, matched_by from matches order by id, rank)
    select c.*, best.matched_by from best join containers c on c.id = best.id
    order by c.number, c.id`.execute(database.db);
  return {
    ...(await readFreshness(database)),
    items: rows.map((row) => ({
      matchedBy: row.matched_by,
      container: toMirroredRecord('container', row),
    })),
  };
}
