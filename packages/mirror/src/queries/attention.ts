/**
 * What needs attention across the mirrored account: the containers that can
 * need it (an indexed pre-filter that only narrows, attention-candidates.ts)
 * with their shipments, and every failed tracking request, mapped with the
 * SDK's own mapper and judged by the SDK's `accountAttention` (the rules the
 * CLI and MCP use; nothing decided here).
 */
import {
  type AttentionItem,
  type AttentionThresholds,
  accountAttention,
  type MappedContainer,
  type MappedTrackingRequest,
  mapStoredResources,
  resolveThresholds,
  type StoredResource,
} from '@shiptrack/sdk';
import { type RawBuilder, sql } from 'kysely';
import { CONTAINER_CANDIDATES, SHIPMENT_CANDIDATES } from '../database/attention-candidates.js';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { RESOURCE_COLUMNS, type ResourceRow, toStoredResource } from '../records/read.js';
import type { MirrorQueryResult } from './containers.js';
import { readFreshness } from './freshness.js';

/** Options of `mirror.attention`. */
export interface AttentionQuery {
  /** "Today" is taken at this instant (a Date or ISO 8601; default now), in each place's zone. */
  now?: Date | string;
  /** Thresholds to change (the SDK's `DEFAULT_ATTENTION_THRESHOLDS`); an unknown one is an error. */
  thresholds?: Partial<AttentionThresholds>;
}

const DAY_MS = 86_400_000;

function instant(now: Date | string | undefined): Date {
  if (now === undefined) return new Date();
  const at = now instanceof Date ? now : new Date(now);
  if (Number.isNaN(at.getTime())) {
    throw new MirrorConfigurationError(
      `now must be a Date or an ISO 8601 date-time; got ${String(now)}.`,
    );
  }
  return at;
}

/** The ids of the shipments that can need attention at `now` (their items come with a container's). */
function candidateShipments(
  now: Date,
  thresholds: AttentionThresholds,
): RawBuilder<{ id: string }> {
  const s = SHIPMENT_CANDIDATES;
  const silentSince = new Date(now.getTime() - thresholds.noUpdateDays * DAY_MS);
  return sql<{ id: string }>`
    select id from shipments where ${sql.raw(s.podSlip)}
    union select id from shipments where ${sql.raw(s.destinationSlip)}
    union select id from shipments where ${sql.raw(s.stopped)}
    union select id from shipments
      where ${sql.raw(s.tracking)} and line_tracking_last_succeeded_at <= ${silentSince.toISOString()}
    union select id from shipments where ${sql.raw(s.trackingUnread)}`;
}

/** The ids of the containers that can need attention at `now` by their own rows. */
function candidateIds(now: Date, thresholds: AttentionThresholds): RawBuilder<{ id: string }> {
  const c = CONTAINER_CANDIDATES;
  // A bound in UTC that no zone's offset crosses (as the at-risk query's).
  const horizon = new Date(now.getTime() + (thresholds.lastFreeDayWithinDays + 2) * DAY_MS);
  return sql<{ id: string }>`
    select id from containers
      where ${sql.raw(c.deadline)} and first_deadline < ${horizon.toISOString()}
    union select id from containers where ${sql.raw(c.held)}
    union select id from containers where ${sql.raw(c.fees)}
    union select id from containers where ${sql.raw(c.unavailable)}`;
}

/** A kept row, which it is and its shipment's stored id (a shipment's own id for a shipment). */
interface KeptRow extends ResourceRow {
  type: 'container' | 'shipment';
  shipment_id: string | null;
}

/** The rows kept: the containers, and their shipments by stored id. */
interface KeptRows {
  readonly containers: readonly KeptRow[];
  readonly shipments: ReadonlyMap<string, KeptRow>;
}

/** How many containers are parsed and mapped at a time (see {@link mappedContainers}). */
const CHUNK = 256;

/**
 * The kept containers mapped with their shipments, a few hundred at a
 * time, as `accountAttention` asks for them: each chunk's JSON is parsed
 * and mapped only then, and is garbage once judged. Mapping all 3,685 of
 * the benchmark at once kept every parsed row and mapped model alive
 * through the judging, which the garbage collector copied at each
 * scavenge. A shipment is mapped with each chunk that has one of its
 * containers, as it was with each container.
 */
function* mappedContainers(kept: KeptRows): Generator<MappedContainer> {
  const { containers, shipments } = kept;
  for (let start = 0; start < containers.length; start += CHUNK) {
    const chunk: StoredResource[] = [];
    const related = new Map<string, StoredResource>();
    for (let i = start; i < Math.min(start + CHUNK, containers.length); i += 1) {
      const row = containers[i];
      if (row === undefined) continue;
      chunk.push(toStoredResource('container', row));
      const id = row.shipment_id;
      const shipment = id === null || related.has(id) ? undefined : shipments.get(id);
      if (id !== null && shipment !== undefined) {
        related.set(id, toStoredResource('shipment', shipment));
      }
    }
    // Safe: container resources resolved with the SDK's mapped shapes are its mapped containers.
    yield* mapStoredResources(chunk, [...related.values()]) as MappedContainer[];
  }
}

/**
 * The containers that can need attention at `now` (attention-candidates.ts,
 * each set read by its index) and, for each shipment that can, its
 * containers, one per status (see below), mapped with their shipments;
 * the SDK's rules judge each.
 *
 * A container kept only for its shipment has no items of its own (it
 * meets none of the containers' conditions), and the shipment's items
 * depend on the container only through the SDK's `isInTransit`, which
 * reads its status: another container of that shipment with the same
 * status adds nothing (the candidates test compares the answer with the
 * SDK's over every record).
 *
 * One statement, one round trip: each set of ids is an `array(...)`
 * computed once before the rows are read, so the rows are found by the
 * indexes on `id` and `shipment_id` (the conditions are too intricate for
 * the planner to guess their few rows, and a join, or ids sent as
 * parameters, made it read every container). Only the columns the SDK's
 * mapper reads, in no order: `accountAttention` orders its items fully
 * (severity, kind, urgency, number, id), and a container's and a
 * shipment's items do not depend on the containers given before them (a
 * shipment's are added once, the silence rule applying when any of its
 * containers is in transit, whichever comes first), so sorting 6,444
 * rows by number cost PostgreSQL a sixth of the statement for the same
 * answer.
 */
async function candidateContainers(
  database: OpenedDatabase,
  now: Date,
  thresholds: AttentionThresholds,
): Promise<KeptRows> {
  const { rows } = await sql<KeptRow>`
    with ids as materialized (
      select array(${candidateIds(now, thresholds)}) as containers,
        array(${candidateShipments(now, thresholds)}) as shipments
    ), kept as materialized (
      select id, shipment_id, number, attributes, relationships from containers
      where id = any((select containers from ids)::text[])
      union all
      select * from (
        select distinct on (shipment_id, attributes->'current_status')
          id, shipment_id, number, attributes, relationships
        from containers
        where shipment_id = any((select shipments from ids)::text[])
          and id not in (select unnest(containers) from ids)
        order by shipment_id, attributes->'current_status', number, id
      ) one_per_status
    )
    select 'container' as type, ${RESOURCE_COLUMNS}, shipment_id from kept
    union all
    select 'shipment', ${RESOURCE_COLUMNS}, id from shipments
    where id = any(array(select shipment_id from kept))`.execute(database.db);
  const containers: KeptRow[] = [];
  const shipments = new Map<string, KeptRow>();
  for (const row of rows) {
    if (row.type === 'container') containers.push(row);
    else if (row.shipment_id !== null) shipments.set(row.shipment_id, row);
  }
  return { containers, shipments };
}

/** The failed tracking requests (their index), newest first as `queryTrackingRequestPage` lists them. */
async function failedRequests(database: OpenedDatabase): Promise<MappedTrackingRequest[]> {
  const createdAt = sql`case when attributes->>'created_at' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
    then (attributes->>'created_at')::timestamptz end`;
  const { rows } = await sql<ResourceRow>`
    select ${RESOURCE_COLUMNS} from tracking_requests where status = 'failed'
    order by ${createdAt} desc nulls last, id`.execute(database.db);
  // Safe: tracking request resources mapped with the SDK's shapes are its mapped requests.
  return mapStoredResources(
    rows.map((row) => toStoredResource('tracking_request', row)),
  ) as MappedTrackingRequest[];
}

/**
 * What needs attention across the account as of `query.now`, most urgent
 * first: the SDK's `AttentionItem`s (the same a REST scan gives), with the
 * mirror's freshness. A bad `now` or threshold is refused before any read.
 */
export async function queryAttention(
  database: OpenedDatabase,
  query: AttentionQuery = {},
): Promise<MirrorQueryResult<AttentionItem>> {
  const now = instant(query.now);
  const options = query.thresholds === undefined ? { now } : { now, thresholds: query.thresholds };
  // Checked before any read: an unknown threshold throws the SDK's InvalidArgumentError.
  accountAttention({ containers: [] }, options);
  // Apart, so read at once (the pool has several connections).
  const [kept, trackingRequests, freshness] = await Promise.all([
    candidateContainers(database, now, resolveThresholds(query.thresholds)),
    failedRequests(database),
    readFreshness(database),
  ]);
  const containers = mappedContainers(kept);
  return { items: accountAttention({ containers, trackingRequests }, options), ...freshness };
}
