/**
 * What changed across the mirrored account since an instant: the changes
 * since then of each container, shipment and tracking request the mirror
 * observed a version of since then, given to the SDK's `changesSince`
 * (the ranking every surface uses; nothing decided here). The mirror keeps
 * every old value, so nothing is "not known" as it is from REST.
 */
import { type ChangesSince, changesSince, type HistoryEntry } from '@shiptrack/sdk';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { unescapeString } from '../ingest/lossless-text.js';
import { readChanges } from './history.js';

/** A record's number and, for a container, its port's zone, by stored id. */
interface NumberRow {
  id: string;
  number: string | null;
  time_zone: string | null;
}

/** A record observed since the instant, as stored. */
interface TouchedRow {
  entity_type: string;
  entity_id: string;
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

/** Touched records of one type: their stored ids. */
function idsOfType(touched: readonly TouchedRow[], type: string): string[] {
  return touched.filter((row) => row.entity_type === type).map((row) => row.entity_id);
}

/** The numbers (and a container's zone) of the touched records, per type and id. */
async function numbersOf(
  database: OpenedDatabase,
  touched: readonly TouchedRow[],
): Promise<Map<string, NumberRow>> {
  const [containers, shipments, requests] = await Promise.all([
    sql<NumberRow>`select id, number, pod_timezone as time_zone from containers
      where id = any(${idsOfType(touched, 'container')})`.execute(database.db),
    sql<NumberRow>`select id, bill_of_lading_number as number, null as time_zone from shipments
      where id = any(${idsOfType(touched, 'shipment')})`.execute(database.db),
    sql<NumberRow>`select id, request_number as number, null as time_zone from tracking_requests
      where id = any(${idsOfType(touched, 'tracking_request')})`.execute(database.db),
  ]);
  const numbers = new Map<string, NumberRow>();
  for (const [type, result] of [
    ['container', containers],
    ['shipment', shipments],
    ['tracking_request', requests],
  ] as const) {
    for (const row of result.rows) numbers.set(`${type}|${unescapeString(row.id)}`, row);
  }
  return numbers;
}

/**
 * What changed since `since` on every container, shipment and tracking
 * request, per record, the ones to act on first (the SDK's `ChangesSince`);
 * each row has its record's number and, for a container, its port's zone.
 * The records come from the versions observed since (an index on the
 * version, whose first part is the service's time); their histories are
 * read in one query.
 */
export async function readChangesSince(
  database: OpenedDatabase,
  since: Date | string,
): Promise<ChangesSince> {
  const at = sinceInstant(since);
  // The records first (the index on the version), then their observations by key: one statement
  // with both was planned as a read of every observation.
  const { rows: touched } = await sql<TouchedRow>`
    select distinct entity_type, entity_id from record_observations where version > ${at}`.execute(
    database.db,
  );
  // The changes and the records' numbers are apart, so read at once (the pool has several connections).
  const [changes, numbers] = await Promise.all([
    readChanges(
      database,
      sql`select o.* from unnest(
          ${touched.map((row) => row.entity_type)}::text[], ${touched.map((row) => row.entity_id)}::text[]
        ) as touched (entity_type, entity_id)
        join record_observations o using (entity_type, entity_id)`,
      at,
    ),
    numbersOf(database, touched),
  ]);
  const history: HistoryEntry[] = changes.map((change) => {
    const known = numbers.get(`${change.entityType}|${change.entityId}`);
    return {
      entityType: change.entityType,
      entityId: change.entityId,
      attribute: change.attribute,
      oldValue: change.oldValue,
      newValue: change.newValue,
      changedAt: change.changedAt,
      source: change.source,
      entityNumber: known?.number ?? null,
      timeZone: known?.time_zone ?? null,
    };
  });
  return changesSince(history, at);
}
