/** The last-free-day countdown, counted in the terminal's own time zone. */
import type { ContainerFacts } from './model.js';

/** How many days remain to the last free day, and in which zone they are counted. */
export interface Countdown {
  /** Days from today (in `timeZone`) to the last free day; negative once it passed. */
  days: number;
  /** The last free day, `YYYY-MM-DD` in `timeZone`. */
  lastFreeDay: string | null;
  /** The zone the days are counted in (`UTC` when the terminal's is unknown). */
  timeZone: string;
}

/** Today's date (`YYYY-MM-DD`) in `timeZone`, or null when the zone is not known here. */
export function dayInZone(now: Date, timeZone: string): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return null;
  }
}

/** Whole days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The countdown to the last free day, live from `now` in the terminal's
 * zone; the server's count when the day or zone is missing; null when no
 * demurrage can accrue (the box left the terminal) or no day is known.
 */
export function lastFreeDayCountdown(facts: ContainerFacts, now: Date): Countdown | null {
  if (facts.leftTerminal) return null;
  const zone = facts.countedIn ?? facts.timeZone;
  const today = facts.lastFreeDay && zone ? dayInZone(now, zone) : null;
  if (facts.lastFreeDay && zone && today) {
    return {
      days: daysBetween(today, facts.lastFreeDay),
      lastFreeDay: facts.lastFreeDay,
      timeZone: zone,
    };
  }
  if (facts.daysToLastFreeDay === null) return null;
  return { days: facts.daysToLastFreeDay, lastFreeDay: facts.lastFreeDay, timeZone: zone ?? 'UTC' };
}

/** The countdown in words. */
export function countdownWords(countdown: Countdown): string {
  const { days } = countdown;
  if (days === 0) return 'The last free day is today';
  if (days === 1) return 'The last free day is tomorrow';
  if (days > 1) return `${days} days to the last free day`;
  return `The last free day passed ${-days} day${days === -1 ? '' : 's'} ago`;
}
