import { styles } from './ansi.js';
import { fit, widest } from './cell-text.js';
import { cellWidth, wrapToCells } from './cell-width.js';
import type { TableOptions } from './table.js';

/** A titled group of `name value` lines. */
export interface RecordSection {
  title: string;
  lines: [string, string][];
}

/** What a person reads of one result: its sections, then the next step on a line of its own. */
export interface RecordView {
  sections: RecordSection[];
  /** The command to run next (`shiptrack shipments get ...`), shown last. */
  next?: string | undefined;
}

/** Names are never cut; past this many cells a name stands on a line of its own. */
const MAX_NAME = 24;

/**
 * Sections as text: titles in bold, names never cut, values wrapped
 * (never cut) under the terminal's width, the next step last and alone.
 */
export function renderSections(view: RecordView, options: TableOptions): string {
  const style = styles(options.color);
  const nameWidth = Math.min(
    widest(
      view.sections.flatMap((s) => s.lines.map(([name]) => cellWidth(name))),
      4,
    ),
    MAX_NAME,
  );
  const valueWidth = Math.max(options.width - nameWidth - 4, 20);
  const out: string[] = [];
  for (const section of view.sections) {
    if (section.lines.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(style.bold(section.title));
    for (const [name, value] of section.lines) {
      const [first = '', ...more] = wrapToCells(value, valueWidth);
      if (cellWidth(name) > nameWidth) {
        // A long name keeps its own line: cutting it would make two names look alike.
        out.push(`  ${name}`);
        more.unshift(first);
      } else out.push(`  ${fit(name, nameWidth)}  ${first}`.trimEnd());
      for (const line of more) out.push(`  ${' '.repeat(nameWidth)}  ${line}`.trimEnd());
    }
  }
  if (view.next !== undefined) {
    out.push('', `${style.dim('Next:')} ${view.next}`);
  }
  return `${out.join('\n')}\n`;
}
