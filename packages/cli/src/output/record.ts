import { styles } from './ansi.js';
import { cellText, fit, widest } from './cell-text.js';
import { containerSections } from './container-record.js';
import { escapeControls } from './control-characters.js';
import { isRecord } from './fields.js';
import { isMappedContainer } from './last-free-day.js';
import { isMappedShipment, shipmentSections } from './shipment-record.js';
import type { TableOptions } from './table.js';

/** A titled group of `name value` lines. */
export interface RecordSection {
  title: string;
  lines: [string, string][];
}

/** Cuts text into lines of at most `width` characters, at spaces where it can. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = [...text];
  while (rest.length > width) {
    const space = rest.slice(0, width + 1).lastIndexOf(' ');
    const cut = space > 0 ? space : width;
    lines.push(rest.slice(0, cut).join('').trimEnd());
    rest = rest.slice(space > 0 ? cut + 1 : cut);
  }
  lines.push(rest.join(''));
  return lines;
}

/** Sections as text: titles in bold, values wrapped (never cut) under the terminal's width. */
function renderSections(sections: readonly RecordSection[], options: TableOptions): string {
  const style = styles(options.color);
  const nameWidth = widest(
    sections.flatMap((s) => s.lines.map(([name]) => name.length)),
    4,
  );
  const valueWidth = Math.max(options.width - nameWidth - 4, 20);
  const out: string[] = [];
  for (const section of sections) {
    out.push(style.bold(section.title));
    for (const [name, value] of section.lines) {
      const [first = '', ...more] = wrap(value, valueWidth);
      out.push(`  ${fit(name, nameWidth)}  ${first}`.trimEnd());
      for (const line of more) out.push(`  ${' '.repeat(nameWidth)}  ${line}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** Any other record as `name  value` lines, nested members with dotted names, values wrapped. */
function renderMembers(record: unknown, options: TableOptions): string {
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
  const nameWidth = Math.min(
    widest(
      lines.map(([name]) => name.length),
      4,
    ),
    40,
  );
  const valueWidth = Math.max(options.width - nameWidth - 2, 10);
  // Values wrap under their name, never cut: the one that matters may be the longest.
  return `${lines
    .flatMap(([name, value]) => {
      const [first = '', ...more] = wrap(value, valueWidth);
      return [
        `${style.bold(fit(name, nameWidth))}  ${first}`.trimEnd(),
        ...more.map((line) => `${' '.repeat(nameWidth)}  ${line}`),
      ];
    })
    .join('\n')}\n`;
}

/**
 * One record for a person: a container or a shipment in sections (what it
 * is, where it is, its demurrage or route), anything else as `name value` lines.
 */
export function renderRecord(record: unknown, options: TableOptions): string {
  if (isMappedContainer(record)) return renderSections(containerSections(record), options);
  if (isMappedShipment(record)) return renderSections(shipmentSections(record), options);
  return renderMembers(record, options);
}
