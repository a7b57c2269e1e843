/** The per-shipment state of the simulation: its plan and how far it has run. */

import type { Route } from '../carrier/outcomes.js';
import type { ScheduledHandle } from '../clock.js';
import {
  type PlannedStep,
  type Schedule,
  STEP_KINDS,
  type StepKind,
  scheduleFor,
  stepTimes,
} from './plan.js';

/** Where a shipment is in its plan. */
export interface ShipmentLifecycle {
  readonly shipmentId: string;
  readonly route: Route;
  /** When the carrier first reported the shipment (epoch ms); the plan is relative to it. */
  readonly base: number;
  readonly transitDays: number;
  readonly railDays: number;
  /** SCAC of the railroad for rail moves. */
  readonly railCarrier: string | null;
  /** Index of the next step to apply. */
  cursor: number;
  /** The scheduled job of the next step, while tracking is active. */
  handle: ScheduledHandle | null;
}

// The plan is recomputed from four numbers when needed rather than stored:
// with 100,000 shipments that is tens of megabytes saved.

/** The key times of a shipment's plan. */
export function scheduleOf(state: ShipmentLifecycle): Schedule {
  return scheduleFor(state.route, state.base, state.transitDays, state.railDays);
}

/** The milestone at `index` of a shipment's plan, or undefined past the end. */
export function stepAt(state: ShipmentLifecycle, index: number): PlannedStep | undefined {
  const kind = STEP_KINDS[state.route][index];
  if (kind === undefined) return undefined;
  return { kind, at: stepTimes(state.route, scheduleOf(state))[index] ?? 0 };
}

/** When a milestone of the shipment's plan happens, or null when the route has none. */
export function timeOf(state: ShipmentLifecycle, kind: StepKind): number | null {
  const index = STEP_KINDS[state.route].indexOf(kind);
  return index === -1 ? null : (stepTimes(state.route, scheduleOf(state))[index] ?? null);
}
