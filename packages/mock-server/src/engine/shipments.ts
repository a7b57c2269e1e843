/** Edits of shipments and stopping or resuming their line tracking. */
import type { EngineContext } from './context.js';
import type { Lifecycle } from './lifecycle/runner.js';
import type { LineTrackingStoppedReason, ShipmentRecord } from './records.js';
import type { TrackingRequests } from './tracking-requests.js';

/** What `PATCH /shipments/{id}` may change. */
export interface ShipmentEdit {
  refNumbers?: string[];
  tags?: string[];
}

/** Shipment operations of the engine. */
export class Shipments {
  constructor(
    private readonly ctx: EngineContext,
    private readonly lifecycle: Lifecycle,
    private readonly trackingRequests: TrackingRequests,
  ) {}

  /** Applies an edit (reference numbers, tags). */
  update(shipment: ShipmentRecord, edit: ShipmentEdit): void {
    if (edit.refNumbers !== undefined) shipment.refNumbers = edit.refNumbers;
    if (edit.tags !== undefined) shipment.tags = edit.tags;
    shipment.updatedAt = this.ctx.clock.now();
    this.ctx.touch();
  }

  /**
   * Stops checking the carrier: sets the stop time and reason, cancels the
   * simulation, moves the tracking request to `tracking_stopped` and emits
   * `tracking_request.tracking_stopped`. Stopping a stopped shipment changes nothing.
   */
  stopTracking(
    shipment: ShipmentRecord,
    reason: LineTrackingStoppedReason,
    options: { userId?: string | null; at?: number } = {},
  ): void {
    if (shipment.lineTrackingStoppedAt !== null) return;
    const at = options.at ?? this.ctx.clock.now();
    shipment.lineTrackingStoppedAt = at;
    shipment.lineTrackingStoppedReason = reason;
    shipment.lineTrackingStoppedByUserId = options.userId ?? null;
    shipment.updatedAt = at;
    this.ctx.touch();
    this.lifecycle.stop(shipment.id);
    this.trackingRequests.markStopped(shipment, at);
  }

  /**
   * Resumes checking the carrier; milestones missed meanwhile are applied at
   * once. A shipment that is tracked, or whose tracking stopped because every
   * container finished its journey (`all_containers_terminated`), is left as
   * it is. Throws `ResumeConflictError` (state unchanged) when another
   * request for the same number and carrier is pending or created.
   */
  resumeTracking(shipment: ShipmentRecord): void {
    if (shipment.lineTrackingStoppedAt === null) return;
    if (shipment.lineTrackingStoppedReason === 'all_containers_terminated') return;
    this.trackingRequests.assertResumable(shipment);
    const at = this.ctx.clock.now();
    shipment.lineTrackingStoppedAt = null;
    shipment.lineTrackingStoppedReason = null;
    shipment.lineTrackingStoppedByUserId = null;
    shipment.updatedAt = at;
    this.ctx.touch();
    this.trackingRequests.markResumed(shipment, at);
    this.lifecycle.resume(shipment.id);
  }
}
