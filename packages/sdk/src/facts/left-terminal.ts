import { CONTAINER_STATUS_VALUES } from '../generated/enums.js';
import type { MappedContainer } from '../mapped/container.js';
import type { ContainerStatus } from '../mapped/enums.js';
import type { lastFreeDay } from './last-free-day.js';

/**
 * Whether a container in each `current_status` has left the port terminal
 * (no more storage there). Keyed by the spec's type, so the build fails when
 * the spec adds or drops a status until it is decided here.
 */
export const STATUS_LEFT_TERMINAL: Record<ContainerStatus, boolean> = {
  new: false,
  on_ship: false,
  available: false,
  not_available: false,
  grounded: false,
  on_rail: true,
  picked_up: true,
  off_dock: true,
  delivered: true,
  dropped: true,
  loaded: false,
  empty_returned: true,
  awaiting_inland_transfer: true,
};

/**
 * Whether a status says the container has left the port terminal; `false`
 * for a status the service added since (unknown here: no claim is made).
 */
export function statusLeftTerminal(status: string | null | undefined): boolean {
  const known: readonly string[] = CONTAINER_STATUS_VALUES;
  // Safe: `known` is the list of ContainerStatus values.
  return typeof status === 'string' && known.includes(status)
    ? STATUS_LEFT_TERMINAL[status as ContainerStatus]
    : false;
}

/**
 * Whether a container has left the port terminal: it went out full or was
 * returned empty, or its status says so. No demurrage accrues there any more.
 */
export function containerLeftTerminal(container: MappedContainer): boolean {
  return (
    Boolean(container.podFullOutAt || container.emptyTerminatedAt) ||
    statusLeftTerminal(container.status)
  );
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
