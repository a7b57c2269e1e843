import type { WebhookEvent } from '@shiptrack/sdk/webhooks';
import type { MirrorRecordProblem } from '../errors.js';
import { escapeString } from './lossless-text.js';

/**
 * The longest id the mirror keeps, in bytes of UTF-8 as stored (see
 * `lossless-text.ts`). Ids are keys and index entries, and PostgreSQL's
 * index entries hold at most 2,704 bytes; an observation's key holds two
 * of them (the record's and its notification's). The service's ids are
 * UUIDs (36 bytes).
 */
export const MAX_ID_BYTES = 1024;

/** Bytes a stored character takes at most: a lone surrogate's escape (U+E000, `u`, four hex digits). */
const MAX_BYTES_PER_UNIT = 8;

const encoder = new TextEncoder();

/**
 * What makes `id` unusable as a key, or `undefined`: blank (no record can
 * be read by it: the SDK refuses it), or longer than {@link MAX_ID_BYTES}.
 */
export function idProblem(id: string): string | undefined {
  if (id.trim() === '') return `is ${JSON.stringify(id)}, which names no record`;
  if (id.length * MAX_BYTES_PER_UNIT <= MAX_ID_BYTES) return undefined;
  const bytes = encoder.encode(escapeString(id)).byteLength;
  return bytes <= MAX_ID_BYTES
    ? undefined
    : `is ${bytes} bytes long; the mirror keeps ids of at most ${MAX_ID_BYTES} bytes (the service's are UUIDs)`;
}

/**
 * The problems of a delivery's own ids: its notification id (`data.id`,
 * the deduplication key), and, when it includes nothing, the id of the
 * reference object that the next sync would read in its place.
 */
export function notificationIdProblems(
  event: WebhookEvent,
  included: readonly unknown[],
): MirrorRecordProblem[] {
  const problems: MirrorRecordProblem[] = [];
  const check = (field: string, id: string) => {
    const problem = idProblem(id);
    if (problem !== undefined) {
      problems.push({ type: 'notification', id: event.id, problem: `${field} ${problem}` });
    }
  };
  check('data.id', event.id);
  if (included.length === 0 && event.referenceObjectId !== undefined) {
    check('data.relationships.reference_object.data.id', event.referenceObjectId);
  }
  return problems;
}
