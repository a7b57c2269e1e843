/**
 * The order of a record's versions. A record is never overwritten by an
 * older version of itself, so deliveries and syncs may arrive in any order.
 *
 * A version key is the text `<time>|<rank>|<tie-break>`, compared as text:
 * - time: ISO 8601 UTC with milliseconds, on the service's clock. For a
 *   webhook delivery, the notification's `created_at` (its `included`
 *   records are as they were when the event happened); for a sync, the
 *   service time the page was read at (see `sync/service-time.ts`). A
 *   tracking request carries its own `updated_at`, which wins when present.
 * - rank: `0` for a delivery, `1` for a sync: REST read at the same instant
 *   as a notification is at least as new.
 * - tie-break: the notification id (or the sync's read time), so two
 *   versions of one instant still have one order on every receiver.
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

/** The version key of a record read at `time` (sortable ISO) from `source`. */
export function versionKey(time: string, source: VersionSource, tieBreak: string): VersionKey {
  return `${time}|${source === 'webhook' ? 0 : 1}|${tieBreak}`;
}

/** The time part of a version key. */
export function versionTime(version: VersionKey): string {
  return version.slice(0, version.indexOf('|'));
}
