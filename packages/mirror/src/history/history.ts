import { type RawBuilder, sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { escapeString, unescapeStored, unescapeString } from '../ingest/lossless-text.js';
import { versionTime } from '../ingest/version.js';

/** One change of a tracked attribute. */
export interface AttributeChange {
  /** `container` or `shipment` (ETAs live on the container's shipment). */
  readonly entityType: string;
  readonly entityId: string;
  /** The attribute as the service names it (`current_status`, `pod_eta_at`, `holds_at_pod_terminal`, ...). */
  readonly attribute: string;
  /** The value before; `null` when it was `null`. */
  readonly oldValue: unknown;
  readonly newValue: unknown;
  /** When the service reported the new value (ISO 8601, the service's clock). */
  readonly changedAt: string;
  /** `webhook` or `sync`: how the new value reached the mirror. */
  readonly source: string;
  /** The notification that brought it, for a webhook. */
  readonly notificationId: string | null;
}

/** An observation as read: its tracked attributes as `jsonb` text (its keys in jsonb's order). */
interface ObservationRow {
  entity_type: string;
  entity_id: string;
  version: string;
  tracked: string;
  source: string;
  notification_id: string | null;
}

/** An observation with its tracked attributes parsed (stored values, still escaped). */
export interface Observation extends Omit<ObservationRow, 'tracked'> {
  readonly tracked: Readonly<Record<string, unknown>>;
}

/** Whether two stored JSON values are equal as `jsonb` (whose text orders an object's keys one way). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return (
    typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    JSON.stringify(a) === JSON.stringify(b)
  );
}

/** An attribute's value at one instant (the newest observation of that instant) and its row. */
interface Settled {
  readonly time: string;
  readonly value: unknown;
  readonly row: Observation;
}

/** One attribute of one record along its observations: the instant now open, and the value before it. */
interface Track {
  open: Settled;
  /** The value settled at the instant before the open one; absent before the second instant. */
  before?: { readonly value: unknown };
}

/** The change an attribute's open instant makes, if any: its value against the one before, dated after `after`. */
function settle(
  attribute: string,
  track: Track,
  after: string | null,
  into: VersionedChange[],
): void {
  const { open, before } = track;
  if (before === undefined || sameValue(open.value, before.value)) return;
  if (after !== null && open.time <= after) return;
  into.push({
    version: open.row.version,
    attribute,
    change: {
      entityType: open.row.entity_type,
      entityId: unescapeString(open.row.entity_id),
      attribute: unescapeString(attribute),
      oldValue: unescapeStored(before.value),
      newValue: unescapeStored(open.value),
      changedAt: open.time,
      source: open.row.source,
      notificationId:
        open.row.notification_id === null ? null : unescapeString(open.row.notification_id),
    },
  });
}

/**
 * The changes of one record's observations (in version order): per
 * attribute, the value of each instant is the newest observation's, and a
 * change is a value that differs from the one at the instant before. Only
 * those dated after `after`, when given.
 */
function recordChanges(
  observations: readonly Observation[],
  after: string | null,
  into: VersionedChange[],
): void {
  const tracks = new Map<string, Track>();
  for (const row of observations) {
    const time = versionTime(row.version);
    const tracked = row.tracked;
    for (const attribute of Object.keys(tracked)) {
      const settled = { time, value: tracked[attribute], row };
      const track = tracks.get(attribute);
      if (track === undefined) {
        tracks.set(attribute, { open: settled });
      } else if (track.open.time === time) {
        track.open = settled;
      } else {
        settle(attribute, track, after, into);
        track.before = { value: track.open.value };
        track.open = settled;
      }
    }
  }
  for (const [attribute, track] of tracks) settle(attribute, track, after, into);
}

/** A change with the version that made it and its attribute as stored, to order by. */
interface VersionedChange {
  readonly version: string;
  readonly attribute: string;
  readonly change: AttributeChange;
}

/** Orders changes as the service made them: by version, then record type and attribute (as stored). */
function byVersion(a: VersionedChange, b: VersionedChange): number {
  return (
    compareText(a.version, b.version) ||
    compareText(a.change.entityType, b.change.entityType) ||
    compareText(a.attribute, b.attribute)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The observations `observed` selects (rows of `record_observations`), by
 * record (`type|id` as stored), each record's in the order given.
 */
export async function readObservations(
  database: OpenedDatabase,
  observed: RawBuilder<unknown>,
): Promise<Map<string, Observation[]>> {
  const { rows } = await sql<ObservationRow>`
    select o.entity_type, o.entity_id, o.version, o.tracked::text as tracked, o.source,
      o.notification_id
    from (${observed}) o`.execute(database.db);
  const records = new Map<string, Observation[]>();
  for (const row of rows) {
    // Safe: `tracked` is a jsonb object (ingest writes the tracked attributes by name).
    const tracked = JSON.parse(row.tracked) as Record<string, unknown>;
    const observation: Observation = {
      entity_type: row.entity_type,
      entity_id: row.entity_id,
      version: row.version,
      tracked,
      source: row.source,
      notification_id: row.notification_id,
    };
    const key = `${row.entity_type}|${row.entity_id}`;
    const observations = records.get(key);
    if (observations === undefined) records.set(key, [observation]);
    else observations.push(observation);
  }
  return records;
}

/**
 * Every change of a tracked attribute in each record's observations
 * (given in version order, all of them, or at least those since `after`
 * and, per attribute, the newest before), in the service's order; only the
 * changes dated after `after` when given (the value before each is still
 * the one before it). Each version a delivery or a sync carried is kept as
 * an observation of its tracked attributes. An attribute's value at an
 * instant is the one of the newest version of that instant; a change is a
 * value that differs from the one at the instant before, in version order.
 * So the history is the same whatever order the deliveries came in, and a
 * value set and set back at one instant is no change. (The database used
 * to sort and window every attribute of every observation for this.)
 */
export function netChanges(
  records: Iterable<readonly Observation[]>,
  after: string | null = null,
): AttributeChange[] {
  const changes: VersionedChange[] = [];
  for (const observations of records) recordChanges(observations, after, changes);
  return changes.sort(byVersion).map((versioned) => versioned.change);
}

/** Every change of a tracked attribute of a container and of its shipment, in the service's order. */
export async function readHistory(
  database: OpenedDatabase,
  containerId: string,
): Promise<AttributeChange[]> {
  const storedId = escapeString(containerId);
  const records = await readObservations(
    database,
    sql`select * from record_observations
      where (entity_type = 'container' and entity_id = ${storedId})
        or (entity_type = 'shipment' and entity_id =
            (select shipment_id from containers where id = ${storedId}))
      order by entity_type, entity_id, version`,
  );
  return netChanges(records.values());
}
