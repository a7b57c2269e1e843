/**
 * What needs attention for people: one block per kind (in the order the
 * SDK ranks the kinds), one entry per item: its number, severity, day and
 * shipment on a line, its reason wrapped below, within the terminal's width.
 */
import { type AttentionItem, type AttentionKind, byAttention } from '@shiptrack/sdk';
import { styles } from './ansi.js';
import { wrapToCells } from './cell-width.js';
import { escapeControls } from './control-characters.js';

/** Each kind's heading, in the order `byAttention` ranks the kinds. */
const KIND_HEADINGS: Readonly<Record<AttentionKind, string>> = {
  demurrage_running: 'Storage charged: last free day passed, not available',
  not_picked_up: 'Storage charged: available, not picked up',
  hold: 'Holds',
  last_free_day_soon: 'Last free day soon',
  tracking_failed: 'Tracking failed',
  discharged_not_available: 'Discharged, not available',
  fees_due: 'Fees due',
  eta_slipped: 'ETA slipped',
  tracking_stopped: 'Tracking stopped',
  no_recent_update: 'No news from the carrier',
};

const KINDS = Object.keys(KIND_HEADINGS);
const INDENT = '    ';

/** The items by kind, each kind's ranked by `byAttention`. */
function groupedByKind(items: readonly AttentionItem[]): Map<AttentionKind, AttentionItem[]> {
  const groups = new Map<AttentionKind, AttentionItem[]>();
  const ordered = [...items].sort(
    (a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || byAttention(a, b),
  );
  for (const item of ordered) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item]);
  return groups;
}

/** An item's first line: number, severity, the local day of its first time, its shipment. */
function headLine(item: AttentionItem): string {
  const time = item.evidence.find((evidence) => evidence.time !== null)?.time ?? null;
  const parts = [item.subject.number ?? item.subject.id, item.severity];
  if (time !== null) parts.push(`${time.localDate} ${time.timeZone}`);
  if (item.subject.type !== 'shipment' && item.subject.billOfLading !== null) {
    parts.push(`shipment ${item.subject.billOfLading}`);
  }
  return escapeControls(parts.join('  '));
}

/** The items, one block per kind with its count, each reason wrapped to `width` cells. */
export function renderAttention(
  items: readonly AttentionItem[],
  options: { width: number; color: boolean },
): string {
  const style = styles(options.color);
  const paint = (item: AttentionItem, text: string) =>
    item.severity === 'critical'
      ? style.red(text)
      : item.severity === 'warning'
        ? style.yellow(text)
        : text;
  const blocks: string[] = [];
  for (const [kind, group] of groupedByKind(items)) {
    const lines = [style.bold(`${KIND_HEADINGS[kind]} (${group.length})`)];
    for (const item of group) {
      lines.push(`  ${paint(item, headLine(item))}`);
      const reason = wrapToCells(
        escapeControls(item.reason),
        Math.max(20, options.width - INDENT.length),
      );
      lines.push(...reason.map((line) => `${INDENT}${line}`));
    }
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}
