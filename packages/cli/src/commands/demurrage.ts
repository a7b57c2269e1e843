import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import {
  containerLeftTerminal,
  daysUntil,
  type FeeTotal,
  feeTotals,
  lastFreeDayZone,
  type MappedContainer,
  type TerminalFee,
  type TerminalHold,
} from '@shiptrack/sdk';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import { EXIT_CODES } from '../errors/exit-codes.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/** One container that needs attention: its last free day is within the window (or past). */
export interface DemurrageRow {
  id: string;
  number: string | null;
  status: string | null;
  terminal: string | null;
  /** The last free day, as a calendar day in `timeZone`. */
  lastFreeDay: string;
  /** Days from today to it in that zone: 0 today, negative when past. */
  daysLeft: number;
  /** The zone the days were counted in (the terminal's; UTC when it was not reported). */
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
 * The containers still at the terminal whose last free day is within
 * `days` of `now`, counted in the terminal's zone, soonest first.
 */
export function dueContainers(
  containers: readonly MappedContainer[],
  options: { now: Date; days: number; terminal?: string | undefined },
): DemurrageRow[] {
  const rows: DemurrageRow[] = [];
  for (const container of containers) {
    if (containerLeftTerminal(container)) continue;
    if (options.terminal && !matchesTerminal(container, options.terminal)) continue;
    const lfd = container.demurrage.pickupLfd;
    if (!lfd) continue;
    const local = daysUntil(
      lfd,
      options.now,
      lastFreeDayZone(container, container.podTimezone ?? null),
    );
    if (!local || local.days > options.days) continue;
    // A terminal that does not report availability reports no holds or fees either.
    const reporting = container.availabilityKnown !== false;
    const fees = reporting ? container.demurrage.fees : null;
    rows.push({
      id: container.id,
      number: container.number,
      status: container.status,
      terminal: container.podTerminal?.name ?? container.podTerminalId ?? null,
      lastFreeDay: local.day,
      daysLeft: local.days,
      timeZone: local.timeZone,
      availableForPickup: container.location.availableForPickup,
      holds: reporting ? container.demurrage.holds : null,
      fees,
      feeTotals: fees ? feeTotals(fees) : [],
    });
  }
  return rows.sort((a, b) => a.daysLeft - b.daysLeft);
}

/** The table's view of a row: holds and fees spelled out ("not reported" apart from "none"). */
function tableRow(row: DemurrageRow): Record<string, unknown> {
  const holds =
    row.holds === null
      ? 'not reported'
      : row.holds.length === 0
        ? 'none'
        : row.holds
            .map((h) => `${h.name ?? '?'}${h.status === 'pending' ? ' (pending)' : ''}`)
            .join(', ');
  const fees =
    row.fees === null
      ? 'not reported'
      : row.feeTotals.length === 0
        ? 'none'
        : row.feeTotals.map((t) => `${t.amount} ${t.currencyCode ?? ''}`.trim()).join(', ');
  return {
    number: row.number,
    terminal: row.terminal,
    lastFreeDay: row.lastFreeDay,
    daysLeft: row.daysLeft < 0 ? `${-row.daysLeft} overdue` : row.daysLeft,
    available: row.availableForPickup,
    holds,
    fees,
    timeZone: row.timeZone,
  };
}

/** `shiptrack demurrage`: containers whose last free day is near, for people and for cron. */
export function registerDemurrage(program: CommandUnknownOpts, io: Io): void {
  const demurrage = program
    .command('demurrage')
    .description(
      'Containers still at the terminal whose last free day is within the window or past, counted in the terminal time zone, with holds and fees. Exits 10 when any container needs attention (for cron), 0 when none does.',
    )
    .option('--within <window>', 'how far ahead to look: days or hours, e.g. 3d, 48h', '3d')
    .option('--terminal <terminal>', 'only this terminal (id, name, nickname or firms code)')
    .option('--at <time>', 'count days as of this time (ISO 8601; default now)');
  withExample(demurrage, 'shiptrack demurrage --within 2d --json || notify-team');
  demurrage.action(() =>
    runAction(demurrage, io, async ({ ctx, signal }) => {
      const flags = demurrage.opts();
      const days = parseWindow(flags.within);
      const now = flags.at === undefined ? new Date() : new Date(flags.at);
      if (Number.isNaN(now.getTime()))
        throw usageError(`--at "${flags.at}": pass an ISO 8601 time.`);
      if (ctx.format !== 'mapped')
        throw usageError('demurrage reads mapped records; leave out --format.');
      const client = await ctx.client();
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
        else ctx.printer.list(rows.map(tableRow));
      } else {
        ctx.printer.list(rows);
      }
      return rows.length > 0 ? EXIT_CODES.attention : EXIT_CODES.ok;
    }),
  );
}
