import { ContainerStatusSchema } from '@shiptrack/sdk/mapped';

/** What each `container.transport.*` event means (names from the service's event list). */
const TRANSPORT_EVENTS: Record<string, string> = {
  empty_out: 'Empty container picked up from the depot by the shipper.',
  full_in: 'Loaded container delivered to the port of lading.',
  vessel_loaded: 'Loaded onto the vessel at the port of lading.',
  vessel_departed: 'The vessel left the port of lading.',
  vessel_arrived: 'The vessel arrived at a port (the port of discharge, unless a transshipment).',
  vessel_berthed: 'The vessel berthed at the terminal.',
  vessel_discharged: 'Unloaded from the vessel at the port of discharge.',
  transshipment_arrived: 'Arrived at a transshipment port.',
  transshipment_discharged: 'Unloaded at a transshipment port.',
  transshipment_loaded: 'Loaded onto the next vessel at a transshipment port.',
  transshipment_departed: 'Left a transshipment port.',
  feeder_arrived: 'A feeder vessel arrived.',
  feeder_discharged: 'Unloaded from a feeder vessel.',
  feeder_loaded: 'Loaded onto a feeder vessel.',
  feeder_departed: 'A feeder vessel departed.',
  rail_loaded: 'Loaded onto a train.',
  rail_departed: 'The train departed.',
  rail_arrived: 'The train arrived at the inland rail terminal.',
  rail_unloaded: 'Unloaded from the train at the inland destination.',
  full_out: 'Picked up full from the terminal (gate out): storage at the terminal ends.',
  empty_in: 'Empty container returned to the line (ends detention).',
  arrived_at_inland_destination: 'Arrived at the inland destination.',
  available: 'The terminal released it for pickup.',
  not_available: 'The terminal reports it not available for pickup (holds, not yet discharged).',
  delivered: 'Delivered to the consignee.',
  'estimated.vessel_arrived': 'A new or changed estimate of the vessel arrival.',
  'estimated.vessel_departed': 'A new or changed estimate of the vessel departure.',
  'estimated.arrived_at_inland_destination': 'A new or changed estimate of the inland arrival.',
};

/** What each `current_status` value means. */
const STATUSES: Record<string, string> = {
  new: 'Tracking started; not loaded yet.',
  on_ship: 'On the ocean leg.',
  available: 'At the terminal and released for pickup.',
  not_available: 'At the terminal, not released (holds or other reasons).',
  grounded: 'Grounded at the terminal (taken off the chassis or stacked).',
  on_rail: 'On the rail leg to an inland destination.',
  picked_up: 'Picked up from the terminal.',
  off_dock: 'Moved to an off-dock facility.',
  delivered: 'Delivered.',
  dropped: 'Dropped at the consignee.',
  loaded: 'Loaded on the vessel at the port of lading.',
  empty_returned: 'Empty container returned: the journey is over.',
  awaiting_inland_transfer: 'Discharged, waiting for the inland (rail) move.',
};

/** The glossary resource as markdown. */
export function glossaryMarkdown(): string {
  const statuses = ContainerStatusSchema.options.map(
    (status) => `- \`${status}\`: ${STATUSES[status] ?? ''}`,
  );
  const events = Object.entries(TRANSPORT_EVENTS).map(
    ([name, meaning]) => `- \`container.transport.${name}\`: ${meaning}`,
  );
  return [
    '# Milestone glossary',
    '',
    '## Container status (`current_status`)',
    'The headline status of a container. The service may add values; an unknown one is passed through as sent.',
    ...statuses,
    '',
    '## Transport events',
    'Events of a container timeline, all named `container.transport.*`. Events whose name starts with `estimated.` are estimates, not facts.',
    ...events,
    '- `container.pickup_lfd.changed`, `container.pickup_lfd_rail.changed`: the last free day changed (these can appear in a timeline too).',
    '',
    '## Last free days',
    "- **Last free day (LFD)**: the last day the container can stay at the terminal without storage (demurrage) fees. It is a day in the terminal's own time zone.",
    "- `pickup_lfd`: the headline last free day; it combines the three below, preferring the line's.",
    "- Terminal LFD (`pickup_lfd_terminal`): set by the port terminal, in the port's time zone.",
    "- Rail LFD (`pickup_lfd_rail`): set by the inland rail terminal, in the destination's time zone.",
    '- Line LFD (`pickup_lfd_line`): free time granted by the shipping line.',
    '- Demurrage: fees for staying at the terminal past the LFD; detention: fees for keeping the equipment too long before returning it empty.',
    '',
    '## Holds',
    '- A hold blocks pickup until released: `customs` (customs or CBP), `freight` (the line wants payment or the original bill), `USDA`, `TMF` (terminal maintenance fee) and others.',
    '- Status `hold`: active; `pending`: waiting for release.',
    '- "Not reported" (null) means the terminal sends no hold data; "none" (an empty list) means it reports no holds.',
    '',
    '## Fees',
    "- Types: `demurrage`, `exam` (customs exam), `extended_dwell_time`, `other`, `total` (the terminal's own total).",
    '- Amounts are in the currency given; totals are only ever added up per currency.',
  ].join('\n');
}
