import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import {
  containerLeftTerminal,
  type DeadlineSource,
  type FeeTotal,
  feeTotals,
  lastFreeDay,
  type MappedContainer,
  type TerminalFee,
  type TerminalHold,
} from '@shiptrack/sdk';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import { EXIT_CODES } from '../errors/exit-codes.js';
import { type Column, namedColumns } from '../output/columns.js';
import { holdsText, reportedHolds } from '../output/holds.js';
import { lastFreeDayCell } from '../output/last-free-day.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/** One container that needs attention: its last free day is within the window (or past). */
export interface DemurrageRow {
  id: string;
  number: string | null;
  status: string | null;
  terminal: string | null;
  /** The last free day, as a calendar day in `timeZone`: the first deadline that applies. */
  lastFreeDay: string;
  /** Whose deadline it is: the terminal's, the line's, the rail's, or the service's one date. */
  source: DeadlineSource;
  /** The service's timestamp of that deadline (UTC). */
  lastFreeDayAt: string;
  /** Days from today to it in that zone: 0 today, negative when past. */
  daysLeft: number;
  /** The zone the days were counted in (the place's; UTC when it was not reported). */
  timeZone: string;
  availableForPickup: boolean | null;
  /** The holds in force; `null` when the terminal does not report them (not the same as none). */
  holds: TerminalHold[] | null;
  /** The fees; `null` when not reported. */
  fees: TerminalFee[] | null;
  /** Fees added up per currency. */
  feeTotals: FeeTotal[];
}

/** `3d`, `72h` or a bare number of days -> whole days (hours rounded up). */
export function parseWindow(text: string): number {
  const match = /^(\d+)\s*(d|h)?$/i.exec(text.trim());
  if (!match) throw usageError(`--within "${text}": pass days or hours, e.g. 3d or 48h.`);
  const amount = Number(match[1]);
  return match[2]?.toLowerCase() === 'h' ? Math.ceil(amount / 24) : amount;
}

function matchesTerminal(container: MappedContainer, wanted: string): boolean {
  const terminal = container.podTerminal;
  const needle = wanted.toLowerCase();
  const names = [
    container.podTerminalId,
    terminal?.name,
    terminal?.nickname,
    terminal?.firmsCode,
    terminal?.smdgCode,
  ];
  return names.some((name) => typeof name === 'string' && name.toLowerCase().includes(needle));
}

/**
 * The containers still at the terminal whose last free day (the SDK's
 * {@link lastFreeDay}: the first deadline that applies, as a local date) is
 * within `days` of `now`, soonest first.
 */
export function dueContainers(
  containers: readonly MappedContainer[],
  options: { now: Date; days: number; terminal?: string | undefined },
): DemurrageRow[] {
  const rows: DemurrageRow[] = [];
  for (const container of containers) {
    if (containerLeftTerminal(container)) continue;
    if (options.terminal && !matchesTerminal(container, options.terminal)) continue;
    const lfd = lastFreeDay(container, { now: options.now });
    if (!lfd?.applies || lfd.daysLeft > options.days) continue;
    const holds = reportedHolds(container);
    const fees = holds === null ? null : container.demurrage.fees;
    rows.push({
      id: container.id,
      number: container.number,
      status: container.status,
      terminal: container.podTerminal?.name ?? container.podTerminalId ?? null,
      lastFreeDay: lfd.date,
      source: lfd.source,
      lastFreeDayAt: lfd.at,
      daysLeft: lfd.daysLeft,
      timeZone: lfd.timeZone,
      availableForPickup: container.location.availableForPickup,
      holds,
      fees,
      feeTotals: fees ? feeTotals(fees) : [],
    });
  }
  return rows.sort((a, b) => a.daysLeft - b.daysLeft);
}

/** The table's columns, over the rows of {@link tableRow}. */
const TABLE_COLUMNS: readonly Column[] = namedColumns([
  ['NUMBER', 'number'],
  ['LAST FREE DAY', 'lastFreeDay', true],
  ['HOLDS', 'holds'],
  ['FEES', 'fees'],
  ['AVAILABLE', 'available'],
  ['TERMINAL', 'terminal'],
  ['ID', 'id'],
]);

/** The table's view of a row: the last free day worded, holds and fees spelled out ("not reported" apart from "none"). */
function tableRow(row: DemurrageRow): Record<string, unknown> {
  const fees =
    row.fees === null
      ? 'not reported'
      : row.feeTotals.length === 0
        ? 'none'
        : row.feeTotals.map((t) => `${t.amount} ${t.currencyCode ?? ''}`.trim()).join(', ');
  return {
    id: row.id,
    number: row.number,
    terminal: row.terminal,
    lastFreeDay: lastFreeDayCell({
      date: row.lastFreeDay,
      timeZone: row.timeZone,
      source: row.source,
      daysLeft: row.daysLeft,
      applies: true,
      at: row.lastFreeDayAt,
    }),
    available: row.availableForPickup,
    holds: holdsText(row.holds),
    fees,
  };
}

/** `shiptrack demurrage`: containers whose last free day is near, for people and for cron. */
export function registerDemurrage(program: CommandUnknownOpts, io: Io): void {
  const demurrage = program
    .command('demurrage')
    .summary('containers whose last free day is near (exit 10)')
    .description(
      'Containers still at the terminal whose last free day (terminal, line or rail) is within --within or past, as a local date, with holds and fees. Exit 10 when any needs attention.',
    )
    .option('--within <window>', 'how far ahead to look: days or hours, e.g. 3d, 48h', '3d')
    .option('--terminal <terminal>', 'only this terminal (id, name, nickname or firms code)')
    .option('--at <time>', 'count days as of this time (ISO 8601; default now)');
  withExample(demurrage, 'shiptrack demurrage --within 2d --json || notify-team');
  demurrage.action(() =>
    runAction(demurrage, io, async ({ ctx, signal }) => {
      const flags = demurrage.opts();
      const days = parseWindow(flags.within);
      const at = flags.at === undefined ? undefined : new Date(flags.at);
      if (at && Number.isNaN(at.getTime()))
        throw usageError(`--at "${flags.at}": pass an ISO 8601 time.`);
      if (ctx.format !== 'mapped')
        throw usageError('demurrage reads mapped records; leave out --format.');
      const client = await ctx.client();
      const now = at ?? (await ctx.now());
      const containers: MappedContainer[] = [];
      const pages = client.containers.list({
        format: 'mapped',
        include: ['pod_terminal'],
        pageSize: 100,
        signal,
      });
      for await (const container of pages) containers.push(container);
      const rows = dueContainers(containers, { now, days, terminal: flags.terminal });
      if (ctx.printer.settings.mode === 'table') {
        if (rows.length === 0)
          ctx.printer.note(`No container's last free day is within ${days} day(s).`);
        else ctx.printer.list(rows.map(tableRow), { columns: TABLE_COLUMNS });
      } else {
        ctx.printer.list(rows);
      }
      return rows.length > 0 ? EXIT_CODES.attention : EXIT_CODES.ok;
    }),
  );
}
