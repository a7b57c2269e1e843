import { styles } from './ansi.js';
import { fit, NOT_SENT, widest } from './cell-text.js';
import { cellWidth } from './cell-width.js';
import type { Column } from './columns.js';
import { escapeControls } from './control-characters.js';

/** How a table is drawn. */
export interface TableOptions {
  /** The terminal's width; the table fits it. */
  width: number;
  color: boolean;
}

/** A drawn table, and the columns left out because the width did not hold them. */
export interface DrawnTable {
  text: string;
  dropped: Column[];
}

const GAP = 2;
/** Free text is never wider than this, so one long value does not push others out. */
const MAX_TEXT = 48;
/** Free text is cut down to this before a column is left out. */
const MIN_TEXT = 16;

function total(widths: readonly number[]): number {
  return widths.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, widths.length - 1);
}

/**
 * The columns that fit `width` and their widths: ids and numbers keep their
 * whole width; free text gives way first (widest first, down to a few
 * characters); then the columns of highest `dropRank` are left out.
 */
function layout(
  columns: readonly Column[],
  natural: readonly number[],
  width: number,
): { kept: number[]; widths: number[] } {
  const kept = columns.map((_, i) => i);
  const least = (i: number) =>
    columns[i]?.whole ? (natural[i] ?? 0) : Math.min(natural[i] ?? 0, MIN_TEXT);
  while (kept.length > 1 && total(kept.map(least)) > width) {
    const droppable = kept.filter((i) => (columns[i]?.dropRank ?? 0) > 0);
    if (droppable.length === 0) break;
    const rank = (i: number) => columns[i]?.dropRank ?? 0;
    const out = droppable.reduce((a, b) => (rank(b) > rank(a) ? b : a));
    kept.splice(kept.indexOf(out), 1);
  }
  const widths = kept.map((i) =>
    columns[i]?.whole ? (natural[i] ?? 0) : Math.min(natural[i] ?? 0, MAX_TEXT),
  );
  let sum = total(widths);
  while (sum > width) {
    let widest = -1;
    kept.forEach((column, at) => {
      const current = widths[at] ?? 0;
      if (current > least(column) && (widest < 0 || current > (widths[widest] ?? 0))) widest = at;
    });
    if (widest < 0) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    sum--;
  }
  return { kept, widths };
}

/** Rows as a table with a header, fitted to the terminal's width. */
export function renderTable(
  rows: readonly unknown[],
  columns: readonly Column[],
  options: TableOptions,
): DrawnTable {
  const style = styles(options.color);
  const cells = rows.map((row) => columns.map((column) => column.cell(row)));
  // Headers of `--fields` columns come from the command line and the data, so they are escaped like cells.
  const names = columns.map((column) => escapeControls(column.header));
  const natural = names.map((name, i) =>
    widest(
      cells.map((row) => cellWidth(row[i] ?? '')),
      cellWidth(name),
    ),
  );
  const { kept, widths } = layout(columns, natural, options.width);
  // The last column is not padded: no trailing blanks, inside colours or out.
  const line = (values: readonly string[], paint: (text: string, value: string) => string) =>
    kept
      .map((column, at) => {
        const value = values[column] ?? '';
        const text = fit(value, widths[at] ?? 0);
        return paint(at === kept.length - 1 ? text.trimEnd() : text, value);
      })
      .join(' '.repeat(GAP));
  const header = line(names, (text) => style.bold(text));
  const body = cells.map((row) =>
    line(row, (text, value) => (value === NOT_SENT ? style.dim(text) : text)),
  );
  return {
    text: `${[header, ...body].join('\n')}\n`,
    dropped: columns.filter((_, i) => !kept.includes(i)),
  };
}
