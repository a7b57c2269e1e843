import type { LastFreeDayFact } from '../facts/last-free-day.js';

/** Days left as a person says them: `today`, `in 3 day(s)`, `2 day(s) ago`. */
export function daysLeftPhrase(days: number): string {
  if (days === 0) return 'today';
  return days > 0 ? `in ${days} day(s)` : `${-days} day(s) ago`;
}

/**
 * A last free day in a list cell: the local day and the days left
 * (`2025-03-04 +4d`), `left` once it no longer applies, `-` when none.
 */
export function lastFreeDayCell(fact: LastFreeDayFact | null): string {
  if (fact === null) return '-';
  if (!fact.applies) return 'left';
  const days = fact.daysLeft;
  return `${fact.date} ${days >= 0 ? '+' : ''}${days}d`;
}

/**
 * A last free day in a sentence: the local day first, then the days left,
 * whose deadline it is and the zone it is counted in
 * (`2025-03-04 (in 4 day(s), terminal, America/Los_Angeles time)`).
 */
export function lastFreeDayPhrase(fact: LastFreeDayFact): string {
  if (!fact.applies) return `${fact.date} (${fact.source}; no longer applies: the box has left)`;
  return `${fact.date} (${daysLeftPhrase(fact.daysLeft)}, ${fact.source}, ${fact.timeZone} time)`;
}
