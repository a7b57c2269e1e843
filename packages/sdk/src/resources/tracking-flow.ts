import type { CallOptions } from '../core/api-client.js';
import { oneOf, optionalText, requireText } from '../core/arguments.js';
import { APIUserAbortError, UnprocessableEntityError } from '../core/errors.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import { CarrierNotDeterminedError, WaitTimeoutError } from '../core/tracking-errors.js';
import { TRACKING_REQUEST_TYPE_VALUES } from '../generated/enums.js';
import type * as raw from '../generated/raw-documents.js';
import { followSignal, sleep } from '../internal/abort.js';
import { formatted, mapPrimary } from '../internal/shape.js';
import type { TrackingRequestStatus, TrackingRequestType } from '../mapped/enums.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import { readTrackingNumber, settleNumberInference } from './number-inference.js';
import type { TrackingRequestInclude, TrackingRequests } from './tracking-requests.js';

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
  /**
   * Called after each poll that found the request not settled yet, before
   * the pause: for a progress line. An exception it throws stops the wait.
   */
  onPoll?: (poll: WaitPoll) => void;
}

/** What `waitFor`'s `onPoll` is told after a poll. */
export interface WaitPoll {
  /** The request's status at this poll (open: the service may add statuses). */
  status: string;
  /** Polls made so far, this one included. */
  polls: number;
  /** The pause before the next poll, in ms. */
  nextPollInMs: number;
}

// Typed by the spec's statuses, so a status the spec drops stops this compiling.
const SETTLED = new Set<string>([
  'created',
  'failed',
  'tracking_stopped',
] satisfies TrackingRequestStatus[]);
const MAX_INTERVAL_MS = 60_000;
/** The abort reason of `waitFor`'s own time limit. */
const WAIT_TIMED_OUT = Symbol('waitFor timed out');

type Result<F extends ResponseFormat> = Formatted<
  F,
  raw.RawTrackingRequestDocument,
  MappedTrackingRequest
>;

/** A tracking request document in format `F`. */
function formattedRequest<F extends ResponseFormat>(
  format: F,
  document: raw.RawTrackingRequestDocument,
): Result<F> {
  // Safe: `formatted` returns the branch that Formatted<F, ...> selects for `format`.
  return formatted(format, document, mapPrimary) as Result<F>;
}

/** The flow behind `trackingRequests.track()`. */
export async function track<F extends ResponseFormat>(
  resource: TrackingRequests<ResponseFormat>,
  number: string,
  options: TrackOptions<F> & { format: F },
): Promise<TrackResult<Result<F>>> {
  const { scac: givenScac, type: givenType, refNumbers, ...call } = options;
  const name = 'trackingRequests.track';
  const trimmed = requireText(
    name,
    'number',
    number,
    'a bill of lading, booking or container number',
  );
  const reading = readTrackingNumber(trimmed, {
    type:
      givenType === undefined
        ? undefined
        : oneOf(name, 'type', givenType, TRACKING_REQUEST_TYPE_VALUES),
  });
  const requestNumber = reading.number;
  let requestType = reading.numberType;
  let scac = optionalText(
    name,
    'scac',
    givenScac,
    "the carrier's SCAC (or leave it out)",
  )?.toUpperCase();
  if (requestType === undefined || scac === undefined) {
    const inference = await resource.inferNumber(requestNumber, { ...call, format: 'mapped' });
    const settled = settleNumberInference(requestNumber, inference, { type: requestType, scac });
    requestType = settled.numberType;
    if (settled.scac === undefined) {
      throw new CarrierNotDeterminedError({
        number: requestNumber,
        decision: settled.decision,
        candidates: settled.candidates,
      });
    }
    scac = settled.scac;
  }
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
  existing: raw.RawTrackingRequestDocument,
  refNumbers: readonly string[],
  call: CallOptions<F> & { format: F },
): Promise<Result<F>> {
  const current = existing.data.attributes.ref_numbers ?? [];
  const added = [...new Set(refNumbers)].filter((ref) => !current.includes(ref));
  if (added.length === 0) return formattedRequest(call.format, existing);
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
  requireText('trackingRequests.waitFor', 'id', id, "the tracking request's id");
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const include = options.include ?? ['tracked_object'];
  let interval = options.intervalMs ?? 5_000;
  const link = followSignal(options.signal, (reason) => new APIUserAbortError({ cause: reason }));
  const { controller } = link;
  const signal = controller.signal;
  const timer = setTimeout(() => controller.abort(WAIT_TIMED_OUT), timeoutMs);
  let lastStatus: string | undefined;
  let polls = 0;
  try {
    for (;;) {
      const document = await resource.get(id, { format: 'raw', include, signal });
      polls++;
      lastStatus = document.data.attributes.status;
      if (SETTLED.has(lastStatus)) return formattedRequest(options.format, document);
      options.onPoll?.({ status: lastStatus, polls, nextPollInMs: interval });
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
