import type { ContainerStatus } from '@shiptrack/sdk';

/** What this server knows about one `current_status` value. */
interface StatusFacts {
  /** What it means, for the glossary. */
  meaning: string;
}

/**
 * Every known `current_status` (keyed by the spec's type, so the build
 * fails when the spec adds or drops one until it is described here).
 */
export const CONTAINER_STATUS_FACTS: Record<ContainerStatus, StatusFacts> = {
  new: { meaning: 'Tracking started; not loaded yet.' },
  on_ship: { meaning: 'On the ocean leg.' },
  available: { meaning: 'At the terminal and released for pickup.' },
  not_available: {
    meaning: 'At the terminal, not released (holds or other reasons).',
  },
  grounded: {
    meaning: 'Grounded at the terminal (taken off the chassis or stacked).',
  },
  on_rail: { meaning: 'On the rail leg to an inland destination.' },
  picked_up: { meaning: 'Picked up from the terminal.' },
  off_dock: { meaning: 'Moved to an off-dock facility.' },
  delivered: { meaning: 'Delivered.' },
  dropped: { meaning: 'Dropped at the consignee.' },
  loaded: { meaning: 'Loaded on the vessel at the port of lading.' },
  empty_returned: {
    meaning: 'Empty container returned: the journey is over.',
  },
  awaiting_inland_transfer: {
    meaning: 'Discharged, waiting for the inland (rail) move.',
  },
};
