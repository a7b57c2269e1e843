/**
 * What changed across the mirrored account since an instant: the changes
 * since then of each container, shipment and tracking request the mirror
 * observed a version of since then, given to the SDK's `changesSince`
 * (the ranking every surface uses; nothing decided here). The mirror keeps
 * every old value, so nothing is "not known" as it is from REST.
 */
import { type ChangesSince, changesSince, type HistoryEntry } from '@shiptrack/sdk';
import { type RawBuilder, sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { unescapeString } from '../ingest/lossless-text.js';
import { versionTime } from '../ingest/version.js';
import { netChanges, type Observation, readObservations } from './history.js';

/** A record's number and, for a container, its port's zone, by stored type and id. */
interface NumberRow {
  entity_type: string;
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

/**
 * The records observed since `at` (the index on the version): their stored
 * type and id. Grouped rather than `distinct`: inside the lateral join the
 * planner gave `distinct` a parallel plan whose workers cost more to start
 * than the 3,250 rows of the benchmark take to group (33 against 26 ms in
 * `EXPLAIN ANALYZE`); a `group by` stays in the backend.
 */
function touchedSince(at: string): RawBuilder<{ entity_type: string; entity_id: string }> {
  return sql`select entity_type, entity_id from record_observations where version > ${at}
    group by entity_type, entity_id`;
}

/** The stored ids of one type of the records observed since `at`, as an array (computed once). */
function touchedIds(at: string, type: string): RawBuilder<string[]> {
  return sql`array(select entity_id from record_observations
    where version > ${at} and entity_type = ${type})`;
}

/** The numbers (and a container's zone) of the records observed since `at`, per type and id. */
async function numbersSince(database: OpenedDatabase, at: string): Promise<Map<string, NumberRow>> {
  const { rows } = await sql<NumberRow>`
    select 'container' as entity_type, id, number, pod_timezone as time_zone from containers
      where id = any(${touchedIds(at, 'container')})
    union all
    select 'shipment', id, bill_of_lading_number, null from shipments
      where id = any(${touchedIds(at, 'shipment')})
    union all
    select 'tracking_request', id, request_number, null from tracking_requests
      where id = any(${touchedIds(at, 'tracking_request')})`.execute(database.db);
  const numbers = new Map<string, NumberRow>();
  for (const row of rows) numbers.set(`${row.entity_type}|${unescapeString(row.id)}`, row);
  return numbers;
}

/**
 * The observations of the records observed since `at` that their changes
 * since need: those since, after the newest one before (each read by the
 * record's key in version order: an ordered lateral subquery cannot be
 * merged into a join, which was planned as a read of every observation).
 */
function nearObservations(at: string): RawBuilder<unknown> {
  const ofRecord = sql`o.entity_type = touched.entity_type and o.entity_id = touched.entity_id`;
  return sql`select o.* from (${touchedSince(at)}) touched cross join lateral (
      (select * from record_observations o
        where ${ofRecord} and split_part(o.version, '|', 1) <= ${at}
        order by o.version desc limit 1)
      union all
      (select * from record_observations o where ${ofRecord} and o.version > ${at}
        order by o.version)
    ) o`;
}

/** Every observation of the given records (stored type and id), each record's in version order. */
function allObservations(records: readonly (readonly Observation[])[]): RawBuilder<unknown> {
  const types = records.map((observations) => observations[0]?.entity_type ?? '');
  const ids = records.map((observations) => observations[0]?.entity_id ?? '');
  return sql`select o.* from unnest(${types}::text[], ${ids}::text[]) as touched (entity_type, entity_id)
    cross join lateral (
      select * from record_observations o
      where o.entity_type = touched.entity_type and o.entity_id = touched.entity_id
      order by o.version) o`;
}

/**
 * Whether a record's observations read by {@link nearObservations} tell
 * every change since `at`: each attribute observed since is in one of
 * those before it, or none was read before it (the record began after
 * `at`). Otherwise an older observation may hold its value before, and all
 * of the record's are read.
 */
function tellsChanges(observations: readonly Observation[], at: string): boolean {
  const before = new Set<string>();
  let anyBefore = false;
  for (const observation of observations) {
    const attributes = Object.keys(observation.tracked);
    if (versionTime(observation.version) <= at) {
      anyBefore = true;
      for (const attribute of attributes) before.add(attribute);
    } else if (anyBefore) {
      for (const attribute of attributes) if (!before.has(attribute)) return false;
    }
  }
  return true;
}

/**
 * What changed since `since` on every container, shipment and tracking
 * request, per record, the ones to act on first (the SDK's `ChangesSince`);
 * each row has its record's number and, for a container, its port's zone.
 * The records come from the versions observed since (an index on the
 * version); of each, only the observations since and the newest before
 * are read, and all of them only for a record whose newest one before
 * lacks an attribute observed since.
 */
export async function readChangesSince(
  database: OpenedDatabase,
  since: Date | string,
): Promise<ChangesSince> {
  const at = sinceInstant(since);
  // The observations and the records' numbers are apart, so read at once (the pool has several
  // connections).
  const [records, numbers] = await Promise.all([
    readObservations(database, nearObservations(at)),
    numbersSince(database, at),
  ]);
  const untold = [...records.values()].filter((observations) => !tellsChanges(observations, at));
  if (untold.length > 0) {
    for (const [key, observations] of await readObservations(database, allObservations(untold))) {
      records.set(key, observations);
    }
  }
  const history: HistoryEntry[] = netChanges(records.values(), at).map((change) => {
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
