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

/** Parses an ISO 8601 date-time (or date); undefined when it is not one. */
export function parseTimestamp(value: string): number | undefined {
  if (
    !/^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/.test(value)
  ) {
    return undefined;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
