/**
 * What changed across the mirrored account since an instant: the history
 * (`readHistory`) of each container that it, or its shipment, observed a
 * version of since then, each row once, given to the SDK's `changesSince`
 * (the ranking every surface uses; nothing decided here). The mirror keeps
 * every old value, so nothing is "not known" as it is from REST.
 */
import { type ChangesSince, changesSince, type HistoryEntry } from '@shiptrack/sdk';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { unescapeString } from '../ingest/lossless-text.js';
import { readHistory } from './history.js';

interface TouchedRow {
  id: string;
  number: string | null;
  pod_timezone: string | null;
  shipment_id: string | null;
  bill_of_lading_number: string | null;
}

function sinceInstant(since: Date | string): string {
  const at = since instanceof Date ? since : new Date(since);
  if (Number.isNaN(at.getTime())) {
    throw new MirrorConfigurationError(
      `since must be a Date or an ISO 8601 date-time; got ${String(since)}.`,
    );
  }
  return at.toISOString();
}

/**
 * What changed since `since` on every container and shipment, per record,
 * the ones to act on first (the SDK's `ChangesSince`); each row has its
 * record's number and, for a container, its port's zone. Versions sort by
 * their service time, so the containers touched since come from the
 * observations' version keys.
 */
export async function readChangesSince(
  database: OpenedDatabase,
  since: Date | string,
): Promise<ChangesSince> {
  const at = sinceInstant(since);
  const { rows } = await sql<TouchedRow>`
    select distinct c.id, c.number, c.pod_timezone, s.id as shipment_id, s.bill_of_lading_number
    from record_observations o
    join containers c
      on (o.entity_type = 'container' and c.id = o.entity_id)
      or (o.entity_type = 'shipment' and c.shipment_id = o.entity_id)
    left join shipments s on s.id = c.shipment_id
    where o.version > ${at}
    order by c.id`.execute(database.db);
  const history: HistoryEntry[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const containerId = unescapeString(row.id);
    for (const change of await readHistory(database, containerId)) {
      const key = JSON.stringify([
        change.entityType,
        change.entityId,
        change.attribute,
        change.changedAt,
      ]);
      if (seen.has(key)) continue;
      seen.add(key);
      const isContainer = change.entityType === 'container';
      history.push({
        ...change,
        entityNumber: isContainer ? row.number : row.bill_of_lading_number,
        timeZone: isContainer ? row.pod_timezone : null,
      });
    }
  }
  return changesSince(history, at);
}
