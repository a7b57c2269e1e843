import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { sortableTime } from '../ingest/version.js';
import { referencedRecords } from './references.js';
import type { RestReads } from './rest-reads.js';

/** A notification a delivery queued: sent without `included`, about a record the sync does not read by id. */
interface QueuedNotification {
  readonly id: string;
  readonly reason: string;
  readonly since: string | null;
  /** As PostgreSQL writes it, to the microsecond. */
  readonly queuedAt: string;
}

/** The parts of a notification resource read here; anything else reads as absent. */
function fieldsOf(notification: unknown): { id: unknown; createdAt: string | undefined } {
  // A JSON:API resource object of the list's data, or anything: every member is checked.
  const resource = notification as { id?: unknown; attributes?: { created_at?: unknown } } | null;
  return { id: resource?.id, createdAt: sortableTime(resource?.attributes?.created_at) };
}

/** Takes a notification off the queue, unless a delivery queued it again after `row` was read. */
async function dequeue(db: OpenedDatabase['db'], row: QueuedNotification): Promise<void> {
  await db
    .deleteFrom('refetch_queue')
    .where('entity_type', '=', 'webhook_notification')
    .where('entity_id', '=', row.id)
    .where('queued_at', '<=', sql<Date>`${row.queuedAt}::timestamptz`)
    .execute();
}

/**
 * Queues, in one transaction, the containers, shipments and tracking
 * requests that `notifications` (found among `resources` with their
 * reference objects) name, each with its queued notification's reason and
 * `since`, and takes those notifications off the queue.
 */
async function queueNamed(
  database: OpenedDatabase,
  queued: ReadonlyMap<string, QueuedNotification>,
  notifications: unknown[],
  resources: unknown[],
): Promise<void> {
  const references = referencedRecords(notifications, resources);
  await database.db.transaction().execute(async (trx) => {
    for (const reference of references) {
      const row = queued.get(reference.notificationId);
      if (row === undefined) continue;
      const named = [
        ...reference.containerIds.map((id) => ['container', id] as const),
        ...reference.shipmentIds.map((id) => ['shipment', id] as const),
        ...reference.trackingRequestIds.map((id) => ['tracking_request', id] as const),
      ];
      for (const [type, id] of named) {
        // Queued again with a new time: a read of this sync that is already past it reads it next time.
        await sql`insert into refetch_queue (entity_type, entity_id, reason, since)
          values (${type}, ${id}, ${row.reason}, ${row.since})
          on conflict (entity_type, entity_id) do update
            set queued_at = now(), since = greatest(refetch_queue.since, excluded.since)`.execute(
          trx,
        );
      }
      await dequeue(trx, row);
    }
  });
}

/**
 * Resolves the notifications deliveries queued (sent without `included`,
 * about a record the sync does not read by id) into the records they name,
 * queued in their place: from pages of the account's notifications, newest
 * first, with their reference objects, one page for up to `pageSize` of
 * them. The pages stop when every queued notification was found, when they
 * reach notifications older than all of those left, or once they number as
 * many as the notifications queued (reading one page costs as much as
 * reading one notification); the rest are read one by one (a notification
 * the service no longer has names nothing). Each page's, and each
 * notification's, records are queued in one transaction with its removal,
 * so a sync stopped halfway loses nothing. Answers the notifications read.
 */
export async function resolveQueuedNotifications(
  database: OpenedDatabase,
  rest: RestReads,
  pageSize: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  const rows = await database.db
    .selectFrom('refetch_queue')
    .select(['entity_id', 'reason', 'since', sql<string>`queued_at::text`.as('queued_at')])
    .where('entity_type', '=', 'webhook_notification')
    .orderBy('queued_at')
    .execute();
  const pending = new Map<string, QueuedNotification>(
    rows.map((row) => [
      row.entity_id,
      { id: row.entity_id, reason: row.reason, since: row.since, queuedAt: row.queued_at },
    ]),
  );
  // Notifications created before every queued one's time cannot be one of them.
  const times = rows.map((row) => row.since);
  const oldest = times.some((time) => time === null)
    ? undefined
    : (times.sort().at(0) ?? undefined);
  for (let page = 1; pending.size > 1 && page <= rows.length; page += 1) {
    signal?.throwIfAborted();
    const read = await rest.notificationPage(page, pageSize, 'all');
    const found = read.notifications.filter((notification) =>
      pending.has(String(fieldsOf(notification).id)),
    );
    await queueNamed(database, pending, found, read.resources);
    for (const notification of found) pending.delete(String(fieldsOf(notification).id));
    const last = fieldsOf(read.notifications.at(-1)).createdAt;
    if (!read.hasNext || (oldest !== undefined && last !== undefined && last < oldest)) break;
  }
  for (const row of pending.values()) {
    signal?.throwIfAborted();
    const { resources } = await rest.notification(row.id);
    const notifications = resources.filter(
      (resource) => (resource as { type?: unknown } | null)?.type === 'webhook_notification',
    );
    // Not found: it names nothing, and leaves the queue all the same.
    await queueNamed(database, new Map([[row.id, row]]), notifications, resources);
    if (notifications.length === 0) {
      await dequeue(database.db, row);
    }
  }
  return rows.length;
}
