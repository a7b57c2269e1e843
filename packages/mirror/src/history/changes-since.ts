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
import { escapeString, unescapeString } from '../ingest/lossless-text.js';
import { type AttributeChange, readChanges } from './history.js';

/** A record's number and, for a container, its port's zone, by stored id. */
interface NumberRow {
  id: string;
  number: string | null;
  time_zone: string | null;
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

/** The numbers (and a container's zone) of the records the changes name, per type and id. */
async function numbersOf(
  database: OpenedDatabase,
  changes: readonly AttributeChange[],
): Promise<Map<string, NumberRow>> {
  const ids = (type: string) => [
    ...new Set(changes.filter((c) => c.entityType === type).map((c) => escapeString(c.entityId))),
  ];
  const [containers, shipments, requests] = await Promise.all([
    sql<NumberRow>`select id, number, pod_timezone as time_zone from containers
      where id = any(${ids('container')})`.execute(database.db),
    sql<NumberRow>`select id, bill_of_lading_number as number, null as time_zone from shipments
      where id = any(${ids('shipment')})`.execute(database.db),
    sql<NumberRow>`select id, request_number as number, null as time_zone from tracking_requests
      where id = any(${ids('tracking_request')})`.execute(database.db),
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
  const { rows: touched } = await sql<{ entity_type: string; entity_id: string }>`
    select distinct entity_type, entity_id from record_observations where version > ${at}`.execute(
    database.db,
  );
  const changes = await readChanges(
    database,
    sql`select o.* from unnest(
        ${touched.map((row) => row.entity_type)}::text[], ${touched.map((row) => row.entity_id)}::text[]
      ) as touched (entity_type, entity_id)
      join record_observations o using (entity_type, entity_id)`,
    at,
  );
  const numbers = await numbersOf(database, changes);
  const history: HistoryEntry[] = changes.map((change) => {
    const known = numbers.get(`${change.entityType}|${change.entityId}`);
    return {
      ...change,
      entityNumber: known?.number ?? null,
      timeZone: known?.time_zone ?? null,
    };
  });
  return changesSince(history, at);
}
