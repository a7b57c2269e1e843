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
} from '@shiptrack/sdk';
import { type RawBuilder, sql } from 'kysely';
import { CONTAINER_CANDIDATES, SHIPMENT_CANDIDATES } from '../database/attention-candidates.js';
import type { OpenedDatabase } from '../database/open.js';
import { orderPrefix } from '../database/order-prefix.js';
import { MirrorConfigurationError } from '../errors.js';
import { toMirroredRecord } from '../records/read.js';
import type { MirrorQueryResult } from './containers.js';
import { readFreshness } from './freshness.js';
import { shipmentsByIds } from './pages.js';

type StoredRow = Parameters<typeof toMirroredRecord>[1] & { shipment_id?: string | null };

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

/** The stored ids a query of `id`s answers. */
async function idsOf(
  database: OpenedDatabase,
  query: RawBuilder<{ id: string }>,
): Promise<string[]> {
  return (await query.execute(database.db)).rows.map((row) => row.id);
}

/**
 * The containers that can need attention at `now` (attention-candidates.ts,
 * each set read by its index) and every container of a shipment that can,
 * in the order a full read gives them; the SDK's rules judge each. The
 * steps are apart, each narrowed by ids it is given: the conditions are
 * too intricate for the planner to guess their few rows, and one statement
 * made it read every container.
 */
async function candidateContainers(
  database: OpenedDatabase,
  now: Date,
  thresholds: AttentionThresholds,
): Promise<MappedContainer[]> {
  const c = CONTAINER_CANDIDATES;
  const s = SHIPMENT_CANDIDATES;
  // A bound in UTC that no zone's offset crosses (as the at-risk query's).
  const horizon = new Date(now.getTime() + (thresholds.lastFreeDayWithinDays + 2) * DAY_MS);
  const silentSince = new Date(now.getTime() - thresholds.noUpdateDays * DAY_MS);
  const shipmentIds = await idsOf(
    database,
    sql<{ id: string }>`
      select id from shipments where ${sql.raw(s.podSlip)}
      union select id from shipments where ${sql.raw(s.destinationSlip)}
      union select id from shipments where ${sql.raw(s.stopped)}
      union select id from shipments
        where ${sql.raw(s.tracking)} and line_tracking_last_succeeded_at <= ${silentSince.toISOString()}
      union select id from shipments where ${sql.raw(s.trackingUnread)}`,
  );
  const containerIds = await idsOf(
    database,
    sql<{ id: string }>`
      select id from containers
        where ${sql.raw(c.deadline)} and first_deadline < ${horizon.toISOString()}
      union select id from containers where ${sql.raw(c.held)}
      union select id from containers where ${sql.raw(c.fees)}
      union select id from containers where ${sql.raw(c.unavailable)}
      union select id from containers where shipment_id = any(${shipmentIds})`,
  );
  const { rows } = await sql<StoredRow>`
    select id, version, attributes, relationships, source, mirrored_at, shipment_id
    from containers where id = any(${containerIds})
    order by ${orderPrefix('containers.number')}, containers.number, containers.id`.execute(
    database.db,
  );
  const items = rows.map((row) => toMirroredRecord('container', row));
  const related = await shipmentsByIds(
    database,
    rows.map((row) => row.shipment_id ?? null),
  );
  // Safe: container resources resolved with the SDK's mapped shapes are its mapped containers.
  return mapStoredResources(items, related) as MappedContainer[];
}

/** The failed tracking requests (their index), newest first as `queryTrackingRequestPage` lists them. */
async function failedRequests(database: OpenedDatabase): Promise<MappedTrackingRequest[]> {
  const createdAt = sql`case when attributes->>'created_at' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
    then (attributes->>'created_at')::timestamptz end`;
  const { rows } = await sql<StoredRow>`
    select id, version, attributes, relationships, source, mirrored_at
    from tracking_requests where status = 'failed'
    order by ${createdAt} desc nulls last, id`.execute(database.db);
  const items = rows.map((row) => toMirroredRecord('tracking_request', row));
  // Safe: tracking request resources mapped with the SDK's shapes are its mapped requests.
  return mapStoredResources(items) as MappedTrackingRequest[];
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
  const containers = await candidateContainers(database, now, resolveThresholds(query.thresholds));
  const trackingRequests = await failedRequests(database);
  const items = accountAttention({ containers, trackingRequests }, options);
  return { items, ...(await readFreshness(database)) };
}
