import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';

/** An ISO time before every version: the newest held time of an empty mirror. */
const EPOCH = new Date(0).toISOString();

/**
 * The time of the newest version the mirror holds, among those dated before
 * `latestMs` (a later one claims a time the sync's clock has not reached,
 * and is not taken as one), or the epoch. Each of them was stored before
 * the sync began, so it happened before every read of the sync: a read is
 * dated no earlier than this, whatever the sync's clock says.
 */
export async function newestHeldTime(database: OpenedDatabase, latestMs: number): Promise<string> {
  // Version keys start with their ISO time: one before `bound` sorts before it, whatever follows.
  const bound = new Date(latestMs).toISOString();
  const { rows } = await sql<{ newest: string | null }>`
    select greatest(
      (select max(version) from containers where version < ${bound}),
      (select max(version) from shipments where version < ${bound}),
      (select max(version) from tracking_requests where version < ${bound}),
      (select max(version) from transport_events where version < ${bound})
    ) as newest`.execute(database.db);
  const newest = rows[0]?.newest ?? null;
  return newest === null ? EPOCH : newest.slice(0, newest.indexOf('|'));
}
