/**
 * Which rows can need attention at all: the conditions of the partial
 * indexes of migration 0012, which `mirror.attention()` asks with the same
 * text (PostgreSQL uses a partial index only for a query that implies its
 * condition). Each is a necessary condition of one of the SDK's rules,
 * never the rule: the rows it keeps are judged by `accountAttention`, so
 * it may keep too many, never too few (test/attention-candidates.test.ts
 * checks that on every kind of row). Changing one needs a new migration
 * that makes its index again.
 */
import { QUIET_STOP_REASONS } from '@shiptrack/sdk';

/** SQL true when attribute `name` is truthy in JavaScript: present, and not null, false, 0 or "". */
function truthy(name: string): string {
  const value = `attributes->'${name}'`;
  return `(${value} is not null and ${value} not in ('null'::jsonb, 'false'::jsonb, '0'::jsonb, '""'::jsonb))`;
}

/** SQL true when attribute `name` is falsy in JavaScript (absent too). */
function falsy(name: string): string {
  return `not ${truthy(name)}`;
}

/** SQL true when the service stopped tracking (the SDK's `trackingStoppedOf`: sent and not null). */
const STOPPED = `coalesce(attributes->'line_tracking_stopped_at', 'null'::jsonb) <> 'null'::jsonb`;

const quietReasons = QUIET_STOP_REASONS.map((reason) => `'${reason}'`).join(', ');

/**
 * Containers: a last free day can still apply (an empty return ends every
 * deadline; the time bound is the query's), an active hold or fees while it
 * has not gone out full, discharged and not available.
 */
export const CONTAINER_CANDIDATES = {
  deadline: `first_deadline is not null and ${falsy('empty_terminated_at')}`,
  held: `holds @> '[{"status": "hold"}]' and pod_full_out_at is null`,
  fees: `pod_full_out_at is null and jsonb_typeof(attributes->'fees_at_pod_terminal') = 'array' and attributes->'fees_at_pod_terminal' <> '[]'::jsonb`,
  unavailable: `available_for_pickup = false and pod_full_out_at is null and ${truthy('pod_discharged_at')}`,
} as const;

/**
 * Shipments: an estimate later than the first one before the arrival, a
 * stop of tracking for a reason that needs attention, and (for silence in
 * transit, the time bound being the query's) tracking not stopped, with
 * its last success kept as a time or, when it does not read as one, as sent.
 */
export const SHIPMENT_CANDIDATES = {
  podSlip: `pod_eta_at > pod_original_eta_at and ${falsy('pod_ata_at')}`,
  destinationSlip: `${truthy('destination_eta_at')} and ${truthy('destination_original_eta_at')} and attributes->'destination_eta_at' <> attributes->'destination_original_eta_at' and ${falsy('destination_ata_at')}`,
  stopped: `${STOPPED} and coalesce(attributes->>'line_tracking_stopped_reason', '') not in (${quietReasons})`,
  tracking: `not (${STOPPED})`,
  trackingUnread: `not (${STOPPED}) and line_tracking_last_succeeded_at is null and ${truthy('line_tracking_last_succeeded_at')}`,
} as const;
