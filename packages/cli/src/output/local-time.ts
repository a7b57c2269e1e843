/**
 * An instant as a wall-clock time at a place: `2026-11-30 23:00` in
 * `timeZone`, or the UTC time with `UTC` when the zone is unknown.
 */
export function localTime(at: string, timeZone: string | null | undefined): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return at;
  let zone = 'UTC';
  try {
    if (timeZone) new Intl.DateTimeFormat('en', { timeZone });
    zone = timeZone || 'UTC';
  } catch {
    // An unknown zone: UTC, named as such.
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  return zone === 'UTC' ? `${text} UTC` : text;
}

/** A time at a place: its local time and zone first, the UTC time beside it; `-` when not sent. */
export function atPlace(
  at: string | null | undefined,
  timeZone: string | null | undefined,
): string {
  if (!at) return '-';
  return timeZone ? `${localTime(at, timeZone)} ${timeZone} (UTC ${at})` : localTime(at, null);
}
