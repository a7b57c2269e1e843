import {
  type DeadlineSource,
  type LastFreeDay,
  lastFreeDay,
  type MappedContainer,
} from '@shiptrack/sdk';
import { isRecord } from './fields.js';

/**
 * The last free day as JSON output carries it beside a container: the SDK's
 * {@link LastFreeDay} without its list of deadlines, the UTC time kept as `at`.
 */
export interface LastFreeDayFact {
  /** The calendar day `YYYY-MM-DD` in `timeZone`. */
  date: string;
  timeZone: string;
  source: DeadlineSource;
  daysLeft: number;
  /** `false` once the box has left the place the deadline is about. */
  applies: boolean;
  /** The service's timestamp (UTC). */
  at: string;
}

/** Whether a record is a mapped container (the raw format has `attributes`, no `demurrage`). */
export function isMappedContainer(value: unknown): value is MappedContainer {
  return isRecord(value) && value.type === 'container' && isRecord(value.demurrage);
}

/** The fact of the SDK's answer that output shows. */
export function lastFreeDayFact(lfd: LastFreeDay | null): LastFreeDayFact | null {
  if (lfd === null) return null;
  const { date, timeZone, source, daysLeft, applies, at } = lfd;
  return { date, timeZone, source, daysLeft, applies, at };
}

/**
 * A printed record with the derived last free day added as `lastFreeDay`
 * when it is a mapped container (in the `both` format, to its mapped half);
 * any other record is returned as it is.
 */
export function withLastFreeDay(record: unknown, now: Date): unknown {
  if (isMappedContainer(record)) {
    return { ...record, lastFreeDay: lastFreeDayFact(lastFreeDay(record, { now })) };
  }
  if (isRecord(record) && 'raw' in record && isMappedContainer(record.mapped)) {
    return { ...record, mapped: withLastFreeDay(record.mapped, now) };
  }
  return record;
}

/** Reads back the fact {@link withLastFreeDay} added, checking its shape. */
export function readLastFreeDayFact(value: unknown): LastFreeDayFact | null {
  if (!isRecord(value)) return null;
  const { date, timeZone, source, daysLeft, applies, at } = value;
  if (
    typeof date !== 'string' ||
    typeof timeZone !== 'string' ||
    typeof daysLeft !== 'number' ||
    typeof applies !== 'boolean' ||
    typeof at !== 'string' ||
    (source !== 'terminal' && source !== 'line' && source !== 'rail' && source !== 'service')
  ) {
    return null;
  }
  return { date, timeZone, source, daysLeft, applies, at };
}

/** `in 3 d`, `today`, `2 d overdue`. */
function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  return daysLeft > 0 ? `in ${daysLeft} d` : `${-daysLeft} d overdue`;
}

/** Whose deadline it is, as a person says it (`service`: the service gave one date only). */
const SOURCE_WORDS: Record<DeadlineSource, string> = {
  terminal: 'terminal',
  line: 'line',
  rail: 'rail',
  service: 'reported',
};

/**
 * A table cell: `2026-11-30 (terminal, in 3 d)`, the local date first;
 * `left terminal` (`picked up` for the rail's) once it no longer applies; `-` when none was reported.
 */
export function lastFreeDayCell(fact: LastFreeDayFact | null): string {
  if (fact === null) return '-';
  if (!fact.applies) return fact.source === 'rail' ? 'picked up' : 'left terminal';
  return `${fact.date} (${SOURCE_WORDS[fact.source]}, ${daysLeftText(fact.daysLeft)})`;
}

/** A record line: the cell's words, then the zone the date is in and the UTC time. */
export function lastFreeDayLine(fact: LastFreeDayFact | null): string {
  if (fact === null) return 'not reported';
  const where = `${fact.timeZone}; UTC ${fact.at}`;
  return fact.applies
    ? `${lastFreeDayCell(fact)} in ${where}`
    : `${lastFreeDayCell(fact)}: it was ${fact.date} (${SOURCE_WORDS[fact.source]}) in ${where}`;
}
