/** Time units and wire formatting of the mock's epoch-millisecond times. */

/** One second in milliseconds. */
export const SECOND = 1_000;
/** One minute in milliseconds. */
export const MINUTE = 60 * SECOND;
/** One hour in milliseconds. */
export const HOUR = 60 * MINUTE;
/** One day in milliseconds. */
export const DAY = 24 * HOUR;

/** ISO 8601 UTC without milliseconds (`2025-03-01T08:00:00Z`), or null. */
export function toIso(ms: number): string;
export function toIso(ms: number | null): string | null;
export function toIso(ms: number | null): string | null {
  if (ms === null) return null;
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (`YYYY-MM-DD`) of an instant in an IANA time zone (UTC when null). */
export function localDate(ms: number, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let format = dateFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(zone, format);
  }
  return format.format(new Date(ms));
}

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|([+-])(\d{2}):?(\d{2}))?)?$/;

/** Days of a month (1-12) of a year, leap years counted. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses an ISO 8601 date-time (or date) as epoch ms; undefined when it is
 * not one, or not on the calendar and the clock (`2025-02-30`, `24:00`,
 * `:60`, an offset of `+24:00`), which `Date.parse` would roll over into
 * another day. Without an offset it is UTC. The one parser of date-times
 * of the mock.
 */
export function parseTimestamp(value: string): number | undefined {
  const match = ISO_8601.exec(value);
  if (match === null) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const [offsetHours, offsetMinutes] = [Number(match[10] ?? 0), Number(match[11] ?? 0)];
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) {
    return undefined;
  }
  const millis = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const offsetMs = (match[9] === '-' ? -1 : 1) * (offsetHours * HOUR + offsetMinutes * MINUTE);
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMs;
}
