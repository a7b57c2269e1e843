import { inline } from '../core/inline.js';

/**
 * A compact text table: a header of column names, then one line per row,
 * cells split by a bare `|` (no padding: every byte is paid per row). A listed row's full record is in `structuredContent`;
 * the text carries it once more only as short as a model needs to read it.
 */
export function table(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return [columns, ...rows].map((cells) => cells.map(inline).join('|')).join('\n');
}

/** A timestamp as `YYYY-MM-DD HH:MM` (UTC, said in the column's name), or `-` when absent. */
export function minute(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return inline(value);
  return date.toISOString().slice(0, 16).replace('T', ' ');
}
