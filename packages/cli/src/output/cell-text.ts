import { fitToCells } from './cell-width.js';
import { escapeControls, safeJson } from './control-characters.js';

/** What a cell shows for a member the service did not send. */
export const NOT_SENT = '-';

/** What a cell shows for a list the service sent empty (not the same as not sent). */
export const EMPTY_LIST = 'none';

/**
 * A cell's text: scalars as they are, short lists joined, anything else as
 * compact JSON; control characters from the data shown escaped (`\x1b`).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return NOT_SENT;
  if (typeof value === 'string') return escapeControls(value.replace(/\s+/g, ' '));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length === 0 ? EMPTY_LIST : value.map(cellText).join(', ');
  }
  return escapeControls(safeJson(value));
}

/** Text cut or padded to `width` terminal cells; a cut ends in `…`. */
export function fit(text: string, width: number): string {
  return fitToCells(text, width);
}

/**
 * The largest of some widths, at least `least`. A loop, not `Math.max(...)`:
 * a spread of one width per row overflows the stack on a page of some
 * hundred thousand records.
 */
export function widest(widths: Iterable<number>, least = 0): number {
  let most = least;
  for (const width of widths) if (width > most) most = width;
  return most;
}
