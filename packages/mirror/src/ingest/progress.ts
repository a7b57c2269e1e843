import type { MirroredType } from './mirrored-types.js';

/**
 * The attributes that record a milestone: the time a fact happened, which
 * the service fills in once it happens and never takes back (a box departs,
 * arrives, leaves the terminal, returns empty; a shipment's tracking stops).
 * Statuses are not among them: a container goes `available`, then
 * `not_available`, then `available` again.
 */
const MILESTONES: Readonly<Record<MirroredType, readonly string[]>> = {
  container: [
    'pol_full_in_at',
    'pol_vessel_loaded_at',
    'pol_vessel_departed_at',
    'pod_arrived_at',
    'pod_discharged_at',
    'pod_full_out_at',
    'pod_rail_loaded_at',
    'pod_rail_departed_at',
    'ind_ata_at',
    'ind_rail_unloaded_at',
    'final_destination_full_out_at',
    'delivered_at',
    'empty_out_at',
    'empty_terminated_at',
  ],
  shipment: ['pol_atd_at', 'pod_ata_at', 'destination_ata_at', 'line_tracking_stopped_at'],
  tracking_request: [],
  transport_event: [],
};

/**
 * Where each tracking request status lies on the way a request goes:
 * `pending` (and `awaiting_manifest`) before `created` or `failed`, and
 * `tracking_stopped` last. A status the mirror does not know ranks first.
 */
const REQUEST_STATUS_RANK: ReadonlyMap<string, number> = new Map([
  ['pending', 0],
  ['awaiting_manifest', 1],
  ['created', 2],
  ['failed', 2],
  ['tracking_stopped', 3],
]);

/**
 * How far along its life a record version is: the milestones it has
 * reached (non-null milestone times), and for a tracking request the rank
 * of its status. Of two versions of one record taken at one instant, the
 * one with more progress was taken later, because the service only adds
 * milestones. Equal progress says nothing.
 */
export function recordProgress(type: MirroredType, attributes: Record<string, unknown>): number {
  let reached = 0;
  for (const name of MILESTONES[type]) {
    const value = attributes[name];
    if (value !== null && value !== undefined) reached += 1;
  }
  if (type === 'tracking_request' && typeof attributes.status === 'string') {
    reached += REQUEST_STATUS_RANK.get(attributes.status) ?? 0;
  }
  return reached;
}
