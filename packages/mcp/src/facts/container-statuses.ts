import type { ContainerStatus } from '@shiptrack/sdk';
import { CONTAINER_STATUS_VALUES } from '@shiptrack/sdk/spec';
import { isKnownValue } from '../core/known-values.js';

/** What this server knows about one `current_status` value. */
interface StatusFacts {
  /** What it means, for the glossary. */
  meaning: string;
  /** Whether a container in it has left the port terminal (no more storage there). */
  leftTerminal: boolean;
}

/**
 * Every known `current_status` (keyed by the spec's type, so the build
 * fails when the spec adds or drops one until it is described here).
 */
export const CONTAINER_STATUS_FACTS: Record<ContainerStatus, StatusFacts> = {
  new: { meaning: 'Tracking started; not loaded yet.', leftTerminal: false },
  on_ship: { meaning: 'On the ocean leg.', leftTerminal: false },
  available: { meaning: 'At the terminal and released for pickup.', leftTerminal: false },
  not_available: {
    meaning: 'At the terminal, not released (holds or other reasons).',
    leftTerminal: false,
  },
  grounded: {
    meaning: 'Grounded at the terminal (taken off the chassis or stacked).',
    leftTerminal: false,
  },
  on_rail: { meaning: 'On the rail leg to an inland destination.', leftTerminal: true },
  picked_up: { meaning: 'Picked up from the terminal.', leftTerminal: true },
  off_dock: { meaning: 'Moved to an off-dock facility.', leftTerminal: true },
  delivered: { meaning: 'Delivered.', leftTerminal: true },
  dropped: { meaning: 'Dropped at the consignee.', leftTerminal: true },
  loaded: { meaning: 'Loaded on the vessel at the port of lading.', leftTerminal: false },
  empty_returned: {
    meaning: 'Empty container returned: the journey is over.',
    leftTerminal: true,
  },
  awaiting_inland_transfer: {
    meaning: 'Discharged, waiting for the inland (rail) move.',
    leftTerminal: true,
  },
};

/**
 * Whether a status says the container has left the port terminal; `false`
 * for a status the service added since (unknown here: no claim is made).
 */
export function statusLeftTerminal(status: string | null): boolean {
  return (
    isKnownValue(CONTAINER_STATUS_VALUES, status) && CONTAINER_STATUS_FACTS[status].leftTerminal
  );
}
