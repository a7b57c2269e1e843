import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { sortableTime } from '../ingest/version.js';

/**
 * A lower bound of the service's time when the next REST read happens, on
 * the service's clock (the version time of what a sync stores): the newest
 * of the newest notification the service lists (`probe`) and the newest
 * version the mirror holds. Both happened before the read, so every
 * delivery at or before this time is older than what the read returns, and
 * loses to it. The epoch when neither exists.
 */
export async function serviceTimeLowerBound(
  database: OpenedDatabase,
  probe: string | undefined,
): Promise<string> {
  const { rows } = await sql<{ newest: string | null }>`
    select greatest(
      (select max(version) from containers), (select max(version) from shipments),
      (select max(version) from tracking_requests), (select max(version) from transport_events)
    ) as newest`.execute(database.db);
  const stored = rows[0]?.newest ?? null;
  const storedTime = stored === null ? undefined : stored.slice(0, stored.indexOf('|'));
  const probed = sortableTime(probe);
  const candidates = [storedTime, probed].filter((time): time is string => time !== undefined);
  return candidates.sort().at(-1) ?? new Date(0).toISOString();
}
