/**
 * What changed for people and for a chat: one block per record (most
 * pressing first), one entry per change with its time at its place and UTC
 * beside it, then what REST cannot tell. As text within the terminal's
 * width, or as Markdown.
 */
import type { ChangeGroup, RestChanges } from '@shiptrack/sdk';
import { styles } from './ansi.js';
import { wrapToCells } from './cell-width.js';
import { escapeControls } from './control-characters.js';
import { atPlace } from './local-time.js';

const INDENT = '    ';

/** A record's name for a person: its number, else its id, with what it is. */
function groupName(group: ChangeGroup): string {
  return `${group.number ?? group.entityId} (${group.entityType.replace(/_/g, ' ')})`;
}

/** The changes as text, each reason wrapped to `width` cells. */
export function renderChanges(
  result: RestChanges,
  options: { width: number; color: boolean },
): string {
  const style = styles(options.color);
  const blocks = result.groups.map((group) => {
    const lines = [style.bold(escapeControls(`${groupName(group)}: ${group.severity}`))];
    for (const change of group.changes) {
      const head = `${change.kind}  ${atPlace(change.changedAt, change.timeZone)}`;
      const [first = '', ...rest] = wrapToCells(
        escapeControls(head),
        Math.max(20, options.width - 2),
      );
      lines.push(`  ${first}`, ...rest.map((line) => `${INDENT}${line}`));
      const reason = wrapToCells(
        escapeControls(change.reason),
        Math.max(20, options.width - INDENT.length),
      );
      lines.push(...reason.map((line) => `${INDENT}${line}`));
    }
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

/** Markdown backticks around a code span that cannot break it. */
function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

/** Text that Markdown shows as written: its punctuation escaped. */
function plain(text: string): string {
  return escapeControls(text).replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

/**
 * What changed as Markdown for a chat or an e-mail: a heading, one section
 * per record (most pressing first), one bullet per change with its local
 * time and UTC beside it, and what REST cannot tell.
 */
export function changesMarkdown(result: RestChanges): string {
  const lines = [`## What changed since ${result.since}`, ''];
  if (result.groups.length === 0) lines.push('Nothing changed.', '');
  for (const group of result.groups) {
    lines.push(`### ${plain(groupName(group))}: ${group.severity}`, '');
    for (const change of group.changes) {
      const when = plain(atPlace(change.changedAt, change.timeZone));
      lines.push(`- **${change.kind}** ${plain(change.reason)} (${when}; ${code(change.source)})`);
    }
    lines.push('');
  }
  if (result.cannotTell.length > 0) {
    lines.push('REST cannot tell:', '');
    for (const note of result.cannotTell) lines.push(`- ${code(note.field)}: ${plain(note.why)}`);
    lines.push('');
  }
  return lines.join('\n');
}
