import type { OpenedDatabase } from '../database/open.js';
import { escapeString } from '../ingest/lossless-text.js';
import { claimedTime, latestClaim } from '../ingest/version.js';
import { addTarget, type ReReadTargets } from './re-read.js';
import { referencedRecords } from './references.js';
import type { NotificationPage, RestReads } from './rest-reads.js';
import type { SyncStore } from './store.js';

/** A failed notification whose records a sync re-reads, stored as seen once they were. */
export interface CoveredNotification {
  readonly id: string;
  readonly event: string;
  readonly createdAt: string;
}

/**
 * Adds the records of one page of failed notifications the mirror never
 * stored to `targets`, each to be read unless the mirror holds a version
 * newer than the notification; answers those notifications, and whether
 * every one of the page was known already (the listing can stop there:
 * the service gives up on notifications in the order it made them).
 */
export async function addFailedNotificationPage(
  database: OpenedDatabase,
  page: NotificationPage,
  targets: ReReadTargets,
): Promise<{ covered: CoveredNotification[]; allKnown: boolean }> {
  // Bounded like a delivery's date, by the time the page was read; the read's own time when it has none.
  const latest = latestClaim(page.readAt);
  const readAt = new Date(page.readAt).toISOString();
  const references = referencedRecords(page.notifications, page.resources);
  if (references.length === 0) return { covered: [], allKnown: true };
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
    const createdAt = claimedTime(reference.createdAt, latest) ?? readAt;
    for (const id of reference.containerIds) addTarget(targets, 'container', id, createdAt);
    for (const id of reference.shipmentIds) addTarget(targets, 'shipment', id, createdAt);
    for (const id of reference.trackingRequestIds) {
      addTarget(targets, 'tracking_request', id, createdAt);
    }
    covered.push({ id: reference.notificationId, event: reference.event, createdAt });
  }
  return { covered, allKnown: covered.length === 0 };
}

/**
 * Reads the pages of notifications the service marked `failed` (it never
 * sends them again), newest first, adding the records of those the mirror
 * never stored to `targets`; the pages stop after one whose notifications
 * were all known (an idle sync reads one page). Answers the notifications
 * to record as seen once their records were handled.
 */
export async function listFailedNotifications(
  database: OpenedDatabase,
  rest: RestReads,
  targets: ReReadTargets,
  pageSize: number,
  onPage: (page: number) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<CoveredNotification[]> {
  const covered: CoveredNotification[] = [];
  for (let page = 1; ; page += 1) {
    signal?.throwIfAborted();
    const read = await rest.notificationPage(page, pageSize, 'failed');
    const found = await addFailedNotificationPage(database, read, targets);
    covered.push(...found.covered);
    await onPage(page);
    if (!read.hasNext || found.allKnown) return covered;
  }
}

/**
 * Records failed notifications as seen, only once their records were
 * handled: a sync stopped before reads them again.
 */
export async function recordCovered(
  store: SyncStore,
  covered: readonly CoveredNotification[],
): Promise<void> {
  if (covered.length === 0) return;
  await store.record(async (trx) => {
    await trx
      .insertInto('notifications')
      .values(
        covered.map(({ id, event, createdAt }) => ({
          id: escapeString(id),
          event: escapeString(event),
          created_at: createdAt,
        })),
      )
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  });
}
