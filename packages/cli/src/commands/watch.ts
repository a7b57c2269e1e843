import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import {
  type LastFreeDay,
  lastFreeDay,
  type MappedContainer,
  resolveContainer,
} from '@shiptrack/sdk';
import { rateLimitBuckets } from '@shiptrack/sdk/spec';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import { LiveRegion } from '../live/live-region.js';
import { clock } from '../live/status-line.js';
import { styles } from '../output/ansi.js';
import { type Column, namedColumns } from '../output/columns.js';
import { holdsText, reportedHolds } from '../output/holds.js';
import { lastFreeDayCell, lastFreeDayFact } from '../output/last-free-day.js';
import { localTime } from '../output/local-time.js';
import { renderTable } from '../output/table.js';
import { rememberRecordArgument } from './option-choices.js';
import { withExample } from './register.js';
import { runAction, stoppedCode } from './run.js';

/** What `watch` shows of a container; a change of any member is a change record. */
export interface WatchedState {
  number: string | null;
  status: string | null;
  /** The shipment's estimated arrival at the port of discharge. */
  eta: string | null;
  /** The last free day (the first deadline that applies) as a calendar day where it falls; `null` once none applies. */
  lastFreeDay: string | null;
  /** The service's UTC time of that deadline; `null` with it. */
  lastFreeDayAt: string | null;
  /** Holds in force (names); `null` when the terminal does not report them. */
  holds: string[] | null;
  availableForPickup: boolean | null;
}

/** One NDJSON line of `watch` in a pipe. */
export interface ChangeRecord {
  at: string;
  containerId: string;
  number: string | null;
  /** `initial` for the first reading of a container, then `changed`. */
  kind: 'initial' | 'changed';
  /** Each member that changed, from and to. */
  changes: Partial<Record<keyof WatchedState, { from: unknown; to: unknown }>>;
  state: WatchedState;
}

/** The watched members of a container read with its shipment, given its last free day. */
export function stateOf(container: MappedContainer, lfd: LastFreeDay | null): WatchedState {
  const holds = reportedHolds(container);
  return {
    number: container.number,
    status: container.status,
    eta: container.shipment?.podEtaAt ?? null,
    lastFreeDay: lfd?.applies ? lfd.date : null,
    lastFreeDayAt: lfd?.applies ? lfd.at : null,
    holds:
      holds === null
        ? null
        : holds.filter((hold) => hold.status !== 'pending').map((hold) => hold.name ?? '?'),
    availableForPickup: container.location.availableForPickup,
  };
}

/** The live view's columns, over the rows of {@link viewRow}. */
const VIEW_COLUMNS: readonly Column[] = namedColumns([
  ['NUMBER', 'number'],
  ['STATUS', 'status', true],
  ['ETA (PORT TIME)', 'eta'],
  ['LAST FREE DAY', 'lastFreeDay', true],
  ['HOLDS', 'holds'],
  ['AVAILABLE', 'available'],
]);

/** One row of the live view: the state in words, the last free day with its source and days left. */
function viewRow(
  state: WatchedState,
  lastFreeDayText: string,
  container: MappedContainer,
): Record<string, string> {
  return {
    number: state.number ?? '-',
    status: state.status ?? '-',
    eta: state.eta ? localTime(state.eta, container.shipment?.podTimezone) : '-',
    lastFreeDay: lastFreeDayText,
    holds: holdsText(reportedHolds(container)),
    available: String(state.availableForPickup ?? '-'),
  };
}

/** The members that differ between two readings (all of them against no reading). */
export function changesBetween(
  before: WatchedState | undefined,
  after: WatchedState,
): ChangeRecord['changes'] {
  const changes: ChangeRecord['changes'] = {};
  // Safe: the keys of a WatchedState object.
  for (const key of Object.keys(after) as (keyof WatchedState)[]) {
    const from = before?.[key] ?? null;
    if (before === undefined || JSON.stringify(from) !== JSON.stringify(after[key])) {
      changes[key] = { from, to: after[key] };
    }
  }
  return changes;
}

/**
 * The pause between rounds: at least `interval`, and long enough that a
 * round of `count` reads spends at most `share` of the default bucket.
 */
export function pollInterval(count: number, intervalMs: number, share: number): number {
  const bucket = rateLimitBuckets.default;
  const perWindow = Math.max(1, Math.floor(bucket.limit * share));
  return Math.max(intervalMs, Math.ceil((count * bucket.windowMs) / perWindow));
}

/** `shiptrack watch <container>...`: a live view on a terminal, change records in a pipe. */
export function registerWatch(program: CommandUnknownOpts, io: Io): void {
  const watch = program
    .command('watch')
    .summary('follow containers live')
    .description(
      'Follow containers: a view redrawn in place on a terminal, one NDJSON change record per change in a pipe, within --share of the rate limit.',
    )
    .argument('<container...>', 'container ids or numbers (or bills of lading of one container)')
    .option('--interval <seconds>', 'the shortest pause between rounds', '30')
    .option(
      '--share <fraction>',
      'the most of the default rate limit the rounds may use (0 to 1)',
      '0.1',
    );
  withExample(watch, 'shiptrack watch MSCU1234566 MAEU4002159 --interval 60');
  rememberRecordArgument(watch, 'container');
  watch.action((given: string[]) =>
    runAction(watch, io, async ({ ctx, signal }) => {
      const flags = watch.opts();
      const interval = Number(flags.interval) * 1000;
      const share = Number(flags.share);
      if (!(interval > 0)) throw usageError('--interval needs a number of seconds above 0.');
      if (!(share > 0 && share <= 1))
        throw usageError('--share needs a fraction above 0, at most 1 (0.1 = 10%).');
      if (ctx.format !== 'mapped')
        throw usageError('watch reads mapped records; leave out --format.');
      const client = await ctx.client();
      // Ids and numbers, resolved by the SDK as every other command resolves them.
      const resolved = await Promise.all(
        [...new Set(given)].map((value) => resolveContainer(client, value, { signal })),
      );
      const ids = [...new Set(resolved.map((record) => record.id))];
      const pause = pollInterval(ids.length, interval, share);
      const bucket = rateLimitBuckets.default;
      const perMinute = Math.round((ids.length * 60_000) / pause);
      ctx.printer.note(
        `Watching ${ids.length} container(s) every ${Math.round(pause / 100) / 10}s: ${perMinute} request(s) a minute, within ${Math.round(share * 100)}% of the limit of ${bucket.limit} per ${bucket.windowMs / 1000}s. Ctrl-C stops.`,
      );
      const states = new Map<string, WatchedState>();
      const shown = new Map<string, Record<string, string>>();
      const style = styles(ctx.printer.settings.color);
      // The live table on a terminal; NDJSON change records in a pipe, or with --json, --jq.
      const { interactive, mode } = ctx.printer.settings;
      const live = interactive && mode === 'table' ? await LiveRegion.open(ctx.io.out) : undefined;
      try {
        while (!signal.aborted) {
          const now = await ctx.now();
          for (const id of ids) {
            const container = await client.containers.get(id, {
              format: 'mapped',
              include: ['shipment'],
              signal,
            });
            const lfd = lastFreeDay(container, { now });
            const state = stateOf(container, lfd);
            shown.set(id, viewRow(state, lastFreeDayCell(lastFreeDayFact(lfd)), container));
            const before = states.get(id);
            const changes = changesBetween(before, state);
            states.set(id, state);
            if (live === undefined && Object.keys(changes).length > 0) {
              const record: ChangeRecord = {
                at: now.toISOString(),
                containerId: id,
                number: state.number,
                kind: before === undefined ? 'initial' : 'changed',
                changes,
                state,
              };
              ctx.printer.line(record);
            }
          }
          if (live) {
            const header = style.dim(
              `checked ${now.toISOString().slice(11, 19)} UTC · next in ${clock(pause)} · Ctrl-C stops`,
            );
            const rows = ids.map((id) => shown.get(id));
            // Redrawn in place, the table fitted to the width of each draw (a resize too).
            live.draw((width) => [
              header,
              ...renderTable(rows, VIEW_COLUMNS, { width, color: ctx.printer.settings.color })
                .text.trimEnd()
                .split('\n'),
            ]);
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pause);
            signal.addEventListener(
              'abort',
              () => {
                clearTimeout(timer);
                resolve();
              },
              { once: true },
            );
          });
        }
      } catch (error) {
        // Ctrl-C in the middle of a round ends the watch like Ctrl-C between rounds.
        if (!signal.aborted) throw error;
      } finally {
        live?.close();
      }
      // It runs until stopped: the stop is how it ends, 130 or 143 as everywhere else.
      return stoppedCode(signal);
    }),
  );
}
