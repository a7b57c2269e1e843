import { z } from 'zod';
import { MappedShipmentSchema } from './cargo.js';
import { optionalText, relationId } from './common.js';
import {
  TrackingRequestFailedReasonSchema,
  TrackingRequestStatusSchema,
  TrackingRequestTypeSchema,
} from './enums.js';
import { MappedCustomerSchema, MappedUserSchema } from './places.js';

/** A request to track one number at one carrier; `trackedObject` is the shipment once created. */
export const MappedTrackingRequestSchema = z.looseObject({
  id: z.string(),
  type: z.literal('tracking_request'),
  requestNumber: z.string(),
  requestType: TrackingRequestTypeSchema,
  scac: z.string(),
  status: TrackingRequestStatusSchema,
  failedReason: TrackingRequestFailedReasonSchema.nullable().optional(),
  refNumbers: z.array(z.string()).nullable().optional(),
  tags: z.array(z.string()).optional(),
  isRetrying: z.boolean().optional(),
  retryCount: z.number().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: optionalText(),
  trackedObjectId: relationId(),
  trackedObject: MappedShipmentSchema.nullable().optional(),
  customerId: relationId(),
  customer: MappedCustomerSchema.nullable().optional(),
  userId: relationId(),
  user: MappedUserSchema.nullable().optional(),
});

/** A mapped tracking request. */
export type MappedTrackingRequest = z.infer<typeof MappedTrackingRequestSchema>;

/** A carrier prediction: SCAC, name and confidence. */
export const ShippingLinePredictionSchema = z.looseObject({
  scac: z.string(),
  name: z.string(),
  confidence: z.number().optional(),
});

/** What a number looks like and which carrier it probably belongs to. */
export const MappedInferNumberResultSchema = z.looseObject({
  id: z.string(),
  type: z.literal('infer_number_results'),
  numberType: z.enum(['container', 'bill_of_lading', 'booking']).nullable(),
  validation: z.looseObject({
    isValid: z.boolean(),
    type: z.enum(['container', 'shipment']).nullable().optional(),
    checkDigitPassed: z.boolean().nullable().optional(),
    parsedNumber: optionalText(),
    reason: optionalText(),
  }),
  shippingLine: z.looseObject({
    decision: z.enum(['auto_select', 'needs_confirmation', 'no_prediction']),
    selected: ShippingLinePredictionSchema.nullable().optional(),
    candidates: z.array(ShippingLinePredictionSchema).optional(),
  }),
});

/** A mapped number inference. */
export type MappedInferNumberResult = z.infer<typeof MappedInferNumberResultSchema>;

/** A carrier the service can track, with what it supports. */
export const MappedShippingLineSchema = z.looseObject({
  id: z.string(),
  type: z.literal('shipping_line'),
  scac: z.string(),
  name: z.string(),
  shortName: optionalText(),
  alternativeScacs: z.array(z.string()).optional(),
  billOfLadingTrackingSupport: z.boolean().optional(),
  bookingNumberTrackingSupport: z.boolean().optional(),
  containerNumberTrackingSupport: z.boolean().optional(),
});

/** A mapped shipping line. */
export type MappedShippingLine = z.infer<typeof MappedShippingLineSchema>;
