/** Formatters by zone (`null`: a zone this runtime does not know); making one costs far more than using it. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat | null>();
/** Zones kept at most: the service names a few dozen; a flood of made-up names is not kept. */
const MAX_ZONES = 1_000;

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
}

/**
 * UTC's formatter, made on first use: the first `Intl.DateTimeFormat` of a
 * process loads the runtime's time zone data (about 15 ms), which a program
 * that imports the SDK but never counts a day should not pay at its start.
 */
let utcDays: Intl.DateTimeFormat | undefined;

function utcFormatter(): Intl.DateTimeFormat {
  utcDays ??= dayFormatter('UTC');
  return utcDays;
}

/** The day formatter of `timeZone`, or `null` when this runtime does not know the zone. */
function formatterOf(timeZone: string): Intl.DateTimeFormat | null {
  const known = FORMATTERS.get(timeZone);
  if (known !== undefined) return known;
  let made: Intl.DateTimeFormat | null;
  try {
    made = dayFormatter(timeZone);
  } catch {
    made = null;
  }
  if (FORMATTERS.size < MAX_ZONES) FORMATTERS.set(timeZone, made);
  return made;
}

/** How many zones' formatters, days and read times are kept (for the test of their bounds). */
export function keptCounts(): { zones: number; days: number; times: number } {
  return { zones: FORMATTERS.size, days: DAYS.size, times: TIMES.size };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, and the instant its midnight would be in UTC (to count days between two). */
interface WrittenDay {
  readonly day: string;
  readonly midnightUtc: number;
}

/** Days already written, by zone and instant: an account's boxes share deadlines, and "now". */
const DAYS = new Map<string, WrittenDay>();
/** Days kept at most before they are all let go. */
const MAX_DAYS = 10_000;

/** A calendar day `YYYY-MM-DD` of an instant in a zone, remembered. */
function dayAt(instant: Date, zone: string, format: Intl.DateTimeFormat): WrittenDay {
  const key = `${zone}|${instant.getTime()}`;
  const known = DAYS.get(key);
  if (known !== undefined) return known;
  const day = dayIn(instant, format);
  const written = { day, midnightUtc: Date.parse(`${day}T00:00:00Z`) };
  if (DAYS.size >= MAX_DAYS) DAYS.clear();
  DAYS.set(key, written);
  return written;
}

/** A time as written, read once: its instant in ISO 8601 UTC and its day in a zone. */
interface ReadTime {
  readonly utc: string;
  readonly day: WrittenDay;
}

/**
 * Times already read, by zone and text (`null`: not a time): an account's
 * records repeat deadlines and estimates, and parsing the text and writing
 * the instant cost more than looking them up.
 */
const TIMES = new Map<string, ReadTime | null>();
/** Times kept at most before they are all let go. */
const MAX_TIMES = 10_000;

/** A time's instant and its day in a zone, remembered; `null` when the text is no time. */
function readTime(value: string, zone: string, format: Intl.DateTimeFormat): ReadTime | null {
  const key = `${zone}|${value}`;
  const known = TIMES.get(key);
  if (known !== undefined) return known;
  const instant = new Date(value);
  const read = Number.isNaN(instant.getTime())
    ? null
    : { utc: instant.toISOString(), day: dayAt(instant, zone, format) };
  if (TIMES.size >= MAX_TIMES) TIMES.clear();
  TIMES.set(key, read);
  return read;
}

/** A calendar day `YYYY-MM-DD` of an instant, with a zone's formatter. */
function dayIn(instant: Date, format: Intl.DateTimeFormat): string {
  // en-CA writes the day as YYYY-MM-DD; the parts (slower) only when this runtime's data does not.
  const written = format.format(instant);
  if (DAY.test(written)) return written;
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Days until a deadline, counted in a place's own calendar. */
export interface DaysUntil {
  /** Whole calendar days from today to the deadline's day: 0 today, negative when past. */
  days: number;
  /** The zone the days were counted in (`UTC` when the place's zone was not reported or unknown). */
  timeZone: string;
  /** The deadline's calendar day in that zone. */
  day: string;
}

/**
 * Counts calendar days from `now` to `deadline` in the place's time zone:
 * a last free day is a day at the terminal, so "tomorrow" is tomorrow
 * there, not in UTC or where the model runs.
 */
export function daysUntil(deadline: string, now: Date, timeZone: string | null): DaysUntil | null {
  const { zone, format } = placeOf(timeZone);
  const target = readTime(deadline, zone, format)?.day;
  if (target === undefined) return null;
  const today = dayAt(now, zone, format);
  const days = Math.round((target.midnightUtc - today.midnightUtc) / 86_400_000);
  return { days, timeZone: zone, day: target.day };
}

/** The zone days are written in (`UTC` when the place's is not reported or unknown), and its formatter. */
function placeOf(timeZone: string | null): { zone: string; format: Intl.DateTimeFormat } {
  const placed = timeZone ? formatterOf(timeZone) : null;
  return placed !== null && timeZone
    ? { zone: timeZone, format: placed }
    : { zone: 'UTC', format: utcFormatter() };
}

/** An instant's own calendar day in a place (as {@link daysUntil} writes `day`), with the zone it was written in. */
export interface LocalDay {
  readonly day: string;
  readonly timeZone: string;
}

/** A time's instant in ISO 8601 UTC, with its calendar day in a place (as {@link daysUntil} writes `day`). */
export interface LocalTime extends LocalDay {
  readonly utc: string;
}

/**
 * The instant of the time `value` in UTC and its calendar day in the
 * place's zone (`UTC` without one, or one this runtime does not know);
 * `null` when `value` is no time.
 */
export function localTimeOf(value: string, timeZone: string | null): LocalTime | null {
  const { zone, format } = placeOf(timeZone);
  const read = readTime(value, zone, format);
  return read === null ? null : { utc: read.utc, day: read.day.day, timeZone: zone };
}
