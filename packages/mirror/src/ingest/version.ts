/**
 * The order of a record's versions. A record is never overwritten by an
 * older version of itself, so deliveries and syncs may arrive in any order.
 *
 * A version key is the text `<time>|<progress>|<rank>|<tie-break>`, compared
 * as text:
 * - time: ISO 8601 UTC with milliseconds, on the service's clock. For a
 *   webhook delivery, the notification's `created_at` (its `included`
 *   records are as they were when the event happened); for a sync, when
 *   the read's answer came (see `sync/store.ts`). A tracking request
 *   carries its own `updated_at`, which wins when present. No time is
 *   later than a minute past the receiver's clock (see {@link claimedTime}).
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

/** The first and last instants of years 1 to 9999: their ISO form sorts as text and PostgreSQL reads it. */
const FIRST_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * How far past the receiver's clock a date of the service may claim to be,
 * in ms: a minute of difference between the two clocks. A later date is
 * taken as that instant, so a delivery dated in 2099 can neither shadow the
 * record's later versions nor make the mirror look fresh (`asOf`).
 */
export const MAX_CLOCK_AHEAD_MS = 60_000;

function isoOf(ms: number): string | undefined {
  return ms >= FIRST_MS && ms <= LAST_MS ? new Date(ms).toISOString() : undefined;
}

function parsed(value: unknown): number {
  return typeof value === 'string' && value.trim() !== '' ? Date.parse(value) : Number.NaN;
}

/**
 * The ISO form of a time that sorts as text, or `undefined` when it is not
 * a time of the years 1 to 9999 (what a `timestamptz` column reads).
 */
export function sortableTime(value: unknown): string | undefined {
  return isoOf(parsed(value));
}

/** Whether `value` reads as a time, in or out of the years {@link sortableTime} takes. */
export function isTime(value: unknown): boolean {
  return !Number.isNaN(parsed(value));
}

/** The latest time a version may claim when the receiver's clock says `nowMs`. */
export function latestClaim(nowMs: number): number {
  return nowMs + MAX_CLOCK_AHEAD_MS;
}

/**
 * The version time of a date the service stamped (a notification's
 * `created_at`, a tracking request's `updated_at`): its sortable form, but
 * no later than `latestMs` (see {@link latestClaim}), so a date in the year
 * 10000 is stored too. `undefined` when it is not a time, or before year 1.
 */
export function claimedTime(value: unknown, latestMs: number): string | undefined {
  const ms = parsed(value);
  return Number.isNaN(ms) ? undefined : isoOf(Math.min(ms, latestMs));
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
