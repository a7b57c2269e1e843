import type { AttentionItem } from '@shiptrack/sdk';
import * as z from 'zod';
import { defineTool } from '../core/define-tool.js';
import { SCAN_LIMIT } from '../core/filtered-list.js';
import {
  type ChangesAnswer,
  changesSinceFrom,
  scanAttentionItems,
} from '../service/attention-scan.js';
import { asOfMember, sourceLines } from '../service/mirror-source.js';

/** Items shown at most; `omitted` counts the rest. */
const ITEM_LIMIT = 100;
const HOUR_MS = 3_600_000;

/** An item on one line: kind, record number, severity, reason. */
function itemLine(item: AttentionItem): string {
  return `- ${item.kind} ${item.subject.number ?? item.subject.id} (${item.severity}): ${item.reason}`;
}

/** What changed, a line per change under its record; from REST, what it cannot tell. */
function changeLines({ from, changes }: ChangesAnswer): string[] {
  const lines = [
    `Changed since ${changes.since} (from ${from === 'mirror' ? 'the mirror' : 'REST'}):`,
  ];
  for (const group of changes.groups) {
    lines.push(`- ${group.number ?? group.entityId} (${group.entityType}, ${group.severity})`);
    for (const change of group.changes) lines.push(`  - ${change.kind}: ${change.reason}`);
  }
  if (changes.groups.length === 0) lines.push('- nothing');
  if (from === 'rest') {
    lines.push(`REST cannot tell: ${changes.cannotTell.map((note) => note.field).join(', ')}.`);
  }
  return lines;
}

/** `needs_attention`: what needs attention account-wide (the SDK's rules), and what changed since. */
export const needsAttention = defineTool({
  name: 'needs_attention',
  title: 'Needs attention',
  description:
    'Account-wide, most urgent first: holds, LFDs (within days: 3), fees, late ETAs, failed tracking; since_hours adds changes.',
  schemas: () => ({
    input: z.object({
      days: z.number().int().min(0).max(30).optional(),
      since_hours: z.number().int().min(1).optional(),
    }),
    output: z.object({
      items: z.array(z.looseObject({})),
      omitted: z.number(),
      complete: z.boolean(),
      asOf: z.string().optional(),
      changes: z.looseObject({}).optional(),
    }),
  }),
  annotations: { readOnlyHint: true },
  async run(args, context) {
    const now = context.now();
    const scan = await scanAttentionItems({
      client: () => context.client(),
      mirror: context.mirror,
      tool: 'needs_attention',
      progress: context.progress,
      now,
      thresholds: args.days === undefined ? {} : { lastFreeDayWithinDays: args.days },
    });
    const changes =
      args.since_hours === undefined
        ? undefined
        : await changesSinceFrom(
            {
              client: () => context.client(),
              mirror: context.mirror,
              tool: 'needs_attention',
              progress: context.progress,
            },
            scan.source,
            new Date(now.getTime() - args.since_hours * HOUR_MS),
          );
    const items = scan.items.slice(0, ITEM_LIMIT);
    const omitted = scan.items.length - items.length;
    return {
      structured: {
        // Plain copies: the schema's open records take the SDK's models' members as they are.
        items: items.map((item) => ({ ...item })),
        omitted,
        complete: scan.complete,
        ...asOfMember(scan.source),
        ...(changes === undefined ? {} : { changes: { ...changes.changes } }),
      },
      text: [
        `${scan.items.length} item(s) need attention, most urgent first.`,
        ...items.map(itemLine),
        ...(omitted > 0 ? [`${omitted} more not shown.`] : []),
        ...(scan.complete
          ? []
          : [`Only the first ${SCAN_LIMIT} containers were read; there may be more.`]),
        ...sourceLines(scan.source, now),
        ...(changes === undefined ? [] : changeLines(changes)),
      ].join('\n'),
    };
  },
});
