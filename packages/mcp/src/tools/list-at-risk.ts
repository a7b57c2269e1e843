import { byUrgency, containerRisk } from '@shiptrack/sdk';
import * as z from 'zod';
import { defineTool } from '../core/define-tool.js';
import { SCAN_LIMIT } from '../core/filtered-list.js';
import { type AtRiskRow, AtRiskRowSchema, atRiskRow } from '../facts/at-risk.js';
import { shown } from '../render/format.js';
import { daysLeftPhrase, lastFreeDayCell } from '../render/last-free-day.js';
import { table } from '../render/table.js';
import { scanContainers } from '../service/at-risk-scan.js';
import { asOfMember, sourceLines } from '../service/mirror-source.js';

/** Rows shown at most; `omitted` counts the rest. */
const ROW_LIMIT = 100;
const DEFAULT_DAYS = 3;

/** Why, in words: the last free day and the holds. */
function why(row: AtRiskRow): string {
  const parts: string[] = [];
  const lfd = row.lastFreeDay;
  if (lfd && row.reasons.includes('overdue'))
    parts.push(`LFD passed ${daysLeftPhrase(lfd.daysLeft)}`);
  if (lfd && row.reasons.includes('due')) parts.push(`LFD ${daysLeftPhrase(lfd.daysLeft)}`);
  if (row.holds.length > 0) parts.push(`on hold: ${row.holds.join(', ')}`);
  return parts.join('; ');
}

const COLUMNS = ['number', 'status', 'POD', 'LFD local', 'why'];

function cells(row: AtRiskRow): string[] {
  return [
    shown(row.number),
    shown(row.status),
    shown(row.pod),
    lastFreeDayCell(row.lastFreeDay ?? null),
    why(row),
  ];
}

/** `list_containers_at_risk`: the account's containers whose pickup is at risk, most urgent first. */
export const listContainersAtRisk = defineTool({
  name: 'list_containers_at_risk',
  title: 'Containers at risk',
  description:
    'Containers on hold or whose last free day is within days or passed, account-wide, most urgent first.',
  schemas: () => ({
    input: z.object({
      days: z.number().int().min(0).max(30).optional().describe('Default 3'),
    }),
    output: z.object({
      containers: z.array(AtRiskRowSchema()),
      omitted: z.number(),
      complete: z.boolean(),
      asOf: z.string().optional(),
    }),
  }),
  annotations: { readOnlyHint: true },
  async run(args, context) {
    const days = args.days ?? DEFAULT_DAYS;
    const now = context.now();
    const scan = await scanContainers({
      client: () => context.client(),
      mirror: context.mirror,
      tool: 'list_containers_at_risk',
      progress: context.progress,
    });
    const atRisk = scan.containers
      .flatMap((container) => {
        const risk = containerRisk(container, { now, withinDays: days });
        return risk === null ? [] : [{ container, risk }];
      })
      .sort(
        (a, b) =>
          byUrgency(a.risk, b.risk) ||
          (a.container.number ?? '').localeCompare(b.container.number ?? ''),
      )
      .map(({ container, risk }) => atRiskRow(container, risk));
    const containers = atRisk.slice(0, ROW_LIMIT);
    const omitted = atRisk.length - containers.length;
    const head = `${atRisk.length} container(s) at risk: last free day within ${days} day(s) or passed (a day at its place), or on hold; most urgent first.`;
    const notes = [
      ...(omitted > 0 ? [`${omitted} more not shown.`] : []),
      ...(scan.complete
        ? []
        : [`Only the first ${SCAN_LIMIT} containers were read; there may be more at risk.`]),
    ];
    return {
      structured: {
        containers,
        omitted,
        complete: scan.complete,
        ...asOfMember(scan.source),
      },
      text: [
        head,
        ...(containers.length > 0 ? [table(COLUMNS, containers.map(cells))] : []),
        ...notes,
        ...sourceLines(scan.source, now),
      ].join('\n'),
    };
  },
});
