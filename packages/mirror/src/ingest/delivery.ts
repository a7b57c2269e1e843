import type { WebhookEvent } from '@shiptrack/sdk/webhooks';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorRecordError } from '../errors.js';
import { type AppliedRecord, applyVersions } from './apply.js';
import { planDelivery } from './carried-changes.js';
import { checkedIncluded } from './envelope.js';
import { notificationIdProblems } from './identifiers.js';
import { readRecords } from './records.js';
import { retryingRaces } from './transaction.js';
import { claimedTime, latestClaim } from './version.js';

/** What storing one delivery did. */
export interface DeliveryResult {
  /** `applied` (stored in one transaction) or `duplicate` (this notification was stored before). */
  readonly outcome: 'applied' | 'duplicate';
  /** How many mirrored records the delivery carried. */
  readonly records: number;
  /** The records it made newer. */
  readonly changed: readonly AppliedRecord[];
}

/**
 * Stores a verified delivery, received when the receiver's clock said
 * `nowMs`: the notification id, every mirrored record
 * it includes (with the changes it carries applied, see `planDelivery`)
 * and the reads it leaves to the next sync, in one statement (so one transaction and one round trip). The notification's row is the
 * deduplication: a second copy finds it (after the first commits) and
 * changes nothing; a copy whose first attempt rolled back is stored.
 */
export async function storeDelivery(
  database: OpenedDatabase,
  event: WebhookEvent,
  nowMs: number,
): Promise<DeliveryResult> {
  // A date past the receiver's clock is taken as its latest claim (see ingest/version.ts).
  const latest = latestClaim(nowMs);
  const time = claimedTime(event.createdAt, latest);
  if (time === undefined) {
    throw new MirrorRecordError([
      {
        type: 'notification',
        id: event.id,
        problem:
          'data.attributes.created_at is missing or not a date-time (from the year 1 on), so its records cannot be ordered',
      },
    ]);
  }
  // Validation first: a delivery with an invalid record writes nothing, not even its id.
  const { resources, problems } = checkedIncluded(event.raw, event.id);
  problems.push(...notificationIdProblems(event, resources));
  if (problems.length > 0) throw new MirrorRecordError(problems);
  const plan = planDelivery(event, resources, time);
  const versions = readRecords(plan.resources, {
    source: 'webhook',
    time,
    tieBreak: event.id,
    latest,
  });
  const claim = { id: event.id, event: event.name, createdAt: time };
  const { claimed, applied } = await retryingRaces(() =>
    applyVersions(
      (sql, parameters) => database.statement(sql, parameters),
      versions,
      claim,
      plan.refetches,
    ),
  );
  if (!claimed) return { outcome: 'duplicate', records: versions.length, changed: [] };
  return { outcome: 'applied', records: versions.length, changed: applied };
}
