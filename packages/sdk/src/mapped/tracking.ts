/** Tracking requests, number inference and shipping lines. */
import type {
  ShippingLineSentMembers,
  TrackingRequestSentMembers,
} from '../generated/mapped-members.js';
import type { MappedResourceBase } from './common.js';
import type {
  CarrierDecision,
  InferredNumberType,
  NumberValidationType,
  OpenEnum,
  TrackingRequestStatus,
  TrackingRequestType,
} from './enums.js';
import type { MappedCustomer, MappedUser } from './places.js';
import type { MappedShipment } from './shipment.js';

/** A request to track one number at one carrier; `trackedObject` is the shipment once created and included. */
export interface MappedTrackingRequest extends MappedResourceBase, TrackingRequestSentMembers {
  type: 'tracking_request';
  requestNumber: string | null;
  requestType: OpenEnum<TrackingRequestType> | null;
  scac: string | null;
  status: OpenEnum<TrackingRequestStatus> | null;
  trackedObject?: MappedShipment | null;
  customer?: MappedCustomer | null;
  user?: MappedUser | null;
}

/** A carrier the service considers for a number: SCAC, name and confidence, as sent. */
export interface ShippingLinePrediction {
  scac?: string;
  name?: string;
  /** From 0 to 1. */
  confidence?: number;
  [member: string]: unknown;
}

/** Whether a number is valid, and what it is. */
export interface NumberValidation {
  /** `null` when the service did not say. */
  isValid: boolean | null;
  type?: OpenEnum<NumberValidationType> | null;
  /** For container numbers, whether the ISO 6346 check digit is right. */
  checkDigitPassed?: boolean | null;
  parsedNumber?: string | null;
  /** Why the number is invalid. */
  reason?: string | null;
  [member: string]: unknown;
}

/** The service's view of the carrier of a number. */
export interface CarrierInference {
  /** `auto_select`: use `selected`; otherwise ask the user. `null` when not sent. */
  decision: OpenEnum<CarrierDecision> | null;
  selected?: ShippingLinePrediction | null;
  candidates?: ShippingLinePrediction[] | null;
  [member: string]: unknown;
}

/** What a number looks like and which carrier it probably belongs to. */
export interface MappedInferNumberResult extends MappedResourceBase {
  type: 'infer_number_results';
  /** `booking`, not `booking_number`; `null` when unknown. */
  numberType: OpenEnum<InferredNumberType> | null;
  /** `null` when the service sent no validation. */
  validation: NumberValidation | null;
  /** `null` when the service sent no carrier inference. */
  shippingLine: CarrierInference | null;
}

/** A carrier the service can track, with what it supports. */
export interface MappedShippingLine extends MappedResourceBase, ShippingLineSentMembers {
  type: 'shipping_line';
  /** The Standard Carrier Alpha Code. */
  scac: string | null;
  name: string | null;
}
