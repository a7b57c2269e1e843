import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';

/** How fresh an answer is. */
export interface Freshness {
  /**
   * The newest service time the mirror has heard of (ISO 8601, the service's
   * clock): the answer reflects every delivery and sync up to then. `null`
   * for an empty mirror.
   */
  readonly asOf: string | null;
  /** When the last full sync finished (ISO 8601), or `null` when none did. */
  readonly fullSyncCompletedAt: string | null;
}

/** The freshness of the mirror now. */
export async function readFreshness(database: OpenedDatabase): Promise<Freshness> {
  const { rows } = await sql<{ newest: string | null; completed: string | null }>`
    select greatest(
      (select max(version) from containers), (select max(version) from shipments),
      (select max(version) from tracking_requests), (select max(version) from transport_events)
    ) as newest,
    (select state->>'completedAt' from sync_state where name = 'full_sync') as completed`.execute(
    database.db,
  );
  const newest = rows[0]?.newest ?? null;
  return {
    asOf: newest === null ? null : newest.slice(0, newest.indexOf('|')),
    fullSyncCompletedAt: rows[0]?.completed ?? null,
  };
}
