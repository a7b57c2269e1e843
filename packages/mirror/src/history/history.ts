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

interface HistoryRow {
  entity_type: string;
  entity_id: string;
  attribute: string;
  version: string;
  value: unknown;
  previous: unknown;
  source: string;
  notification_id: string | null;
}

/**
 * Every change of a tracked attribute in the observations `observed`
 * selects (rows of `record_observations`, all of each record's), in the
 * service's order; only the changes dated after `after` when given (the
 * value before each is still the one before it). Each version a delivery or a sync carried is
 * kept as an observation of its tracked attributes. An attribute's value at
 * an instant is the one of the newest version of that instant; a change is
 * a value that differs from the one at the instant before, in version
 * order. So the history is the same whatever order the deliveries came in,
 * and a value set and set back at one instant is no change.
 */
export async function readChanges(
  database: OpenedDatabase,
  observed: RawBuilder<unknown>,
  after: string | null = null,
): Promise<AttributeChange[]> {
  const { rows } = await sql<HistoryRow>`
    with observed as (
      select o.entity_type, o.entity_id, t.key as attribute, o.version, t.value, o.source,
        o.notification_id
      from (${observed}) o cross join lateral jsonb_each(o.tracked) t
    ), settled as (
      select distinct on (entity_type, entity_id, attribute, split_part(version, '|', 1)) *
      from observed
      order by entity_type, entity_id, attribute, split_part(version, '|', 1), version desc
    ), ordered as (
      select settled.*, lag(value) over w as previous, row_number() over w as n
      from settled
      window w as (partition by entity_type, entity_id, attribute order by version)
    )
    select entity_type, entity_id, attribute, version, value, previous, source, notification_id
    from ordered
    where n > 1 and value is distinct from previous
      and (${after}::text is null or split_part(version, '|', 1) > ${after})
    order by version, entity_type, attribute`.execute(database.db);
  return rows.map((row) => ({
    entityType: row.entity_type,
    entityId: unescapeString(row.entity_id),
    attribute: unescapeString(row.attribute),
    oldValue: unescapeStored(row.previous),
    newValue: unescapeStored(row.value),
    changedAt: versionTime(row.version),
    source: row.source,
    notificationId: row.notification_id === null ? null : unescapeString(row.notification_id),
  }));
}

/** Every change of a tracked attribute of a container and of its shipment, in the service's order. */
export async function readHistory(
  database: OpenedDatabase,
  containerId: string,
): Promise<AttributeChange[]> {
  const storedId = escapeString(containerId);
  return readChanges(
    database,
    sql`select * from record_observations
      where (entity_type = 'container' and entity_id = ${storedId})
        or (entity_type = 'shipment' and entity_id =
            (select shipment_id from containers where id = ${storedId}))`,
  );
}
