/** The per-shipment state of the simulation: its plan and how far it has run. */

import type { Route } from '../carrier/outcomes.js';
import type { ScheduledHandle } from '../clock.js';
import type { PlannedStep, Schedule, StepKind } from './plan.js';

/** Where a shipment is in its plan. */
export interface ShipmentLifecycle {
  readonly shipmentId: string;
  readonly route: Route;
  readonly schedule: Schedule;
  /** The route's milestones (shared) and when each happens for this shipment. */
  readonly kinds: readonly StepKind[];
  readonly times: Float64Array;
  /** SCAC of the railroad for rail moves. */
  readonly railCarrier: string | null;
  /** Index of the next step to apply. */
  cursor: number;
  /** The scheduled job of the next step, while tracking is active. */
  handle: ScheduledHandle | null;
}

/** The milestone at `index` of a shipment's plan, or undefined past the end. */
export function stepAt(state: ShipmentLifecycle, index: number): PlannedStep | undefined {
  const kind = state.kinds[index];
  const at = state.times[index];
  return kind === undefined || at === undefined ? undefined : { kind, at };
}

/** When a milestone of the shipment's plan happens, or null when the route has none. */
export function timeOf(state: ShipmentLifecycle, kind: StepKind): number | null {
  const index = state.kinds.indexOf(kind);
  return index === -1 ? null : (state.times[index] ?? null);
}
