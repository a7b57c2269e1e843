/**
 * Tracking requests: creation (with the carrier's support flags and the
 * duplicate rule), edits, and the simulated carrier lookup that resolves
 * them on the mock clock.
 */
import { buildCarrierReport } from './carrier/build.js';
import { carrierOutcome, normalizeTrackingNumber } from './carrier/outcomes.js';
import type { EngineContext } from './context.js';
import {
  DuplicateTrackingRequestError,
  ResumeConflictError,
  UnknownShippingLineError,
  UnsupportedRequestTypeError,
} from './errors.js';
import { trackingRequestIncluded } from './event-included.js';
import { flatString } from './ids.js';
import type { Lifecycle } from './lifecycle/runner.js';
import type {
  AccountRecord,
  FailedReason,
  RequestType,
  ShipmentRecord,
  TrackingRequestRecord,
} from './records.js';
import { supportedRequestTypes } from './reference/shipping-lines.js';
import { DAY, HOUR, MINUTE } from './time.js';

/** Delay between creating a request and the carrier's first answer. */
export const LOOKUP_DELAY_MS = MINUTE;
/** Delay between two retries of an unreachable carrier. */
export const RETRY_INTERVAL_MS = HOUR;
/** Retries before a request fails with `retries_exhausted`. */
export const MAX_LOOKUP_RETRIES = 3;
/** How long a request waits for the manifest before it is created. */
export const AWAITING_MANIFEST_MS = DAY;

/** What `POST /tracking_requests` asks for. */
export interface CreateTrackingRequestInput {
  requestType: RequestType;
  requestNumber: string;
  scac: string;
  refNumbers?: string[];
}

/** Options of {@link TrackingRequests.create}. */
export interface CreateOptions {
  /**
   * Resolve the request at once as if the carrier had answered at this time
   * (epoch ms, usually in the past): used by datasets to start shipments
   * part-way through their journey.
   */
  resolvedAt?: number;
  /**
   * The carrier reports the shipment on one vessel, then rolls it to
   * another that arrives later, half a day after its first report: used by
   * datasets to show a rolled container.
   */
  rolled?: boolean;
}

const ACTIVE = new Set(['pending', 'awaiting_manifest', 'created']);

/** Creates tracking requests and resolves them through the simulated carrier. */
export class TrackingRequests {
  /** account|scac|normalized number -> id of the active request. */
  private readonly active = new Map<string, string>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly lifecycle: Lifecycle,
  ) {}

  /**
   * Accepts a request as `pending` and schedules the carrier lookup. Throws
   * when the SCAC is unknown, the carrier does not track that request type
   * (its `*_tracking_support` flag is false), or the number is already tracked.
   */
  create(
    account: AccountRecord,
    input: CreateTrackingRequestInput,
    options: CreateOptions = {},
  ): TrackingRequestRecord {
    const { store, clock, ids } = this.ctx;
    const scac = input.scac.toUpperCase();
    const line = store.shippingLineByScac(scac);
    if (line === undefined) throw new UnknownShippingLineError(input.scac);
    const supported = supportedRequestTypes(line);
    if (!supported.includes(input.requestType)) {
      throw new UnsupportedRequestTypeError(
        line.scac,
        line.shortName,
        input.requestType,
        supported,
      );
    }
    const key = this.keyOf(account.id, line.scac, input.requestNumber);
    const existing = this.active.get(key);
    if (existing !== undefined)
      throw new DuplicateTrackingRequestError(input.requestNumber, scac, existing);
    const now =
      options.resolvedAt === undefined ? clock.now() : options.resolvedAt - LOOKUP_DELAY_MS;
    const record: TrackingRequestRecord = {
      id: ids.next(),
      accountId: account.id,
      requestNumber: input.requestNumber,
      requestType: input.requestType,
      scac: line.scac,
      refNumbers: input.refNumbers ?? [],
      tags: [],
      createdAt: now,
      updatedAt: now,
      status: 'pending',
      failedReason: null,
      isRetrying: false,
      retryCount: null,
      shipmentId: null,
      userId: account.userId,
      ...(options.rolled === true ? { rolled: true } : {}),
    };
    store.addTrackingRequest(record);
    this.ctx.touch();
    this.active.set(key, record.id);
    if (options.resolvedAt === undefined) {
      clock.schedule(now + LOOKUP_DELAY_MS, () => this.lookup(record), 'carrier lookup');
    } else {
      this.lookup(record, options.resolvedAt);
    }
    return record;
  }

  /** Replaces the reference numbers of a request (and of its shipment's request copy). */
  updateRefNumbers(record: TrackingRequestRecord, refNumbers: string[]): void {
    record.refNumbers = refNumbers;
    record.updatedAt = this.ctx.clock.now();
    this.ctx.touch();
  }

  /** Moves the request of a shipment to `tracking_stopped` and emits the event. */
  markStopped(shipment: ShipmentRecord, at: number): void {
    const record = this.requestOf(shipment);
    if (record === undefined || record.status !== 'created') return;
    record.status = 'tracking_stopped';
    record.updatedAt = at;
    this.active.delete(this.keyOf(record.accountId, record.scac, record.requestNumber));
    this.emit(record, 'tracking_request.tracking_stopped', at);
  }

  /**
   * Throws {@link ResumeConflictError} when another request for the number
   * and carrier of the shipment's request is pending or created: resuming
   * would track the same number twice.
   */
  assertResumable(shipment: ShipmentRecord): void {
    const record = this.requestOf(shipment);
    if (record === undefined) return;
    const active = this.active.get(this.keyOf(record.accountId, record.scac, record.requestNumber));
    if (active !== undefined && active !== record.id) {
      throw new ResumeConflictError(record.requestNumber, record.scac, active);
    }
  }

  /** Moves the request of a resumed shipment back to `created`. */
  markResumed(shipment: ShipmentRecord, at: number): void {
    const record = this.requestOf(shipment);
    if (record === undefined || record.status !== 'tracking_stopped') return;
    record.status = 'created';
    record.updatedAt = at;
    this.active.set(this.keyOf(record.accountId, record.scac, record.requestNumber), record.id);
  }

  /** Forgets the duplicate index (reset). */
  clear(): void {
    this.active.clear();
  }

  private requestOf(shipment: ShipmentRecord): TrackingRequestRecord | undefined {
    return shipment.trackingRequestId === null
      ? undefined
      : this.ctx.store.trackingRequests.get(shipment.trackingRequestId);
  }

  private keyOf(accountId: string, scac: string, number: string): string {
    return flatString(`${accountId}|${scac}|${normalizeTrackingNumber(number)}`);
  }

  private lookup(record: TrackingRequestRecord, now = this.ctx.clock.now()): void {
    if (!this.ctx.store.trackingRequests.has(record.id) || !ACTIVE.has(record.status)) return;
    if (record.status === 'created') return;
    const outcome = carrierOutcome(record.requestType, record.requestNumber);
    switch (outcome.kind) {
      case 'invalid_number':
      case 'not_found':
        this.fail(record, outcome.kind, now);
        return;
      case 'retries_exhausted':
        this.retryOrFail(record, now);
        return;
      case 'found':
        if (outcome.awaitingManifest && record.status === 'pending') {
          record.status = 'awaiting_manifest';
          record.updatedAt = now;
          this.emit(record, 'tracking_request.awaiting_manifest', now);
          this.ctx.clock.schedule(
            now + AWAITING_MANIFEST_MS,
            () => this.lookup(record),
            'manifest check',
          );
          return;
        }
        this.succeed(record, outcome.route, now);
    }
  }

  private retryOrFail(record: TrackingRequestRecord, now: number): void {
    const count = record.retryCount ?? 0;
    if (count >= MAX_LOOKUP_RETRIES) {
      record.isRetrying = false;
      this.fail(record, 'retries_exhausted', now);
      return;
    }
    record.isRetrying = true;
    record.retryCount = count + 1;
    record.updatedAt = now;
    this.ctx.clock.schedule(
      now + RETRY_INTERVAL_MS,
      () => this.lookup(record),
      'carrier lookup retry',
    );
  }

  private fail(record: TrackingRequestRecord, reason: FailedReason, now: number): void {
    record.status = 'failed';
    record.failedReason = reason;
    record.updatedAt = now;
    this.active.delete(this.keyOf(record.accountId, record.scac, record.requestNumber));
    this.emit(record, 'tracking_request.failed', now);
  }

  private succeed(record: TrackingRequestRecord, route: 'ocean' | 'rail', now: number): void {
    const report = buildCarrierReport(this.ctx, record, route, now);
    record.status = 'created';
    record.shipmentId = report.shipment.id;
    record.updatedAt = now;
    this.emit(record, 'tracking_request.succeeded', now);
    report.creationEvents.commit();
    this.lifecycle.start(report.lifecycle);
  }

  private emit(record: TrackingRequestRecord, name: string, at: number): void {
    this.ctx.events.emit({
      name,
      accountId: record.accountId,
      at,
      referenceObject: { type: 'tracking_request', id: record.id },
      included: trackingRequestIncluded(this.ctx.store, record),
    });
  }
}
