/**
 * The order of a record's versions. A record is never overwritten by an
 * older version of itself, so deliveries and syncs may arrive in any order.
 *
 * A version key is the text `<time>|<progress>|<rank>|<tie-break>`, compared
 * as text:
 * - time: ISO 8601 UTC with milliseconds, on the service's clock. For a
 *   webhook delivery, the notification's `created_at` (its `included`
 *   records are as they were when the event happened); for a sync, the
 *   service time the page was read at (see `sync/service-time.ts`). A
 *   tracking request carries its own `updated_at`, which wins when present.
 * - progress: two digits, how far along its life the record is (see
 *   `ingest/progress.ts`). The service stamps notifications to the second,
 *   so several carry one record at one instant; the one that has reached
 *   more milestones was taken later, whatever the arrival order.
 * - rank: `0` for a delivery, `1` for a sync: REST read at the same instant
 *   (and progress) as a notification is at least as new.
 * - tie-break: the notification id (or the sync's read time), so two
 *   versions of one instant still have one order on every receiver. Two
 *   deliveries that differ and tie up to here cannot be told apart from the
 *   data: `mirror_apply` queues the record for the next sync to read from
 *   REST (`refetch_queue`), whose answer then wins.
 */
export type VersionKey = string;

/** Where a version came from. */
export type VersionSource = 'webhook' | 'sync';

/** The ISO form of a time that sorts as text, or `undefined` when it is not a time. */
export function sortableTime(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  return new Date(ms).toISOString();
}

/** The parts a version key is built from. */
export interface VersionParts {
  /** Sortable ISO time on the service's clock. */
  readonly time: string;
  /** Milestones reached, 0 to 99. */
  readonly progress: number;
  readonly source: VersionSource;
  readonly tieBreak: string;
}

/** The version key of a record version. */
export function versionKey({ time, progress, source, tieBreak }: VersionParts): VersionKey {
  const clamped = Math.min(99, Math.max(0, Math.trunc(progress)));
  return `${time}|${String(clamped).padStart(2, '0')}|${source === 'webhook' ? 0 : 1}|${tieBreak}`;
}

/** The time part of a version key. */
export function versionTime(version: VersionKey): string {
  return version.slice(0, version.indexOf('|'));
}
