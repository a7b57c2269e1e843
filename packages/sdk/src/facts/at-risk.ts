import type { MappedContainer, TerminalHold } from '../mapped/container.js';
import { type LastFreeDay, lastFreeDay } from './last-free-day.js';
import { containerLeftTerminal } from './left-terminal.js';

/** Why a container is at risk: its last free day passed, falls within the window, or a hold blocks pickup. */
export type AtRiskReason = 'overdue' | 'due' | 'held';

/** A container at risk of storage fees or a missed pickup, and why. */
export interface ContainerRisk {
  /** `overdue` or `due` (its last free day), and `held`, in that order. */
  readonly reasons: readonly AtRiskReason[];
  /** The first last free day that still applies; `null` when none was reported. */
  readonly deadline: LastFreeDay | null;
  /** The holds with status `hold` while it is at the terminal. */
  readonly holds: readonly TerminalHold[];
}

/** Options of {@link containerRisk}. */
export interface ContainerRiskOptions {
  /** Today is counted from this instant, in each place's zone. */
  readonly now: Date;
  /** Days left to the last free day, at most, for it to count (overdue always counts). */
  readonly withinDays: number;
}

/**
 * Whether a box is at a terminal that reports its holds and fees: it has
 * not left, and the terminal does not say its availability is unknown.
 * Holds and fees count only then.
 */
export function atReportingTerminal(container: MappedContainer): boolean {
  return !containerLeftTerminal(container) && container.availabilityKnown !== false;
}

/**
 * Whether a container is at risk, and why: the first last free day that
 * still applies ({@link lastFreeDay}, counted in its place's zone) is at
 * most `withinDays` away or passed, or a hold (status `hold`) blocks its
 * pickup while it is at a terminal that reports holds. `null` when it is
 * not. The CLI, MCP and the mirror all decide with this.
 */
export function containerRisk(
  container: MappedContainer,
  options: ContainerRiskOptions,
): ContainerRisk | null {
  const deadline = lastFreeDay(container, { now: options.now });
  const due = deadline?.applies === true && deadline.daysLeft <= options.withinDays;
  const holds = atReportingTerminal(container)
    ? (container.demurrage.holds ?? []).filter((hold) => hold.status === 'hold')
    : [];
  if (!due && holds.length === 0) return null;
  const reasons: AtRiskReason[] = [];
  if (due) reasons.push(deadline.daysLeft < 0 ? 'overdue' : 'due');
  if (holds.length > 0) reasons.push('held');
  return { reasons, deadline, holds };
}

/** Days left of a risk's last free day when it counts, else past every window. */
function urgency(risk: ContainerRisk): number {
  const counted = risk.reasons.includes('due') || risk.reasons.includes('overdue');
  return counted ? (risk.deadline?.daysLeft ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
}

/**
 * Orders risks most urgent first: the soonest last free day (passed ones
 * first), then a held container before one that is not. Ties are left to
 * the caller (by number, say).
 */
export function byUrgency(a: ContainerRisk, b: ContainerRisk): number {
  return urgency(a) - urgency(b) || Number(b.holds.length > 0) - Number(a.holds.length > 0);
}
