import { z } from 'zod';
import { optionalText, relationId, relationIds } from './common.js';
import { ContainerStatusSchema, LineTrackingStoppedReasonSchema } from './enums.js';
import { MappedRawEventSchema, MappedTransportEventSchema } from './events.js';
import {
  MappedFacilitySchema,
  MappedLocationSchema,
  MappedPortSchema,
  MappedTerminalSchema,
  MappedUserSchema,
} from './places.js';

/** A hold the terminal reports on a container. */
export const TerminalHoldSchema = z.looseObject({
  name: z.string(),
  status: z.enum(['pending', 'hold']),
  description: optionalText(),
});

/** A fee the terminal reports on a container. */
export const TerminalFeeSchema = z.looseObject({
  type: z.enum(['demurrage', 'exam', 'extended_dwell_time', 'other', 'total']),
  amount: z.number(),
  currencyCode: z.string().optional(),
});

const containerShape = {
  id: z.string(),
  type: z.literal('container'),
  number: z.string(),
  status: ContainerStatusSchema.nullable().describe('current_status'),
  equipment: z.object({
    type: z.enum(['dry', 'reefer', 'open top', 'flat rack', 'bulk', 'tank']).nullable(),
    length: z.number().nullable().describe('feet'),
    height: z.enum(['standard', 'high_cube']).nullable(),
  }),
  location: z.object({
    currentLocation: z.string().nullable().describe('location_at_pod_terminal'),
    availableForPickup: z.boolean().nullable(),
    podArrivedAt: z.string().nullable(),
    podDischargedAt: z.string().nullable(),
  }),
  demurrage: z.object({
    pickupLfd: z.string().nullable(),
    holds: z.array(TerminalHoldSchema),
    fees: z.array(TerminalFeeSchema),
  }),
  refNumbers: z.array(z.string()).optional(),
  sealNumber: optionalText(),
  createdAt: z.string().optional(),
  weightInLbs: z.number().nullable().optional(),
  pickupAppointmentAt: optionalText(),
  availabilityKnown: z.boolean().optional(),
  podFullOutAt: optionalText(),
  terminalCheckedAt: optionalText(),
  podFullOutChassisNumber: optionalText(),
  finalDestinationFullOutAt: optionalText(),
  emptyTerminatedAt: optionalText(),
  podTimezone: optionalText(),
  finalDestinationTimezone: optionalText(),
  emptyTerminatedTimezone: optionalText(),
  podRailCarrierScac: optionalText(),
  indRailCarrierScac: optionalText(),
  podLastTrackingRequestAt: optionalText(),
  shipmentLastTrackingRequestAt: optionalText(),
  podRailLoadedAt: optionalText(),
  podRailDepartedAt: optionalText(),
  indEtaAt: optionalText(),
  indAtaAt: optionalText(),
  indRailUnloadedAt: optionalText(),
  indFacilityLfdOn: optionalText().describe('deprecated: read importDeadlines.pickupLfdRail'),
  importDeadlines: z
    .looseObject({
      pickupLfdTerminal: optionalText(),
      pickupLfdRail: optionalText(),
      pickupLfdLine: optionalText(),
    })
    .nullable()
    .optional(),
  shipmentId: relationId(),
  podTerminalId: relationId(),
  podTerminal: MappedTerminalSchema.optional(),
  pickupFacilityId: relationId(),
  pickupFacility: MappedTerminalSchema.nullable().optional(),
  transportEventIds: relationIds(),
  transportEvents: z.array(MappedTransportEventSchema).optional(),
  rawEventIds: relationIds(),
  rawEvents: z.array(MappedRawEventSchema).optional(),
};

const shipmentShape = {
  id: z.string(),
  type: z.literal('shipment'),
  billOfLading: z.string().describe('bill_of_lading_number'),
  normalizedNumber: z.string().optional(),
  refNumbers: z.array(z.string()).nullable().optional(),
  tags: z.array(z.string()).optional(),
  createdAt: z.string().optional(),
  portOfLadingLocode: optionalText(),
  portOfLadingName: optionalText(),
  portOfDischargeLocode: optionalText(),
  portOfDischargeName: optionalText(),
  destinationLocode: optionalText(),
  destinationName: optionalText(),
  shippingLineScac: z.string().optional(),
  shippingLineName: z.string().optional(),
  shippingLineShortName: z.string().optional(),
  customerName: optionalText(),
  podVesselName: optionalText(),
  podVesselImo: optionalText(),
  podVoyageNumber: optionalText(),
  polEtdAt: optionalText(),
  polAtdAt: optionalText(),
  podEtaAt: optionalText(),
  podOriginalEtaAt: optionalText(),
  podAtaAt: optionalText(),
  destinationEtaAt: optionalText(),
  destinationAtaAt: optionalText(),
  polTimezone: optionalText(),
  podTimezone: optionalText(),
  destinationTimezone: optionalText(),
  lineTrackingLastAttemptedAt: optionalText(),
  lineTrackingLastSucceededAt: optionalText(),
  lineTrackingStoppedAt: optionalText(),
  lineTrackingStoppedReason: LineTrackingStoppedReasonSchema.nullable().optional(),
  portOfLadingId: relationId(),
  portOfLading: MappedPortSchema.nullable().optional(),
  portOfDischargeId: relationId(),
  portOfDischarge: MappedPortSchema.nullable().optional(),
  podTerminalId: relationId(),
  podTerminal: MappedTerminalSchema.optional(),
  destinationId: relationId(),
  destination: MappedLocationSchema.nullable().optional(),
  destinationTerminalId: relationId(),
  destinationTerminal: MappedFacilitySchema.nullable().optional(),
  lineTrackingStoppedByUserId: relationId(),
  lineTrackingStoppedByUser: MappedUserSchema.nullable().optional(),
  containerIds: relationIds(),
};

/**
 * A shipment: one bill of lading (or booking) with its ports, vessel and
 * times; `containers` when they were included.
 */
export const MappedShipmentSchema = z.looseObject({
  ...shipmentShape,
  containers: z.array(z.looseObject(containerShape)).optional(),
});

/** A mapped shipment. */
export type MappedShipment = z.infer<typeof MappedShipmentSchema>;

/**
 * A container, grouped the way people read it: `equipment`, `location`
 * (terminal status and availability) and `demurrage` (last free day, holds,
 * fees), its `shipment` when included, and every other attribute camelCased.
 */
export const MappedContainerSchema = z.looseObject({
  ...containerShape,
  shipment: z.looseObject(shipmentShape).optional(),
});

/** A mapped container. */
export type MappedContainer = z.infer<typeof MappedContainerSchema>;
