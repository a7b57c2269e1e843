import {
  type CarrierCandidate,
  InvalidTrackingNumberError,
  NumberTypeNotDeterminedError,
} from '../core/tracking-errors.js';
import { INFERRED_NUMBER_TYPE_VALUES } from '../generated/enums.js';
import type { InferredNumberType, TrackingRequestType } from '../mapped/enums.js';
import type { MappedInferNumberResult, ShippingLinePrediction } from '../mapped/tracking.js';
import {
  containerCheckDigit,
  isValidContainerNumber,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from '../numbers/iso6346.js';

/** What a tracking number says by itself, before the service is asked. */
export interface TrackingNumberReading {
  /** The number to send: a container number normalized (upper case, no spaces), any other trimmed. */
  number: string;
  /** The type given, or `container` for a valid ISO 6346 number; `undefined` when only the service can tell. */
  numberType: TrackingRequestType | undefined;
}

/**
 * Reads a tracking number without a request: a number in the form of a
 * container number (four letters, seven digits) is normalized and its ISO
 * 6346 check digit checked, so a typo costs no call. `type`, when given,
 * is taken as is.
 *
 * @throws InvalidTrackingNumberError when the number has a container
 *   number's form, no `type` was given, and its check digit is wrong.
 */
export function readTrackingNumber(
  number: string,
  options: { type?: TrackingRequestType | undefined } = {},
): TrackingNumberReading {
  const trimmed = number.trim();
  const asContainer = normalizeContainerNumber(trimmed);
  let numberType = options.type;
  if (numberType === undefined && looksLikeContainerNumber(asContainer)) {
    if (!isValidContainerNumber(asContainer)) {
      const expected = containerCheckDigit(asContainer.slice(0, 10));
      throw new InvalidTrackingNumberError(
        asContainer,
        `its ISO 6346 check digit does not match (${expected} expected): check it for typos`,
      );
    }
    numberType = 'container';
  }
  return { number: numberType === 'container' ? asContainer : trimmed, numberType };
}

/** The request type of each kind of number `inferNumber` reports (it says `booking`). */
const REQUEST_TYPE_OF: Record<InferredNumberType, TrackingRequestType> = {
  container: 'container',
  bill_of_lading: 'bill_of_lading',
  booking: 'booking_number',
};

/** The request type of an inferred number type; `undefined` for `null` or a value this SDK does not know. */
function requestTypeOf(inferred: string | null): TrackingRequestType | undefined {
  const known: readonly string[] = INFERRED_NUMBER_TYPE_VALUES;
  // Safe: `known` is the list of InferredNumberType values.
  return inferred !== null && known.includes(inferred)
    ? REQUEST_TYPE_OF[inferred as InferredNumberType]
    : undefined;
}

/** What the service's inference settles for a number, given what the caller already knew. */
export interface SettledNumber {
  /** The number's type: the caller's, or the service's. */
  numberType: TrackingRequestType;
  /**
   * The carrier's SCAC: the caller's, or the one the service selected on its
   * own (`auto_select`); `undefined` when the service was not sure.
   */
  scac: string | undefined;
  /** The service's carrier decision (`auto_select`, `needs_confirmation`, `no_prediction`, ...). */
  decision: string;
  /** The carriers the service considers possible, most likely first (to ask the user). */
  candidates: CarrierCandidate[];
}

/** The predictions that name a carrier, as candidates. */
function carrierCandidates(predictions: readonly ShippingLinePrediction[]): CarrierCandidate[] {
  return predictions.flatMap(({ scac, name, confidence }) =>
    scac === undefined ? [] : [{ scac, name: name ?? scac, confidence }],
  );
}

/**
 * Settles a number's type and carrier from `trackingRequests.inferNumber`'s
 * answer. A carrier is taken only when the service selected it itself
 * (never guessed from a container's owner prefix); otherwise `scac` stays
 * `undefined` and `candidates` says whom to ask about.
 *
 * @throws InvalidTrackingNumberError when the service says the number is not valid.
 * @throws NumberTypeNotDeterminedError when neither the caller nor the service knows its type.
 */
export function settleNumberInference(
  number: string,
  inference: MappedInferNumberResult,
  known: { type?: TrackingRequestType | undefined; scac?: string | undefined } = {},
): SettledNumber {
  const { isValid = null, checkDigitPassed, reason } = inference.validation ?? {};
  // Only a definite "not valid" stops here; an answer without a verdict goes on to the type.
  if (isValid === false || checkDigitPassed === false) {
    throw new InvalidTrackingNumberError(number, reason);
  }
  const numberType = known.type ?? requestTypeOf(inference.numberType);
  if (numberType === undefined) throw new NumberTypeNotDeterminedError(number, reason);
  const { decision = null, selected, candidates } = inference.shippingLine ?? {};
  const chosen = decision === 'auto_select' && selected?.scac ? selected.scac : undefined;
  return {
    numberType,
    scac: known.scac ?? chosen,
    decision: decision ?? 'no_prediction',
    candidates: carrierCandidates(candidates ?? (selected ? [selected] : [])),
  };
}
