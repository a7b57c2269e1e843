/**
 * What `track()` and `waitFor()` throw when a number cannot be tracked as
 * given: the carrier or the kind of number is not certain, the number is
 * not valid, or the request did not settle in time.
 */
import { ShiptrackError, sentence } from './errors.js';

/** A carrier prediction offered when the carrier of a number is not certain. */
export interface CarrierCandidate {
  scac: string;
  name: string;
  confidence?: number;
}

/**
 * `track()` could not tell the carrier of a number with confidence. It never
 * guesses (a container's owner prefix does not name its carrier): ask the
 * user to pick one of `candidates`, then call again with `scac`.
 */
export class CarrierNotDeterminedError extends ShiptrackError {
  override name = 'CarrierNotDeterminedError';
  /** The number that was analysed. */
  readonly number: string;
  /** The service's decision: `needs_confirmation` or `no_prediction`. */
  readonly decision: string;
  /** Carriers the service considers possible, most likely first. */
  readonly candidates: CarrierCandidate[];

  constructor(init: { number: string; decision: string; candidates: CarrierCandidate[] }) {
    const listed = init.candidates
      .map((c) => `${c.scac} (${c.name}${c.confidence === undefined ? '' : `, ${c.confidence}`})`)
      .join(', ');
    super(
      `The carrier of "${init.number}" could not be determined (${init.decision}). ${
        listed ? `Candidates: ${listed}. ` : ''
      }Ask which carrier it is and pass its SCAC as \`scac\`.`,
    );
    this.number = init.number;
    this.decision = init.decision;
    this.candidates = init.candidates;
  }
}

/** `track()` could not tell whether a number is a bill of lading, booking or container number. */
export class NumberTypeNotDeterminedError extends ShiptrackError {
  override name = 'NumberTypeNotDeterminedError';
  /** The number that was analysed. */
  readonly number: string;

  constructor(number: string, reason?: string | null) {
    super(
      `Could not tell what kind of number "${number}" is${reason ? ` (${reason})` : ''}. Check the number, or pass \`type\`: "bill_of_lading", "booking_number" or "container".`,
    );
    this.number = number;
  }
}

/**
 * `track()` was given a number the service says is not valid (a container
 * number whose ISO 6346 check digit does not match, or a string that is no
 * tracking number at all). No carrier would accept it: check it for typos.
 */
export class InvalidTrackingNumberError extends ShiptrackError {
  override name = 'InvalidTrackingNumberError';
  /** The number that was analysed. */
  readonly number: string;
  /** The service's explanation, when it gave one. */
  readonly reason: string | undefined;

  constructor(number: string, reason?: string | null) {
    super(
      `"${number}" is not a valid tracking number: ${reason ? sentence(reason) : 'check it for typos.'}`,
    );
    this.number = number;
    this.reason = reason ?? undefined;
  }
}

/** `waitFor()` ran out of time before the tracking request settled. */
export class WaitTimeoutError extends ShiptrackError {
  override name = 'WaitTimeoutError';
  /** The last status seen. */
  readonly lastStatus: string | undefined;

  constructor(id: string, timeoutMs: number, lastStatus: string | undefined) {
    super(
      `Tracking request ${id} was still "${lastStatus ?? 'unknown'}" after ${timeoutMs} ms. Carriers can take minutes: wait longer, or subscribe a webhook to tracking_request.succeeded and tracking_request.failed instead of polling.`,
    );
    this.lastStatus = lastStatus;
  }
}
