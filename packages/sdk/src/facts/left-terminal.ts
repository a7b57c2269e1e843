import { CONTAINER_STATUS_VALUES } from '../generated/enums.js';
import type { MappedContainer } from '../mapped/container.js';
import type { ContainerStatus } from '../mapped/enums.js';

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
