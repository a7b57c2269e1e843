/** Tracking requests, number inference and shipping lines. */
import * as z from 'zod';
import {
  CARRIER_DECISION_VALUES,
  INFERRED_NUMBER_TYPE_VALUES,
  NUMBER_VALIDATION_TYPE_VALUES,
  TRACKING_REQUEST_STATUS_VALUES,
  TRACKING_REQUEST_TYPE_VALUES,
} from '../generated/enums.js';
import type {
  ShippingLineSentMembers,
  TrackingRequestSentMembers,
} from '../generated/mapped-members.js';
import { shippingLineSentShape, trackingRequestSentShape } from '../generated/mapped-shapes.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  resourceMembers,
  sent,
  sentText,
} from './common.js';
import type {
  CarrierDecision,
  InferredNumberType,
  NumberValidationType,
  OpenEnum,
  TrackingRequestStatus,
  TrackingRequestType,
} from './enums.js';
import {
  type MappedCustomer,
  MappedCustomerSchema,
  type MappedUser,
  MappedUserSchema,
} from './places.js';
import { type MappedShipment, MappedShipmentSchema } from './shipment.js';

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

/** Schema of {@link MappedTrackingRequest}. */
export const MappedTrackingRequestSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('tracking_request'),
    requestNumber: built(z.string()),
    requestType: built(openEnum(TRACKING_REQUEST_TYPE_VALUES)),
    scac: built(z.string()),
    status: built(openEnum(TRACKING_REQUEST_STATUS_VALUES)),
    ...trackingRequestSentShape,
    trackedObject: MappedShipmentSchema.nullable().optional(),
    customer: MappedCustomerSchema.nullable().optional(),
    user: MappedUserSchema.nullable().optional(),
  }),
);

/** A carrier the service considers for a number: SCAC, name and confidence, as sent. */
export interface ShippingLinePrediction {
  scac?: string;
  name?: string;
  /** From 0 to 1. */
  confidence?: number;
  [member: string]: unknown;
}

/** Schema of {@link ShippingLinePrediction}. */
export const ShippingLinePredictionSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    scac: z.string().optional(),
    name: z.string().optional(),
    confidence: z.number().optional(),
  }),
);

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

/** Schema of {@link MappedInferNumberResult}. */
export const MappedInferNumberResultSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('infer_number_results'),
    numberType: built(openEnum(INFERRED_NUMBER_TYPE_VALUES)),
    validation: built(
      z.looseObject({
        isValid: built(z.boolean()),
        type: sent(openEnum(NUMBER_VALIDATION_TYPE_VALUES)),
        checkDigitPassed: sent(z.boolean()),
        parsedNumber: sentText(),
        reason: sentText(),
      }),
    ),
    shippingLine: built(
      z.looseObject({
        decision: built(openEnum(CARRIER_DECISION_VALUES)),
        selected: sent(ShippingLinePredictionSchema),
        candidates: sent(z.array(ShippingLinePredictionSchema)),
      }),
    ),
  }),
);

/** A carrier the service can track, with what it supports. */
export interface MappedShippingLine extends MappedResourceBase, ShippingLineSentMembers {
  type: 'shipping_line';
  /** The Standard Carrier Alpha Code. */
  scac: string | null;
  name: string | null;
}

/** Schema of {@link MappedShippingLine}. */
export const MappedShippingLineSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('shipping_line'),
    scac: built(z.string()),
    name: built(z.string()),
    ...shippingLineSentShape,
  }),
);

type _TrackingAgrees = Assert<
  | Agrees<MappedTrackingRequest, typeof MappedTrackingRequestSchema>
  | Agrees<ShippingLinePrediction, typeof ShippingLinePredictionSchema>
  | Agrees<MappedInferNumberResult, typeof MappedInferNumberResultSchema>
  | Agrees<MappedShippingLine, typeof MappedShippingLineSchema>
>;
