/**
 * Any record as sections: its own members first, each member group (a
 * nested object) a section of its own, and what would fill a screen (a
 * request body, a long list, an object nested deeper) summarised on one
 * line that names the `--jq` that shows it whole.
 */
import { cellText, EMPTY_LIST, NOT_SENT } from './cell-text.js';
import { cellWidth, cutToCells } from './cell-width.js';
import { escapeControls } from './control-characters.js';
import { isRecord } from './fields.js';
import type { RecordSection } from './sections.js';

/** How a member's value is shown: the width it has, and the record it belongs to. */
export interface SummaryContext {
  /** Cells a value line has. */
  width: number;
  /** A value wraps to at most this many lines before it is summarised. */
  maxLines: number;
}

/** `.a.b`, or `.["odd key"]` where a key is not a jq identifier: the path `--jq` takes. */
export function jqPath(path: readonly string[]): string {
  return path
    .map((key) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `.[${JSON.stringify(key)}]`))
    .join('');
}

/** `requestHeaders` -> `Request headers`. */
export function humanTitle(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A record's kind and the number or name people know it by: `container MSCU1234566`. */
export function recordLabel(value: Record<string, unknown>): string {
  const kind = typeof value.type === 'string' ? value.type.replace(/_/g, ' ') : 'record';
  const known = [value.number, value.billOfLading, value.requestNumber, value.name, value.id].find(
    (part) => typeof part === 'string' && part !== '',
  );
  return escapeControls(known === undefined ? kind : `${kind} ${String(known)}`);
}

/** Whether a value is a record of the service (it has a `type` and an `id`). */
function isResource(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.type === 'string' && typeof value.id === 'string';
}

/** One line saying what a value holds, and the `--jq` that shows it whole. */
function summary(what: string, path: readonly string[]): string {
  return `${what} (whole: --jq '${jqPath(path)}')`;
}

/**
 * A member's value on at most {@link SummaryContext.maxLines} lines: short
 * values as they are; a long text, a long list or a nested object
 * summarised.
 */
export function memberValue(
  value: unknown,
  path: readonly string[],
  context: SummaryContext,
): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY_LIST;
    if (value.every(isResource)) {
      const labels = value.slice(0, 5).map(recordLabel).join(', ');
      const more = value.length > 5 ? `, … ${value.length - 5} more` : '';
      return summary(`${value.length}: ${labels}${more}`, path);
    }
  }
  if (isResource(value)) return summary(recordLabel(value), path);
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return NOT_SENT;
    const named = keys.slice(0, 4).map(escapeControls).join(', ');
    return summary(`${keys.length} members: ${named}${keys.length > 4 ? ', …' : ''}`, path);
  }
  const text = cellText(value);
  if (cellWidth(text) <= context.width * context.maxLines) return text;
  const kind = typeof value === 'string' ? `${[...value].length} characters` : 'a long list';
  const tail = ` (${kind}; whole: --jq '${jqPath(path)}')`;
  return `${cutToCells(text, Math.max(context.width - cellWidth(tail), 12))}${tail}`;
}

/** A resource as the raw format sends it: `type`, `id`, its `attributes` apart. */
function isRawResource(value: unknown): value is Record<string, unknown> & {
  attributes: Record<string, unknown>;
} {
  return isResource(value) && isRecord(value.attributes);
}

/** A raw resource: its attributes as lines, each relationship as the record it names. */
function rawResourceSection(
  resource: Record<string, unknown> & { attributes: Record<string, unknown> },
  path: readonly string[],
  context: SummaryContext,
): RecordSection {
  const lines: [string, string][] = Object.entries(resource.attributes).map(([name, value]) => [
    escapeControls(name),
    memberValue(value, [...path, 'attributes', name], context),
  ]);
  const relationships = isRecord(resource.relationships) ? resource.relationships : {};
  for (const [name, relationship] of Object.entries(relationships)) {
    const data = isRecord(relationship) ? relationship.data : undefined;
    const named = Array.isArray(data) ? data : [data];
    const labels = named.filter(isResource).map(recordLabel);
    lines.push([escapeControls(name), labels.length > 0 ? labels.join(', ') : NOT_SENT]);
  }
  return { title: recordLabel(resource), lines };
}

/**
 * The sections of a record whose kind has none of its own: its scalar
 * members under `title`, then a section per member group (its own groups
 * summarised; a raw resource's attributes as lines), the `next` member
 * left to the caller.
 */
export function memberSections(
  record: Record<string, unknown>,
  title: string,
  context: SummaryContext,
): RecordSection[] {
  if (isRawResource(record)) return [rawResourceSection(record, [], context)];
  const own: RecordSection = { title, lines: [] };
  const groups: RecordSection[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (isRawResource(value)) {
      groups.push(rawResourceSection(value, [key], context));
    } else if (isRecord(value) && !isResource(value) && Object.keys(value).length > 0) {
      const lines: [string, string][] = Object.entries(value).map(([name, member]) => [
        escapeControls(name),
        memberValue(member, [key, name], context),
      ]);
      groups.push({ title: humanTitle(key), lines });
    } else {
      own.lines.push([escapeControls(key), memberValue(value, [key], context)]);
    }
  }
  return [own, ...groups];
}
