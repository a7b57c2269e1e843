import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import {
  type AttentionItem,
  type AttentionThresholds,
  byAttention,
  scanAttention,
} from '@shiptrack/sdk';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import { EXIT_CODES } from '../errors/exit-codes.js';
import { mirrorAttention } from '../mirror/read.js';
import { renderAttention } from '../output/attention-list.js';
import type { Printer } from '../output/printer.js';
import { parseWindow } from './demurrage.js';
import { withExample } from './register.js';
import { runAction } from './run.js';
import { parseInstant } from './since.js';

/** Whether an item asks a person to act (`critical` or `warning`), not only to know. */
export function needsAction(item: AttentionItem): boolean {
  return item.severity !== 'info';
}

/** `--threshold name=value`, repeatable, as the SDK's thresholds (which it checks by name and range). */
export function parseThresholds(
  pairs: readonly string[],
): Partial<Record<keyof AttentionThresholds, number>> {
  const thresholds: Record<string, number> = {};
  for (const pair of pairs) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(pair.trim());
    const value = Number(match?.[2]);
    if (!match || !Number.isFinite(value)) {
      throw usageError(
        `--threshold "${pair}": pass name=number, e.g. etaSlippedDays=3 (names: lastFreeDayWithinDays, etaSlippedDays, notAvailableAfterHours, noUpdateDays).`,
      );
    }
    thresholds[match[1] ?? ''] = value;
  }
  return thresholds;
}

/** The items as JSON (ranked), or one block per kind for people. */
function printItems(printer: Printer, items: readonly AttentionItem[]): void {
  if (printer.settings.mode === 'json') {
    printer.list(items);
    return;
  }
  if (items.length === 0) {
    printer.note('Nothing needs attention.');
    return;
  }
  const { columns, color } = printer.settings;
  printer.text(renderAttention(items, { width: columns, color }));
}

/** `shiptrack attention`: what needs attention across the account (the SDK's `scanAttention`). */
export function registerAttention(program: CommandUnknownOpts, io: Io): void {
  const attention = program
    .command('attention')
    .summary('what needs attention across the account (exit 10)')
    .description(
      "Holds, last free days soon or passed, fees, boxes not available or not picked up, slipped ETAs, failed or stopped tracking, silence in transit: one table per kind, most urgent first (the SDK's scanAttention). JSON lists the items with their evidence, each time as a local day in its place's zone with UTC beside it; --ndjson one item a line. Exit 10 when any item is critical or a warning.",
    )
    .option('--within <window>', 'last free days this close count: days or hours (default 3d)')
    .option(
      '--threshold <name=value>',
      'another threshold (repeatable): etaSlippedDays, notAvailableAfterHours, noUpdateDays',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--at <time>', 'count days as of this time (ISO 8601; default now)')
    .option('--ndjson', 'one JSON item a line, as each is found')
    .option(
      '--mirror <database>',
      "answer from a mirror's database (@shiptrack/mirror), no REST call",
    );
  withExample(attention, 'shiptrack attention --threshold etaSlippedDays=3 --json || notify-team');
  attention.action(() =>
    runAction(attention, io, async ({ ctx, signal }) => {
      const flags = attention.opts();
      const thresholds = parseThresholds(flags.threshold ?? []);
      if (flags.within !== undefined) thresholds.lastFreeDayWithinDays = parseWindow(flags.within);
      const at = flags.at === undefined ? undefined : parseInstant(flags.at, '--at');
      if (ctx.format !== 'mapped') {
        throw usageError('attention reads mapped records; leave out --format.');
      }
      if (flags.mirror !== undefined && attention.optsWithGlobals().mock === true) {
        throw usageError('--mirror and --mock are two sources: pass one of them.');
      }
      const items: AttentionItem[] = [];
      if (flags.mirror !== undefined) {
        const now = at ?? new Date();
        items.push(...(await mirrorAttention(flags.mirror, { now, thresholds })));
        if (flags.ndjson) for (const item of items) ctx.printer.line(item);
      } else {
        const client = await ctx.client();
        const now = at ?? (await ctx.now());
        for await (const item of scanAttention(client, { now, thresholds, signal })) {
          if (flags.ndjson) ctx.printer.line(item);
          items.push(item);
        }
      }
      items.sort(byAttention);
      if (!flags.ndjson) printItems(ctx.printer, items);
      return items.some(needsAction) ? EXIT_CODES.attention : EXIT_CODES.ok;
    }),
  );
}
