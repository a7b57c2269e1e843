import type { MappedContainer } from '../mapped/container.js';
import { containerLeftTerminal } from './left-terminal.js';
import { daysUntil } from './local-day.js';

/**
 * Whose deadline a last free day is: the port terminal's, the shipping
 * line's, the inland rail's, or `service` for the service's coalesced
 * `pickup_lfd` when it reported no separate deadline.
 */
export type DeadlineSource = 'terminal' | 'line' | 'rail' | 'service';

/** One deadline, as a day where it falls. */
export interface LocalDeadline {
  readonly source: DeadlineSource;
  /** The service's timestamp, as sent (UTC). */
  readonly at: string;
  /** The calendar day `YYYY-MM-DD` in `timeZone`: what a person calls the last free day. */
  readonly date: string;
  /** The zone the day is counted in (`UTC` when the place's zone was not reported or unknown). */
  readonly timeZone: string;
  /** Whole days from today (in that zone) to the day: 0 today, negative once past. */
  readonly daysLeft: number;
  /** Whether it still counts: `false` once the box has left the place it is about. */
  readonly applies: boolean;
}

/**
 * A container's last free day: the first deadline that still applies
 * (terminal, line or rail, named), with every reported deadline and the
 * service's coalesced `pickup_lfd` beside it. The service's coalesced value
 * prefers the line's date even when the terminal's comes first; storage is
 * owed from the first, so the first leads here.
 */
export interface LastFreeDay extends LocalDeadline {
  /** The service's `pickup_lfd` (its coalesced last free day), as a local day; `null` when not sent. */
  readonly coalesced: LocalDeadline | null;
  /** Every deadline reported, soonest first. */
  readonly deadlines: readonly LocalDeadline[];
}

/** Options of {@link lastFreeDay}. */
export interface LastFreeDayOptions {
  /** Today is counted from this instant. */
  readonly now: Date;
  /**
   * The port of discharge's zone (its terminal's); default the container's
   * `podTimezone`, else its included shipment's.
   */
  readonly podZone?: string | null;
}

function leftByRail(container: MappedContainer): boolean {
  return Boolean(container.podRailLoadedAt || container.podRailDepartedAt);
}

/** Whether the box has been picked up at, or delivered from, its inland destination. */
function doneInland(container: MappedContainer): boolean {
  return Boolean(
    container.finalDestinationFullOutAt || container.deliveredAt || container.emptyTerminatedAt,
  );
}

/**
 * The zone and whether it applies, per source. A terminal's last free day
 * is at the port and ends when the box leaves it. The line's free time runs
 * at the port, or inland when the box left the port on rail, until it is
 * picked up there. The rail's is at the inland destination.
 */
function placeOf(
  source: DeadlineSource,
  container: MappedContainer,
  podZone: string | null,
): { zone: string | null; applies: boolean } {
  const atPort = !containerLeftTerminal(container);
  const inlandZone = container.finalDestinationTimezone ?? null;
  switch (source) {
    case 'terminal':
    case 'service':
      return { zone: podZone, applies: atPort };
    case 'line':
      if (atPort) return { zone: podZone, applies: true };
      return {
        zone: inlandZone ?? podZone,
        applies: leftByRail(container) && !doneInland(container),
      };
    case 'rail':
      return { zone: inlandZone, applies: !doneInland(container) };
  }
}

function localDeadline(
  source: DeadlineSource,
  at: string,
  container: MappedContainer,
  options: LastFreeDayOptions,
): LocalDeadline | null {
  const podZone =
    options.podZone ?? container.podTimezone ?? container.shipment?.podTimezone ?? null;
  const { zone, applies } = placeOf(source, container, podZone);
  const local = daysUntil(at, options.now, zone);
  if (local === null) return null;
  return {
    source,
    at,
    date: local.day,
    timeZone: local.timeZone,
    daysLeft: local.days,
    applies,
  };
}

function soonestFirst(a: LocalDeadline, b: LocalDeadline): number {
  return a.daysLeft - b.daysLeft || Date.parse(a.at) - Date.parse(b.at);
}

/** The first deadline at the instant `at` is (a loop: no function made per box). */
function sameInstant(deadlines: readonly LocalDeadline[], at: string): LocalDeadline | undefined {
  const instant = Date.parse(at);
  for (const deadline of deadlines) if (Date.parse(deadline.at) === instant) return deadline;
  return undefined;
}

/** The first deadline that still applies. */
function firstApplying(deadlines: readonly LocalDeadline[]): LocalDeadline | undefined {
  for (const deadline of deadlines) if (deadline.applies) return deadline;
  return undefined;
}

/**
 * A container's last free day as a local date in the zone of the place it
 * is about, led by the first deadline that still applies; `null` when the
 * service reported none. When none applies any more (the box has left),
 * the soonest is given with `applies: false`. Every surface (CLI, MCP, the
 * mirror) shows this one answer.
 */
export function lastFreeDay(
  container: MappedContainer,
  options: LastFreeDayOptions,
): LastFreeDay | null {
  const reported = container.importDeadlines;
  const deadlines: LocalDeadline[] = [];
  if (reported) {
    for (const [source, at] of [
      ['terminal', reported.pickupLfdTerminal],
      ['line', reported.pickupLfdLine],
      ['rail', reported.pickupLfdRail],
    ] as const) {
      const deadline =
        typeof at === 'string' && at !== '' ? localDeadline(source, at, container, options) : null;
      if (deadline !== null) deadlines.push(deadline);
    }
    deadlines.sort(soonestFirst);
  }
  const pickupLfd = container.demurrage.pickupLfd;
  // The coalesced value is one of the named deadlines when it equals one (its source then says whose).
  const coalesced = pickupLfd
    ? (sameInstant(deadlines, pickupLfd) ?? localDeadline('service', pickupLfd, container, options))
    : null;
  const lead = firstApplying(deadlines) ?? deadlines[0] ?? coalesced ?? undefined;
  if (lead === undefined) return null;
  // Each member named (not spread): a spread of the lead is the slow path of thousands of boxes.
  return {
    source: lead.source,
    at: lead.at,
    date: lead.date,
    timeZone: lead.timeZone,
    daysLeft: lead.daysLeft,
    applies: lead.applies,
    coalesced,
    deadlines: deadlines.length > 0 ? deadlines : coalesced ? [coalesced] : [],
  };
}

/**
 * The time zone a container's headline last free day (`demurrage.pickupLfd`)
 * is counted in: the zone of the deadline it equals (rail at the final
 * destination, the line's after the box left the port), else the port of
 * discharge's (`podZone`, e.g. its terminal's zone).
 *
 * @deprecated Use {@link lastFreeDay}: it leads with the first deadline that
 * applies and gives each deadline's zone (`coalesced.timeZone` is this one);
 * no surface of shiptrack reads this any more. Kept for callers until the
 * next major release.
 */
export function lastFreeDayZone(container: MappedContainer, podZone: string | null): string | null {
  const deadlines = container.importDeadlines;
  const lfd = container.demurrage.pickupLfd;
  if (lfd && deadlines?.pickupLfdRail === lfd) return container.finalDestinationTimezone ?? null;
  if (lfd && deadlines?.pickupLfdLine === lfd && container.podFullOutAt) {
    return container.finalDestinationTimezone ?? podZone;
  }
  return podZone;
}
