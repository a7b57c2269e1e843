import {
  APIUserAbortError,
  CarrierNotDeterminedError,
  InvalidTrackingNumberError,
  NumberTypeNotDeterminedError,
  ShiptrackError,
  UnprocessableEntityError,
  WaitTimeoutError,
} from '../core/errors.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import { followSignal, sleep } from '../internal/abort.js';
import { asMapped, shapeOne } from '../internal/shape.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import { isValidContainerNumber, normalizeContainerNumber } from '../numbers/iso6346.js';
import type { CallOptions } from './shared.js';
import type {
  RawTrackingRequestDocument,
  TrackingRequestInclude,
  TrackingRequests,
  TrackingRequestType,
} from './tracking-requests.js';

/** Tells whether an error is the service's 422 `duplicate` (the number is already tracked). */
export function isDuplicate(error: unknown): error is UnprocessableEntityError {
  return error instanceof UnprocessableEntityError && error.code === 'duplicate';
}

/** Options of `trackingRequests.track`. */
export interface TrackOptions<F extends ResponseFormat> extends CallOptions<F> {
  /** The carrier's SCAC; inferred by the service when absent (only when it is sure). */
  scac?: string;
  /** Kind of number; detected when absent. */
  type?: TrackingRequestType;
  /**
   * Your reference numbers. When the number is already tracked, the ones the
   * existing request lacks are added to it (its own are kept).
   */
  refNumbers?: string[];
}

/** What `track()` returns. */
export interface TrackResult<T> {
  /** The new request, or the existing one when the number was already tracked. */
  trackingRequest: T;
  /**
   * True when the service answered `duplicate` and the existing request is
   * returned (with `refNumbers` added to it when it lacked some).
   */
  alreadyTracking: boolean;
  /** The kind of number that was submitted. */
  requestType: TrackingRequestType;
  /** The number as submitted (container numbers normalized). */
  requestNumber: string;
  /** The carrier the request was made for. */
  scac: string;
}

/** Options of `trackingRequests.waitFor`. */
export interface WaitForOptions<F extends ResponseFormat> {
  format?: F;
  /** Stops waiting (the promise rejects with `APIUserAbortError`). */
  signal?: AbortSignal;
  /** How long to wait in total, in ms (default 15 minutes). */
  timeoutMs?: number;
  /** First pause between polls, in ms (default 5 000); each pause is 1.5 times longer, up to 60 s. */
  intervalMs?: number;
  /**
   * Related records to embed in the result (default `['tracked_object']`:
   * the shipment, as `trackedObject` in the mapped format); `[]` for none.
   */
  include?: TrackingRequestInclude[];
}

const SETTLED = new Set(['created', 'failed', 'tracking_stopped']);
const MAX_INTERVAL_MS = 60_000;
/** The abort reason of `waitFor`'s own time limit. */
const WAIT_TIMED_OUT = Symbol('waitFor timed out');

function requestTypeOf(numberType: string | null): TrackingRequestType | undefined {
  if (numberType === 'container' || numberType === 'bill_of_lading') return numberType;
  if (numberType === 'booking') return 'booking_number';
  return undefined;
}

type Result<F extends ResponseFormat> = Formatted<
  F,
  RawTrackingRequestDocument,
  MappedTrackingRequest
>;

/** The flow behind `trackingRequests.track()`. */
export async function track<F extends ResponseFormat>(
  resource: TrackingRequests<ResponseFormat>,
  number: string,
  options: TrackOptions<F> & { format: F },
): Promise<TrackResult<Result<F>>> {
  const { scac: givenScac, type: givenType, refNumbers, ...call } = options;
  const trimmed = number.trim();
  if (trimmed === '') {
    throw new ShiptrackError(
      'track() needs a number: a bill of lading, booking or container number.',
    );
  }
  let requestType = givenType;
  let scac = givenScac?.trim().toUpperCase() || undefined;
  if (requestType === undefined && isValidContainerNumber(trimmed)) requestType = 'container';
  if (requestType === undefined || scac === undefined) {
    const inference = await resource.inferNumber(trimmed, { ...call, format: 'mapped' });
    const { isValid, checkDigitPassed, reason } = inference.validation;
    if (!isValid || checkDigitPassed === false)
      throw new InvalidTrackingNumberError(trimmed, reason);
    requestType ??= requestTypeOf(inference.numberType);
    if (requestType === undefined) {
      throw new NumberTypeNotDeterminedError(trimmed, reason);
    }
    if (scac === undefined) {
      const { decision, selected, candidates } = inference.shippingLine;
      if (decision !== 'auto_select' || !selected) {
        throw new CarrierNotDeterminedError({
          number: trimmed,
          decision,
          candidates: candidates ?? (selected ? [selected] : []),
        });
      }
      scac = selected.scac;
    }
  }
  const requestNumber = requestType === 'container' ? normalizeContainerNumber(trimmed) : trimmed;
  const summary = { requestType, requestNumber, scac };
  try {
    const created = await resource.create({ ...summary, refNumbers }, call);
    return { ...summary, trackingRequest: created, alreadyTracking: false };
  } catch (error) {
    if (!isDuplicate(error)) throw error;
    const existing = await resource.findExisting(requestNumber, scac, { ...call, format: 'raw' });
    if (existing === undefined) throw error;
    return {
      ...summary,
      trackingRequest: await withRefNumbers(resource, existing, refNumbers ?? [], call),
      alreadyTracking: true,
    };
  }
}

/**
 * An existing request with `refNumbers` added: one PATCH with its own
 * reference numbers followed by the new ones, only when some are new.
 */
async function withRefNumbers<F extends ResponseFormat>(
  resource: TrackingRequests<ResponseFormat>,
  existing: RawTrackingRequestDocument,
  refNumbers: readonly string[],
  call: CallOptions<F> & { format: F },
): Promise<Result<F>> {
  const current = existing.data.attributes.ref_numbers ?? [];
  const added = [...new Set(refNumbers)].filter((ref) => !current.includes(ref));
  if (added.length === 0) return shapeOne(call.format, existing, asMapped<MappedTrackingRequest>);
  return resource.update(existing.data.id, { refNumbers: [...current, ...added] }, call);
}

/**
 * The loop behind `trackingRequests.waitFor()`. One timer bounds the whole
 * wait, polls included: a poll that hangs is aborted when `timeoutMs` is up.
 */
export async function waitFor<F extends ResponseFormat>(
  resource: TrackingRequests<ResponseFormat>,
  id: string,
  options: WaitForOptions<F> & { format: F },
): Promise<Result<F>> {
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const include = options.include ?? ['tracked_object'];
  let interval = options.intervalMs ?? 5_000;
  const link = followSignal(options.signal, (reason) => new APIUserAbortError({ cause: reason }));
  const { controller } = link;
  const signal = controller.signal;
  const timer = setTimeout(() => controller.abort(WAIT_TIMED_OUT), timeoutMs);
  let lastStatus: string | undefined;
  try {
    for (;;) {
      const document = await resource.get(id, { format: 'raw', include, signal });
      lastStatus = document.data.attributes.status;
      if (SETTLED.has(lastStatus))
        return shapeOne(options.format, document, asMapped<MappedTrackingRequest>);
      await sleep(interval, signal);
      interval = Math.min(interval * 1.5, MAX_INTERVAL_MS);
    }
  } catch (error) {
    if (signal.reason === WAIT_TIMED_OUT) throw new WaitTimeoutError(id, timeoutMs, lastStatus);
    // The caller's abort, as one APIUserAbortError (not the transport's wrapper of it).
    throw signal.aborted ? signal.reason : error;
  } finally {
    clearTimeout(timer);
    link.unlink();
  }
}
