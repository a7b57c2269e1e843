/** The per-shipment state of the simulation: its plan and how far it has run. */

import type { Route } from '../carrier/outcomes.js';
import type { ScheduledHandle } from '../clock.js';
import {
  type PlannedStep,
  planKinds,
  planTimes,
  type Schedule,
  type StepKind,
  scheduleFor,
} from './plan.js';

/** The vessel and voyage a rolled shipment is moved to. */
export interface RollTarget {
  readonly vesselId: string;
  readonly voyageNumber: string;
}

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
  /** Where the carrier rolls the shipment before loading; `null` when it is not rolled. */
  readonly rollTo: RollTarget | null;
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
  const options = { rolled: state.rollTo !== null };
  const kind = planKinds(state.route, options)[index];
  if (kind === undefined) return undefined;
  return { kind, at: planTimes(state.route, scheduleOf(state), options)[index] ?? 0 };
}

/** When a milestone of the shipment's plan happens, or null when the route has none. */
export function timeOf(state: ShipmentLifecycle, kind: StepKind): number | null {
  const options = { rolled: state.rollTo !== null };
  const index = planKinds(state.route, options).indexOf(kind);
  return index === -1 ? null : (planTimes(state.route, scheduleOf(state), options)[index] ?? null);
}
