import { sql, type Transaction } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import type { MirrorSchema } from '../database/schema.js';
import { escapeString } from '../ingest/lossless-text.js';
import { claimedTime, latestClaim } from '../ingest/version.js';
import { referencedRecords } from './references.js';
import type { RestRead, RestReads } from './rest-reads.js';
import type { SyncStore } from './store.js';

/** The records a sync re-reads one by one, each once however many reasons name it. */
export interface ReReadTargets {
  readonly container: Set<string>;
  readonly shipment: Set<string>;
  readonly tracking_request: Set<string>;
}

/** A re-read type: a record the service answers a get for. */
export type ReReadType = keyof ReReadTargets;

/** A failed notification whose records a sync re-reads, stored as seen once they were. */
export interface CoveredNotification {
  readonly id: string;
  readonly event: string;
  readonly createdAt: string;
}

/** No targets yet. */
export function emptyTargets(): ReReadTargets {
  return { container: new Set(), shipment: new Set(), tracking_request: new Set() };
}

/** How many distinct records the targets name. */
export function targetCount(targets: ReReadTargets): number {
  return targets.container.size + targets.shipment.size + targets.tracking_request.size;
}

/**
 * Adds the records of one page of failed notifications the mirror never
 * stored to `targets`, and answers those notifications.
 */
export async function addFailedNotificationPage(
  database: OpenedDatabase,
  page: { notifications: unknown[]; resources: unknown[]; readAt: number },
  targets: ReReadTargets,
): Promise<CoveredNotification[]> {
  // Bounded like a delivery's date, by the time the page was read; the read's own time when it has none.
  const latest = latestClaim(page.readAt);
  const readAt = new Date(page.readAt).toISOString();
  const references = referencedRecords(page.notifications, page.resources);
  if (references.length === 0) return [];
  const known = new Set(
    (
      await database.db
        .selectFrom('notifications')
        .select('id')
        .where(
          'id',
          'in',
          references.map((reference) => escapeString(reference.notificationId)),
        )
        .execute()
    ).map((row) => row.id),
  );
  const covered: CoveredNotification[] = [];
  for (const reference of references) {
    if (known.has(escapeString(reference.notificationId))) continue;
    for (const id of reference.containerIds) targets.container.add(id);
    for (const id of reference.shipmentIds) targets.shipment.add(id);
    for (const id of reference.trackingRequestIds) targets.tracking_request.add(id);
    covered.push({
      id: reference.notificationId,
      event: reference.event,
      createdAt: claimedTime(reference.createdAt, latest) ?? readAt,
    });
  }
  return covered;
}

/** A queued record and when it was queued (a later queueing is kept for the next sync). */
export interface QueuedRecord {
  readonly type: ReReadType;
  readonly id: string;
  /** Why it was queued: `tie`, `no_included` or `change_without_record` (see `RefetchRequest`). */
  readonly reason: string;
  /** As PostgreSQL writes it, to the microsecond. */
  readonly queuedAt: string;
}

/** The records deliveries queued for REST (`refetch_queue`), added to `targets`. */
export async function addRefetchQueue(
  database: OpenedDatabase,
  targets: ReReadTargets,
): Promise<QueuedRecord[]> {
  // As text: a JavaScript Date would drop the microseconds, and the row would never match again.
  const rows = await database.db
    .selectFrom('refetch_queue')
    .select(['entity_type', 'entity_id', 'reason', sql<string>`queued_at::text`.as('queued_at')])
    .orderBy('queued_at')
    .execute();
  const queued: QueuedRecord[] = [];
  for (const row of rows) {
    if (!(row.entity_type in targets)) continue;
    const type = row.entity_type as ReReadType; // checked just above
    targets[type].add(row.entity_id);
    queued.push({ type, id: row.entity_id, reason: row.reason, queuedAt: row.queued_at });
  }
  return queued;
}

/**
 * Resolves the notifications deliveries queued (sent without `included`, or
 * naming no record a sync reads by id): one read each of the notification
 * with its reference object, paced like every read, and the containers,
 * shipments and tracking requests it names queued in its place, in one
 * transaction, so a sync stopped halfway loses nothing. Answers how many
 * notifications were read.
 */
export async function resolveQueuedNotifications(
  database: OpenedDatabase,
  rest: RestReads,
  signal: AbortSignal | undefined,
): Promise<number> {
  const rows = await database.db
    .selectFrom('refetch_queue')
    .select(['entity_id', 'reason', sql<string>`queued_at::text`.as('queued_at')])
    .where('entity_type', '=', 'webhook_notification')
    .orderBy('queued_at')
    .execute();
  for (const row of rows) {
    signal?.throwIfAborted();
    const { resources } = await rest.notification(row.entity_id);
    const notifications = resources.filter(
      (resource) => (resource as { type?: unknown } | null)?.type === 'webhook_notification',
    );
    const named = referencedRecords(notifications, resources).flatMap((reference) => [
      ...reference.containerIds.map((id) => ['container', id] as const),
      ...reference.shipmentIds.map((id) => ['shipment', id] as const),
      ...reference.trackingRequestIds.map((id) => ['tracking_request', id] as const),
    ]);
    await database.db.transaction().execute(async (trx) => {
      for (const [type, id] of named) {
        // Queued again with a new time: a read of this sync that is already past it reads it next time.
        await sql`insert into refetch_queue (entity_type, entity_id, reason)
          values (${type}, ${id}, ${row.reason})
          on conflict (entity_type, entity_id) do update set queued_at = now()`.execute(trx);
      }
      await trx
        .deleteFrom('refetch_queue')
        .where('entity_type', '=', 'webhook_notification')
        .where('entity_id', '=', row.entity_id)
        .where('queued_at', '<=', sql<Date>`${row.queued_at}::timestamptz`)
        .execute();
    });
  }
  return rows.length;
}

const ENDED_STATUSES = ['empty_returned'];

/** Active containers not stored for `staleAfterMs`, added to `targets`; answers how many. */
export async function addStaleContainers(
  database: OpenedDatabase,
  targets: ReReadTargets,
  staleAfterMs: number,
): Promise<number> {
  const stale = await database.db
    .selectFrom('containers')
    .select('id')
    .where((eb) =>
      eb.or([eb('current_status', 'is', null), eb('current_status', 'not in', ENDED_STATUSES)]),
    )
    .where('mirrored_at', '<', sql<Date>`now() - ${`${staleAfterMs} milliseconds`}::interval`)
    .orderBy('mirrored_at')
    .execute();
  for (const { id } of stale) targets.container.add(id);
  return stale.length;
}

function key(type: string, id: string): string {
  return `${type}\u0000${id}`;
}

/**
 * Reads each target once and stores it: containers first (their shipment
 * comes along), then shipments and tracking requests that no earlier read
 * of this call brought. A queued record leaves the queue in the
 * transaction that stored it. Answers how many gets were sent.
 */
export async function readTargets(
  rest: RestReads,
  store: SyncStore,
  targets: ReReadTargets,
  queued: readonly QueuedRecord[],
  onRecord: () => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<number> {
  const seen = new Set<string>();
  const queuedAt = new Map(queued.map((entry) => [key(entry.type, entry.id), entry.queuedAt]));
  const readers: Record<ReReadType, (id: string) => Promise<RestRead>> = {
    container: (id) => rest.container(id),
    shipment: (id) => rest.shipment(id),
    tracking_request: (id) => rest.trackingRequest(id),
  };
  let gets = 0;
  for (const type of ['container', 'shipment', 'tracking_request'] as const) {
    for (const id of targets[type]) {
      signal?.throwIfAborted();
      const at = queuedAt.get(key(type, id));
      const dequeue = async (trx: Transaction<MirrorSchema>) => {
        if (at === undefined) return;
        await trx
          .deleteFrom('refetch_queue')
          .where('entity_type', '=', type)
          .where('entity_id', '=', id)
          .where('queued_at', '<=', sql<Date>`${at}::timestamptz`)
          .execute();
      };
      if (seen.has(key(type, id))) {
        // An earlier read of this call brought it along (a container's shipment).
        if (at !== undefined) await store.record(dequeue);
        continue;
      }
      const read = await readers[type](id);
      gets += 1;
      for (const resource of read.resources) {
        if (typeof resource !== 'object' || resource === null) continue;
        const { type: readType, id: readId } = resource as { type?: unknown; id?: unknown };
        if (typeof readType === 'string' && typeof readId === 'string') {
          seen.add(key(readType, readId));
        }
      }
      seen.add(key(type, id));
      await store.store(read, dequeue);
      await onRecord();
    }
  }
  return gets;
}
