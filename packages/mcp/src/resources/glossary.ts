import type {
  ContainerStatus,
  TerminalFeeType,
  TerminalHoldStatus,
  TransportEventName,
} from '@shiptrack/sdk';
import {
  CONTAINER_STATUS_VALUES,
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  TERMINAL_FEE_TYPE_VALUES,
  TERMINAL_HOLD_STATUS_VALUES,
} from '@shiptrack/sdk/spec';

/*
 * The meanings below are keyed by the spec's types, and the glossary lists
 * the spec's own value lists: when the spec adds or drops a value, the build
 * fails here until its meaning is written.
 */

/** What each container status means. */
const STATUS_MEANINGS: Record<ContainerStatus, string> = {
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

/** What each event of a container's timeline means: milestones, then update events. */
const EVENT_MEANINGS: Record<TransportEventName, string> = {
  'container.transport.vessel_loaded': 'Loaded onto the vessel at the port of lading.',
  'container.transport.vessel_departed': 'The vessel left the port of lading.',
  'container.transport.vessel_arrived':
    'The vessel arrived at a port (the port of discharge, unless a transshipment).',
  'container.transport.vessel_berthed': 'The vessel berthed at the terminal.',
  'container.transport.vessel_discharged': 'Unloaded from the vessel at the port of discharge.',
  'container.transport.transshipment_arrived': 'Arrived at a transshipment port.',
  'container.transport.transshipment_discharged': 'Unloaded at a transshipment port.',
  'container.transport.transshipment_loaded':
    'Loaded onto the next vessel at a transshipment port.',
  'container.transport.transshipment_departed': 'Left a transshipment port.',
  'container.transport.feeder_arrived': 'A feeder vessel arrived.',
  'container.transport.feeder_discharged': 'Unloaded from a feeder vessel.',
  'container.transport.feeder_loaded': 'Loaded onto a feeder vessel.',
  'container.transport.feeder_departed': 'A feeder vessel departed.',
  'container.transport.rail_loaded': 'Loaded onto a train.',
  'container.transport.rail_departed': 'The train departed.',
  'container.transport.rail_arrived': 'The train arrived at the inland rail terminal.',
  'container.transport.rail_unloaded': 'Unloaded from the train at the inland destination.',
  'container.transport.empty_out': 'Empty container picked up from the depot by the shipper.',
  'container.transport.full_in': 'Loaded container delivered to the port of lading.',
  'container.transport.full_out':
    'Picked up full from the terminal (gate out): storage at the terminal ends.',
  'container.transport.empty_in': 'Empty container returned to the line (ends detention).',
  'container.transport.arrived_at_inland_destination': 'Arrived at the inland destination.',
  'container.transport.available': 'The terminal released it for pickup.',
  'container.transport.not_available':
    'The terminal reports it not available for pickup (holds, not yet discharged).',
  'container.transport.delivered': 'Delivered to the consignee.',
  'container.transport.estimated.vessel_arrived':
    'A new or changed estimate of the vessel arrival.',
  'container.transport.estimated.vessel_departed':
    'A new or changed estimate of the vessel departure.',
  'container.transport.estimated.arrived_at_inland_destination':
    'A new or changed estimate of the inland arrival.',
  'container.created': 'The container was added to a tracked shipment.',
  'container.updated': 'Facts of the container changed (status, availability, holds, fees, ...).',
  'container.pod_terminal_changed': 'The terminal at the port of discharge changed.',
  'container.pickup_lfd.changed': 'The headline last free day changed.',
  'container.pickup_lfd_line.changed': "The shipping line's last free day changed.",
  'container.pickup_lfd_terminal.changed': "The terminal's last free day changed.",
  'container.pickup_lfd_rail.changed': "The rail terminal's last free day changed.",
  'container.pickup_appointment.changed': 'The pickup appointment changed.',
};

/** What each hold status means. */
const HOLD_STATUS_MEANINGS: Record<TerminalHoldStatus, string> = {
  hold: 'Hold status: in force, pickup is blocked.',
  pending: 'Hold status: waiting for release.',
};

/** What each fee type is for. */
const FEE_TYPE_MEANINGS: Record<TerminalFeeType, string> = {
  demurrage: 'Fee type: storage at the terminal past the last free day.',
  exam: 'Fee type: a customs exam.',
  extended_dwell_time: 'Fee type: a long stay at the terminal.',
  other: 'Fee type: anything else.',
  total: "Fee type: the terminal's own total of its fees.",
};

/** The short member names of the list tools' rows, spelled out. */
const ROW_ABBREVIATIONS: Readonly<Record<string, string>> = {
  scac: 'Standard Carrier Alpha Code of the shipping line (e.g. `MAEU`).',
  bl: 'Bill of lading number (B/L).',
  pol: 'Port of lading (loading), as a UN/LOCODE.',
  pod: 'Port of discharge, as a UN/LOCODE.',
  eta: 'Estimated time of arrival at the port of discharge.',
  ata: 'Actual time of arrival at the port of discharge.',
  lfd: 'Last free day (`pickup_lfd`, UTC), see above.',
  lastFreeDay:
    'The first last free day that applies, as a day in the time zone of its place (`date`, `timeZone`, `source`, `daysLeft`; `applies` false once the box has left; `at` in UTC).',
  available: 'Available for pickup at the terminal.',
  holds: 'How many holds the terminal reports (0: none).',
  events: 'How many transport events the container has.',
  stopped: 'Tracking of the shipment stopped (no more updates).',
  cntrs: 'How many containers the shipment has.',
  reason: "Why a tracking request failed (the service's `failed_reason`).",
  retrying: 'The service retries a failed tracking request.',
  created: 'When the tracking request was made.',
};

function item(value: string, meaning: string): string {
  return `- \`${value}\`: ${meaning}`;
}

/** The glossary resource as markdown. */
export function glossaryMarkdown(): string {
  return [
    '# Milestone glossary',
    '',
    '## Container status (`current_status`)',
    'The headline status of a container. The service may add values; an unknown one is passed through as sent.',
    ...CONTAINER_STATUS_VALUES.map((status) => item(status, STATUS_MEANINGS[status])),
    '',
    '## Transport events',
    'Events of a container timeline. Milestones are named `container.transport.*`; those whose name continues with `estimated.` are estimates, not facts.',
    ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES.map((name) => item(name, EVENT_MEANINGS[name])),
    '',
    'Update events can appear in a timeline too; they say what changed, not where the container went:',
    ...CONTAINER_UPDATE_EVENT_NAME_VALUES.map((name) => item(name, EVENT_MEANINGS[name])),
    '',
    '## Last free days',
    "- **Last free day (LFD)**: the last day the container can stay at the terminal without storage (demurrage) fees. It is a day in the terminal's own time zone.",
    "- `pickup_lfd`: the headline last free day; it combines the three below, preferring the line's. Storage is owed from the first that applies, which the tools lead with.",
    "- Terminal LFD (`pickup_lfd_terminal`): set by the port terminal, in the port's time zone.",
    "- Rail LFD (`pickup_lfd_rail`): set by the inland rail terminal, in the destination's time zone.",
    '- Line LFD (`pickup_lfd_line`): free time granted by the shipping line.',
    '- Demurrage: fees for staying at the terminal past the LFD; detention: fees for keeping the equipment too long before returning it empty.',
    '',
    '## Holds',
    '- A hold blocks pickup until released: `customs` (customs or CBP), `freight` (the line wants payment or the original bill), `USDA`, `TMF` (terminal maintenance fee) and others.',
    ...TERMINAL_HOLD_STATUS_VALUES.map((status) => item(status, HOLD_STATUS_MEANINGS[status])),
    '- "Not reported" (null) means the terminal sends no hold data; "none" (an empty list) means it reports no holds.',
    '',
    '## Fees',
    ...TERMINAL_FEE_TYPE_VALUES.map((type) => item(type, FEE_TYPE_MEANINGS[type])),
    '- Amounts are in the currency given; totals are only ever added up per currency.',
    '',
    '## Abbreviations in list rows',
    'The rows of `list_containers`, `list_shipments` and `list_tracking_requests` use these short names; a member the service did not report is left out.',
    ...Object.entries(ROW_ABBREVIATIONS).map(([name, meaning]) => item(name, meaning)),
  ].join('\n');
}
