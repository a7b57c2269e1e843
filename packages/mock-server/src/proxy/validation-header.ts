/**
 * The `Shiptrack-Validation` header of an answer, for a caller that asked
 * for it: the exchange's operation and mismatches as JSON on one line of
 * ASCII, at most 8 000 characters (the mismatches that do not fit are
 * counted in `more`).
 */
import type { SpecMismatch } from '../spec/types.js';

const MAX_LENGTH = 8_000;

/** JSON with every character past ASCII escaped, as a header value must be. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The header value: `{"operation":"getContainer","mismatches":[...]}`, `"mismatches":[]` when it all matched. */
export function validationHeader(
  operation: string | null,
  mismatches: readonly SpecMismatch[],
): string {
  for (let kept = mismatches.length; kept >= 0; kept -= 1) {
    const more = mismatches.length - kept;
    const value = asciiJson({
      operation,
      mismatches: mismatches.slice(0, kept),
      ...(more > 0 ? { more } : {}),
    });
    if (value.length <= MAX_LENGTH) return value;
  }
  return asciiJson({ operation, mismatches: [], more: mismatches.length });
}
