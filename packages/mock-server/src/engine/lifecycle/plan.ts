/**
 * The timeline of a shipment, decided when the carrier first reports it:
 * which milestone happens when, relative to the moment of that first report.
 * A plan is plain data, so the demo dataset can start a shipment "in the
 * past" and replay the milestones already behind it.
 */
import type { Route } from '../carrier/outcomes.js';
import { DAY, HOUR } from '../time.js';

/** A milestone of the simulation; each one updates every container of the shipment. */
export type StepKind =
  | 'vessel_rolled'
  | 'vessel_loaded'
  | 'vessel_departed'
  | 'eta_revised'
  | 'vessel_arrived'
  | 'vessel_discharged'
  | 'released'
  | 'lfd_extended'
  | 'appointment_set'
  | 'rail_loaded'
  | 'rail_departed'
  | 'inland_eta_revised'
  | 'rail_arrived'
  | 'rail_unloaded'
  | 'full_out'
  | 'empty_in';

/** One milestone and when it happens (epoch ms). */
export interface PlannedStep {
  readonly at: number;
  readonly kind: StepKind;
}

/** The key times of a shipment, computed once from its lane. */
export interface Schedule {
  /** When a rolled shipment is moved to another vessel (only rolled plans have the step). */
  readonly rolledAt: number;
  readonly emptyOutAt: number;
  readonly fullInAt: number;
  readonly loadedAt: number;
  readonly departedAt: number;
  /** First arrival estimate the carrier gives (kept as `pod_original_eta_at`). */
  readonly originalEtaAt: number;
  /** The carrier revises the estimate once; the vessel arrives at the revised time. */
  readonly revisedEtaAt: number;
  readonly etaRevisedAt: number;
  readonly dischargedAt: number;
  /** Rail moves only: first and revised estimate of arrival inland. */
  readonly inlandEtaAt: number | null;
  readonly revisedInlandEtaAt: number | null;
}

/** The delay the carrier announces with its one ETA revision. */
export const ETA_DELAY_MS = DAY;

/**
 * How much later the vessel a rolled shipment is moved to arrives than the
 * vessel it was first booked on (demo data: see `rolled` of a tracking
 * request record).
 */
export const ROLL_DELAY_MS = 2 * DAY;

/** When, after the first report, the carrier rolls a shipment to another vessel (before loading). */
export const ROLL_AFTER_MS = 12 * HOUR;

/** Computes the key times of a shipment first reported at `base`. */
export function scheduleFor(
  route: Route,
  base: number,
  transitDays: number,
  railDays: number,
): Schedule {
  const departedAt = base + DAY + 6 * HOUR;
  const originalEtaAt = departedAt + transitDays * DAY;
  const revisedEtaAt = originalEtaAt + ETA_DELAY_MS;
  const dischargedAt = revisedEtaAt + 12 * HOUR;
  const inlandEtaAt = route === 'rail' ? dischargedAt + DAY + (railDays - 0.5) * DAY : null;
  return {
    rolledAt: base + ROLL_AFTER_MS,
    emptyOutAt: base - 4 * DAY,
    fullInAt: base - 2 * DAY,
    loadedAt: base + DAY,
    departedAt,
    originalEtaAt,
    revisedEtaAt,
    etaRevisedAt: departedAt + Math.floor(transitDays / 2) * DAY,
    dischargedAt,
    inlandEtaAt,
    revisedInlandEtaAt: inlandEtaAt === null ? null : inlandEtaAt + 8 * HOUR,
  };
}

/** The voyage both routes start with: loaded at origin to discharged at the port. */
const VOYAGE: readonly StepKind[] = [
  'vessel_loaded',
  'vessel_departed',
  'eta_revised',
  'vessel_arrived',
  'vessel_discharged',
];

/** The milestones of each route, in time order (shared by every shipment). */
export const STEP_KINDS: Readonly<Record<Route, readonly StepKind[]>> = {
  ocean: [...VOYAGE, 'released', 'lfd_extended', 'appointment_set', 'full_out', 'empty_in'],
  rail: [
    ...VOYAGE,
    'rail_loaded',
    'rail_departed',
    'inland_eta_revised',
    'rail_arrived',
    'rail_unloaded',
    'full_out',
    'empty_in',
  ],
};

/**
 * When each milestone of {@link STEP_KINDS}[route] happens, in epoch ms.
 */
export function stepTimes(route: Route, schedule: Schedule): number[] {
  const { dischargedAt } = schedule;
  const common = [
    schedule.loadedAt,
    schedule.departedAt,
    schedule.etaRevisedAt,
    schedule.revisedEtaAt,
    dischargedAt,
  ];
  if (route === 'ocean') {
    return [
      ...common,
      dischargedAt + DAY,
      dischargedAt + DAY + 2 * HOUR,
      dischargedAt + DAY + 4 * HOUR,
      dischargedAt + 2 * DAY + 3 * HOUR,
      dischargedAt + 5 * DAY,
    ];
  }
  const arrival = schedule.revisedInlandEtaAt ?? dischargedAt + 4 * DAY;
  return [
    ...common,
    dischargedAt + 18 * HOUR,
    dischargedAt + DAY,
    dischargedAt + DAY + 6 * HOUR,
    arrival,
    arrival + 6 * HOUR,
    arrival + 2 * DAY,
    arrival + 4 * DAY,
  ];
}

/** Whether a plan starts with the roll to another vessel. */
export interface PlanOptions {
  readonly rolled: boolean;
}

/** The milestones of a plan, in time order: {@link STEP_KINDS}, after the roll when rolled. */
export function planKinds(route: Route, options: PlanOptions): readonly StepKind[] {
  return options.rolled ? ['vessel_rolled', ...STEP_KINDS[route]] : STEP_KINDS[route];
}

/** When each milestone of {@link planKinds} happens, in epoch ms. */
export function planTimes(route: Route, schedule: Schedule, options: PlanOptions): number[] {
  const times = stepTimes(route, schedule);
  return options.rolled ? [schedule.rolledAt, ...times] : times;
}

/** The milestones after the first report, in time order. */
export function planSteps(
  route: Route,
  schedule: Schedule,
  options: PlanOptions = { rolled: false },
): PlannedStep[] {
  const times = planTimes(route, schedule, options);
  return planKinds(route, options).map((kind, index) => ({ kind, at: times[index] ?? 0 }));
}
