/**
 * The shipment's items: an estimated arrival later than the first one, a
 * stop of tracking that is not the journey's normal end, and silence from
 * the carrier while the box is in transit.
 */
import { CONTAINER_STATUS_VALUES } from '../../generated/enums.js';
import type { MappedContainer } from '../../mapped/container.js';
import type { ContainerStatus, LineTrackingStoppedReason } from '../../mapped/enums.js';
import type { MappedShipment } from '../../mapped/shipment.js';
import { daysUntil } from '../local-day.js';
import { trackingStoppedOf } from '../tracking-stopped.js';
import { dayAt, timeEvidence, valueEvidence } from './evidence.js';
import type { AttentionItem, AttentionSeverity, AttentionSubject } from './model.js';
import type { AttentionThresholds } from './thresholds.js';

/** What the shipment's rules need. */
export interface ShipmentRuleContext {
  readonly now: Date;
  readonly thresholds: AttentionThresholds;
  readonly subject: AttentionSubject;
  /** Whether a container of the shipment is on its way (see {@link isInTransit}). */
  readonly inTransit: boolean;
}

/**
 * Whether a container in each `current_status` is on its way, on a vessel
 * or a train. Keyed by the spec's type: the build fails when the spec adds a
 * status until it is decided here.
 */
const STATUS_IN_TRANSIT: Record<ContainerStatus, boolean> = {
  new: false,
  on_ship: true,
  available: false,
  not_available: false,
  grounded: false,
  on_rail: true,
  picked_up: false,
  off_dock: false,
  delivered: false,
  dropped: false,
  loaded: true,
  empty_returned: false,
  awaiting_inland_transfer: false,
};

/**
 * Whether a container is on its way: its status says so, or (a status the
 * SDK does not know) its shipment left the port of lading and has not
 * arrived at the port of discharge.
 */
export function isInTransit(container: MappedContainer, shipment: MappedShipment | null): boolean {
  const known: readonly string[] = CONTAINER_STATUS_VALUES;
  const status = container.status;
  // Safe: `known` is the list of ContainerStatus values.
  if (typeof status === 'string' && known.includes(status))
    return STATUS_IN_TRANSIT[status as ContainerStatus];
  return Boolean(shipment?.polAtdAt && !shipment.podAtaAt);
}

/**
 * How much a stop of tracking needs attention, by its reason: the journey's
 * end and a stop you asked for need none.
 */
const STOPPED_REASON_SEVERITY: Readonly<
  Record<LineTrackingStoppedReason, AttentionSeverity | null>
> = {
  all_containers_terminated: null,
  cancelled_by_user: null,
  past_arrival_window: 'warning',
  past_full_out_window: 'info',
  no_updates_at_line: 'warning',
  booking_cancelled: 'critical',
};

const STOPPED_REASON_WORDS: Readonly<Record<LineTrackingStoppedReason, string>> = {
  all_containers_terminated: 'every container was returned',
  cancelled_by_user: 'you stopped it',
  past_arrival_window: 'the arrival window passed without news of the arrival',
  past_full_out_window: 'the pickup window passed',
  no_updates_at_line: 'the carrier stopped sending updates',
  booking_cancelled: 'the booking was cancelled',
};

/**
 * The reasons of a stop of tracking that need no attention (the journey's
 * end, a stop you asked for): a store may leave shipments stopped for these
 * out of its candidates, as the mirror's pre-filter does.
 */
export const QUIET_STOP_REASONS: readonly LineTrackingStoppedReason[] = Object.freeze(
  Object.entries(STOPPED_REASON_SEVERITY)
    .filter(([, severity]) => severity === null)
    // Safe: the keys of a Record<LineTrackingStoppedReason, ...> are its reasons.
    .map(([reason]) => reason as LineTrackingStoppedReason),
);

function knownStopReason(reason: string): reason is LineTrackingStoppedReason {
  return Object.hasOwn(STOPPED_REASON_SEVERITY, reason);
}

const DAY_MS = 86_400_000;

function slipItem(
  shipment: MappedShipment,
  context: ShipmentRuleContext,
  place: 'port_of_discharge' | 'destination',
): AttentionItem[] {
  const pod = place === 'port_of_discharge';
  const eta = pod ? shipment.podEtaAt : shipment.destinationEtaAt;
  const original = pod ? shipment.podOriginalEtaAt : shipment.destinationOriginalEtaAt;
  const arrived = pod ? shipment.podAtaAt : shipment.destinationAtaAt;
  const zone = (pod ? shipment.podTimezone : shipment.destinationTimezone) ?? null;
  if (!eta || !original || arrived) return [];
  // Calendar days at the place from the first estimate's day to the current one's.
  const slip = daysUntil(eta, new Date(original), zone);
  if (slip === null || slip.days <= 0 || slip.days < context.thresholds.etaSlippedDays) return [];
  const prefix = pod ? 'pod' : 'destination';
  const now = timeEvidence('shipment', `${prefix}_eta_at`, eta, zone);
  const first = timeEvidence('shipment', `${prefix}_original_eta_at`, original, zone);
  const where = pod ? 'at the port of discharge' : 'at the destination';
  return [
    {
      kind: 'eta_slipped',
      severity: 'warning',
      subject: context.subject,
      place,
      days: slip.days,
      evidence: [now, first],
      reason: `Arrival ${where} slipped ${slip.days} day(s): now ${dayAt(now.time, eta)}, first reported ${dayAt(first.time, original)}.`,
    },
  ];
}

function stoppedItems(shipment: MappedShipment, context: ShipmentRuleContext): AttentionItem[] {
  if (trackingStoppedOf(shipment) !== true || !shipment.lineTrackingStoppedAt) return [];
  const reason = shipment.lineTrackingStoppedReason ?? null;
  const known = reason !== null && knownStopReason(reason);
  const severity = known ? STOPPED_REASON_SEVERITY[reason] : 'warning';
  if (severity === null) return [];
  const why = known
    ? STOPPED_REASON_WORDS[reason]
    : reason === null
      ? 'no reason was given'
      : `reason "${reason}"`;
  const stopped = timeEvidence(
    'shipment',
    'line_tracking_stopped_at',
    shipment.lineTrackingStoppedAt,
    null,
  );
  return [
    {
      kind: 'tracking_stopped',
      severity,
      subject: context.subject,
      stoppedReason: reason,
      evidence: [stopped, valueEvidence('shipment', 'line_tracking_stopped_reason', reason)],
      reason: `Tracking stopped ${dayAt(stopped.time, shipment.lineTrackingStoppedAt)}: ${why}; no further updates will come.`,
    },
  ];
}

function silenceItems(shipment: MappedShipment, context: ShipmentRuleContext): AttentionItem[] {
  const last = shipment.lineTrackingLastSucceededAt;
  if (!context.inTransit || !last || trackingStoppedOf(shipment) === true) return [];
  const elapsed = context.now.getTime() - Date.parse(last);
  if (!(elapsed >= context.thresholds.noUpdateDays * DAY_MS)) return [];
  const days = Math.floor(elapsed / DAY_MS);
  const checked = timeEvidence('shipment', 'line_tracking_last_succeeded_at', last, null);
  return [
    {
      kind: 'no_recent_update',
      severity: 'warning',
      subject: context.subject,
      daysSinceUpdate: days,
      evidence: [checked],
      reason: `In transit and no news from the carrier for ${days} days (last successful check ${dayAt(checked.time, last)}).`,
    },
  ];
}

/** The items of a shipment alone: slipped arrivals, a stop of tracking, silence in transit. */
export function shipmentItems(
  shipment: MappedShipment,
  context: ShipmentRuleContext,
): AttentionItem[] {
  return [
    ...slipItem(shipment, context, 'port_of_discharge'),
    ...slipItem(shipment, context, 'destination'),
    ...stoppedItems(shipment, context),
    ...silenceItems(shipment, context),
  ];
}
