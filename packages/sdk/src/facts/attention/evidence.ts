import { localTimeOf } from '../local-day.js';
import type { AttentionEvidence, AttentionRecordType, EvidenceTime } from './model.js';

/** An instant as a day of a place (its zone; `UTC` without one), UTC beside it; `null` when it is no time. */
export function evidenceTime(value: string, timeZone: string | null): EvidenceTime | null {
  const local = localTimeOf(value, timeZone);
  return local === null ? null : { utc: local.utc, localDate: local.day, timeZone: local.timeZone };
}

/** Evidence of a time, with its local day in the place's zone. */
export function timeEvidence(
  record: AttentionRecordType,
  field: string,
  value: string,
  timeZone: string | null,
): AttentionEvidence {
  return { record, field, value, time: evidenceTime(value, timeZone) };
}

/** Evidence of a value that is not a time. */
export function valueEvidence(
  record: AttentionRecordType,
  field: string,
  value: unknown,
): AttentionEvidence {
  return { record, field, value, time: null };
}

/** A local day with its zone, for a reason's wording: `2025-03-04 (America/Los_Angeles)`. */
export function dayAt(time: EvidenceTime | null, fallback: string): string {
  return time === null ? fallback : `${time.localDate} (${time.timeZone})`;
}
