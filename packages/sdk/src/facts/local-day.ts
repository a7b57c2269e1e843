/** A calendar day `YYYY-MM-DD` of an instant in a time zone. */
function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Tells whether `timeZone` is an IANA zone this runtime knows. */
function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
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
  const instant = new Date(deadline);
  if (Number.isNaN(instant.getTime())) return null;
  const zone = timeZone && knownZone(timeZone) ? timeZone : 'UTC';
  const target = dayIn(instant, zone);
  const today = dayIn(now, zone);
  const days = Math.round(
    (Date.parse(`${target}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  return { days, timeZone: zone, day: target };
}
