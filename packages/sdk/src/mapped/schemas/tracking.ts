/** Schemas of tracking requests, number inference and shipping lines (`../tracking.ts`). */
import * as z from 'zod';
import {
  CARRIER_DECISION_VALUES,
  INFERRED_NUMBER_TYPE_VALUES,
  NUMBER_VALIDATION_TYPE_VALUES,
  TRACKING_REQUEST_STATUS_VALUES,
  TRACKING_REQUEST_TYPE_VALUES,
} from '../../generated/enums.js';
import { shippingLineSentShape, trackingRequestSentShape } from '../../generated/mapped-shapes.js';
import type {
  MappedInferNumberResult,
  MappedShippingLine,
  MappedTrackingRequest,
  ShippingLinePrediction,
} from '../tracking.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  resourceSchema,
  sent,
  sentText,
} from './common.js';
import { MappedShipmentSchema } from './container.js';
import { MappedCustomerSchema, MappedUserSchema } from './places.js';

/** Schema of {@link MappedTrackingRequest}. */
export const MappedTrackingRequestSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('tracking_request', {
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

/** Schema of {@link ShippingLinePrediction}. */
export const ShippingLinePredictionSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    scac: z.string().optional(),
    name: z.string().optional(),
    confidence: z.number().optional(),
  }),
);

/** Schema of {@link MappedInferNumberResult}. */
export const MappedInferNumberResultSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('infer_number_results', {
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

/** Schema of {@link MappedShippingLine}. */
export const MappedShippingLineSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('shipping_line', {
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
