import { styles } from './ansi.js';
import { escapeControls, safeJson } from './control-characters.js';
import { readPath } from './fields.js';

/** How a table is drawn. */
export interface TableOptions {
  /** The terminal's width; columns shrink to fit it. */
  width: number;
  color: boolean;
}

const NOT_SENT = '-';
const MAX_COLUMN = 48;
const MIN_COLUMN = 4;

/**
 * A cell's text: scalars as they are, short lists joined, anything else as
 * compact JSON; control characters from the data shown escaped (`\x1b`).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return NOT_SENT;
  if (typeof value === 'string') return escapeControls(value.replace(/\s+/g, ' '));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length === 0 ? '[]' : value.map(cellText).join(', ');
  }
  return escapeControls(safeJson(value));
}

function fit(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text + ' '.repeat(width - chars.length);
  return `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/** Column widths that fit `width`: the widest column gives way first. */
function columnWidths(natural: number[], width: number): number[] {
  const widths = natural.map((w) => Math.min(Math.max(w, MIN_COLUMN), MAX_COLUMN));
  const gaps = 2 * Math.max(0, widths.length - 1);
  let total = widths.reduce((sum, w) => sum + w, 0) + gaps;
  while (total > width) {
    const widest = widths.indexOf(Math.max(...widths));
    const current = widths[widest] ?? MIN_COLUMN;
    if (current <= MIN_COLUMN) break;
    widths[widest] = current - 1;
    total--;
  }
  return widths;
}

/** Rows as a table with a header, sized to the terminal's width. */
export function renderTable(
  rows: readonly unknown[],
  fields: readonly string[],
  options: TableOptions,
): string {
  const style = styles(options.color);
  const cells = rows.map((row) => fields.map((field) => cellText(readPath(row, field).value)));
  // Column names come from the data too (its members), so they are escaped like cells.
  const names = fields.map(escapeControls);
  const natural = names.map((name, i) =>
    Math.max([...name].length, ...cells.map((row) => [...(row[i] ?? '')].length)),
  );
  const widths = columnWidths(natural, options.width);
  const line = (values: string[], paint: (text: string, i: number) => string) =>
    values
      .map((value, i) => paint(fit(value, widths[i] ?? MIN_COLUMN), i))
      .join('  ')
      .trimEnd();
  const header = line(names, (text) => style.bold(text));
  const body = cells.map((row) =>
    line(row, (text, i) => (row[i] === NOT_SENT ? style.dim(text) : text)),
  );
  return `${[header, ...body].join('\n')}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One record as `name  value` lines, nested members with dotted names. */
export function renderRecord(record: unknown, options: TableOptions): string {
  const style = styles(options.color);
  const lines: [string, string][] = [];
  const walk = (value: unknown, prefix: string) => {
    if (isRecord(value) && Object.keys(value).length > 0) {
      for (const [key, member] of Object.entries(value)) {
        walk(member, prefix ? `${prefix}.${key}` : key);
      }
    } else {
      lines.push([escapeControls(prefix || 'value'), cellText(value)]);
    }
  };
  walk(record, '');
  const nameWidth = Math.min(Math.max(...lines.map(([name]) => name.length), 4), 40);
  const valueWidth = Math.max(options.width - nameWidth - 2, 10);
  return `${lines
    .map(
      ([name, value]) => `${style.bold(fit(name, nameWidth))}  ${fit(value, valueWidth).trimEnd()}`,
    )
    .join('\n')}\n`;
}
