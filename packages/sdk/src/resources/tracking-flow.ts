import {
  APIUserAbortError,
  CarrierNotDeterminedError,
  NumberTypeNotDeterminedError,
  ShiptrackError,
  UnprocessableEntityError,
  WaitTimeoutError,
} from '../core/errors.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import { followSignal, sleep } from '../internal/abort.js';
import { shapeOne } from '../internal/shape.js';
import { mapTrackingRequest } from '../mapped/map.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import { isValidContainerNumber, normalizeContainerNumber } from '../numbers/iso6346.js';
import type { CallOptions } from './shared.js';
import type {
  RawTrackingRequestDocument,
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
  /** Your reference numbers. */
  refNumbers?: string[];
}

/** What `track()` returns. */
export interface TrackResult<T> {
  /** The new request, or the existing one when the number was already tracked. */
  trackingRequest: T;
  /** True when the service answered `duplicate` and the existing request is returned. */
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
}

const SETTLED = new Set(['created', 'failed', 'tracking_stopped']);
const MAX_INTERVAL_MS = 60_000;

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
    requestType ??= requestTypeOf(inference.numberType);
    if (requestType === undefined) {
      throw new NumberTypeNotDeterminedError(trimmed, inference.validation.reason);
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
    const existing = await resource.findExisting(requestNumber, scac, call);
    if (existing === undefined) throw error;
    return { ...summary, trackingRequest: existing, alreadyTracking: true };
  }
}

/** The loop behind `trackingRequests.waitFor()`. */
export async function waitFor<F extends ResponseFormat>(
  resource: TrackingRequests<ResponseFormat>,
  id: string,
  options: WaitForOptions<F> & { format: F },
): Promise<Result<F>> {
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const deadline = Date.now() + timeoutMs;
  let interval = options.intervalMs ?? 5_000;
  const link = followSignal(options.signal, (reason) => new APIUserAbortError({ cause: reason }));
  const signal = link.controller.signal;
  try {
    for (;;) {
      const document = await resource.get(id, { format: 'raw', signal: options.signal });
      const status = document.data.attributes.status;
      if (SETTLED.has(status)) return shapeOne(options.format, document, mapTrackingRequest);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new WaitTimeoutError(id, timeoutMs, status);
      await sleep(Math.min(interval, remaining), signal);
      interval = Math.min(interval * 1.5, MAX_INTERVAL_MS);
    }
  } finally {
    link.unlink();
  }
}
