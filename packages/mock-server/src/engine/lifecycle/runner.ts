/**
 * Runs shipments through their plans on the mock clock: one scheduled job
 * per shipment (its next milestone), milestones already due are applied at
 * once, stopping tracking cancels the job and resuming catches up.
 */
import type { EngineContext } from '../context.js';
import type { ShipmentRecord } from '../records.js';
import type { PlannedStep } from './plan.js';
import { type ShipmentLifecycle, stepAt } from './state.js';
import { applyShipmentStep, containerStep, placesOf } from './steps.js';
import { MilestoneWriter } from './writer.js';

/** Called once every container of a shipment has been returned empty. */
export type TerminatedHandler = (shipment: ShipmentRecord, at: number) => void;

/** Drives every tracked shipment through its plan. */
export class Lifecycle {
  private readonly states = new Map<string, ShipmentLifecycle>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly onAllTerminated: TerminatedHandler,
  ) {}

  /** The plan state of a shipment, if it has one. */
  stateOf(shipmentId: string): ShipmentLifecycle | undefined {
    return this.states.get(shipmentId);
  }

  /** Starts a shipment's plan: applies the milestones already due, schedules the next. */
  start(state: ShipmentLifecycle): void {
    this.states.set(state.shipmentId, state);
    this.catchUp(state);
  }

  /** Cancels a shipment's next milestone (tracking stopped). */
  stop(shipmentId: string): void {
    const state = this.states.get(shipmentId);
    state?.handle?.cancel();
    if (state) state.handle = null;
  }

  /** Applies milestones that fell due while stopped, then schedules the next. */
  resume(shipmentId: string): void {
    const state = this.states.get(shipmentId);
    if (state) this.catchUp(state);
  }

  /** Forgets every plan (reset); the clock's jobs are cleared by the caller. */
  clear(): void {
    for (const state of this.states.values()) state.handle?.cancel();
    this.states.clear();
  }

  private catchUp(state: ShipmentLifecycle): void {
    const now = this.ctx.clock.now();
    for (let step = stepAt(state, state.cursor); step !== undefined && step.at <= now; ) {
      if (!this.apply(state, step)) return;
      step = stepAt(state, state.cursor);
    }
    this.scheduleNext(state);
  }

  private scheduleNext(state: ShipmentLifecycle): void {
    state.handle?.cancel();
    state.handle = null;
    const step = stepAt(state, state.cursor);
    if (step === undefined) return;
    state.handle = this.ctx.clock.schedule(
      step.at,
      () => {
        state.handle = null;
        if (this.apply(state, step)) this.scheduleNext(state);
      },
      'shipment milestone',
    );
  }

  /** Applies one milestone; false when the shipment is gone or no longer tracked. */
  private apply(state: ShipmentLifecycle, step: PlannedStep): boolean {
    const { store } = this.ctx;
    const shipment = store.shipments.get(state.shipmentId);
    if (shipment === undefined || shipment.lineTrackingStoppedAt !== null) return false;
    const writer = new MilestoneWriter(this.ctx, step.at);
    applyShipmentStep(this.ctx, writer, shipment, state, step.kind);
    const work = containerStep(state, step.kind);
    const places = placesOf(this.ctx, shipment);
    for (const id of shipment.containerIds) {
      const container = store.containers.get(id);
      if (container === undefined || work === undefined) continue;
      work(writer, shipment, container, { state, places, at: step.at });
    }
    state.cursor += 1;
    writer.commit();
    const terminated = shipment.containerIds.every(
      (id) => store.containers.get(id)?.currentStatus === 'empty_returned',
    );
    if (terminated && shipment.containerIds.length > 0) {
      this.onAllTerminated(shipment, step.at);
      return false;
    }
    return true;
  }
}
