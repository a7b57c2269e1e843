/**
 * Schemas of the mapped container with its holds and fees, its shipment and
 * their events (`../container.ts`): each links to the others, so they share
 * one file, as their types do. The events come first: the container's
 * schema reads theirs at once, the other links are getters.
 */
import * as z from 'zod';
import {
  CONTAINER_STATUS_VALUES,
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  EQUIPMENT_HEIGHT_VALUES,
  EQUIPMENT_LENGTH_VALUES,
  EQUIPMENT_TYPE_VALUES,
  TERMINAL_FEE_TYPE_VALUES,
  TERMINAL_HOLD_STATUS_VALUES,
} from '../../generated/enums.js';
import {
  containerSentShape,
  containerUpdatedEventSentShape,
  estimatedEventSentShape,
  rawEventSentShape,
  shipmentSentShape,
  transportEventSentShape,
} from '../../generated/mapped-shapes.js';
import type {
  MappedContainer,
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedShipment,
  MappedTransportEvent,
  TerminalFee,
  TerminalHold,
} from '../container.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  openNumberEnum,
  type Related,
  type RelatedList,
  resourceSchema,
  sent,
  sentText,
} from './common.js';
import {
  MappedFacilitySchema,
  MappedLocationSchema,
  MappedPortSchema,
  MappedTerminalSchema,
  MappedUserSchema,
  MappedVesselSchema,
} from './places.js';

/** Schema of {@link TerminalHold}. */
export const TerminalHoldSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    name: built(z.string()),
    status: built(openEnum(TERMINAL_HOLD_STATUS_VALUES)),
    description: sentText(),
  }),
);

/** Schema of {@link TerminalFee}. */
export const TerminalFeeSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    type: built(openEnum(TERMINAL_FEE_TYPE_VALUES)),
    amount: built(z.number()),
    currencyCode: sentText(),
  }),
);

const transportEventNames = [
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
] as const;

/** Schema of {@link MappedTransportEvent}. */
export const MappedTransportEventSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('transport_event', {
    event: built(openEnum(transportEventNames)),
    ...transportEventSentShape,
    get shipment(): Related<MappedShipment> {
      return MappedShipmentSchema.nullable().optional();
    },
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    vessel: MappedVesselSchema.nullable().optional(),
    location: MappedLocationSchema.nullable().optional(),
    terminal: MappedFacilitySchema.nullable().optional(),
  }),
);

/** Schema of {@link MappedRawEvent}. */
export const MappedRawEventSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('raw_event', {
    ...rawEventSentShape,
    location: MappedLocationSchema.nullable().optional(),
    vessel: MappedVesselSchema.nullable().optional(),
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    terminal: MappedFacilitySchema.nullable().optional(),
  }),
);

/** Schema of {@link MappedContainerUpdatedEvent}. */
export const MappedContainerUpdatedEventSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('container_updated_event', {
    changeset: built(z.record(z.string(), z.array(z.unknown()))),
    ...containerUpdatedEventSentShape,
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    terminal: MappedTerminalSchema.nullable().optional(),
  }),
);

/** Schema of {@link MappedEstimatedEvent}. */
export const MappedEstimatedEventSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('estimated_event', {
    ...estimatedEventSentShape,
    get shipment(): Related<MappedShipment> {
      return MappedShipmentSchema.nullable().optional();
    },
    port: MappedPortSchema.nullable().optional(),
    vessel: MappedVesselSchema.nullable().optional(),
  }),
);

type _EventsAgree = Assert<
  | Agrees<MappedTransportEvent, typeof MappedTransportEventSchema>
  | Agrees<MappedRawEvent, typeof MappedRawEventSchema>
  | Agrees<MappedContainerUpdatedEvent, typeof MappedContainerUpdatedEventSchema>
  | Agrees<MappedEstimatedEvent, typeof MappedEstimatedEventSchema>
>;

/** Schema of {@link MappedShipment}. */
export const MappedShipmentSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('shipment', {
    billOfLading: built(z.string()).describe('bill_of_lading_number'),
    ...shipmentSentShape,
    portOfLading: MappedPortSchema.nullable().optional(),
    portOfDischarge: MappedPortSchema.nullable().optional(),
    podTerminal: MappedTerminalSchema.nullable().optional(),
    destination: MappedLocationSchema.nullable().optional(),
    destinationTerminal: MappedFacilitySchema.nullable().optional(),
    lineTrackingStoppedByUser: MappedUserSchema.nullable().optional(),
    get containers(): RelatedList<MappedContainer> {
      return z.array(MappedContainerSchema).optional();
    },
  }),
);

type _ShipmentAgrees = Assert<Agrees<MappedShipment, typeof MappedShipmentSchema>>;

/** Schema of {@link MappedContainer}. */
export const MappedContainerSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('container', {
    number: built(z.string()),
    status: built(openEnum(CONTAINER_STATUS_VALUES)).describe('current_status'),
    equipment: z.object({
      type: built(openEnum(EQUIPMENT_TYPE_VALUES)),
      length: built(openNumberEnum(EQUIPMENT_LENGTH_VALUES)).describe('feet'),
      height: built(openEnum(EQUIPMENT_HEIGHT_VALUES)),
    }),
    location: z.object({
      currentLocation: built(z.string()).describe('location_at_pod_terminal'),
      availableForPickup: built(z.boolean()),
      podArrivedAt: built(z.string()),
      podDischargedAt: built(z.string()),
    }),
    demurrage: z.object({
      pickupLfd: built(z.string()),
      holds: built(z.array(TerminalHoldSchema)),
      fees: built(z.array(TerminalFeeSchema)),
    }),
    ...containerSentShape,
    indFacilityLfdOn: sentText().describe('deprecated: read importDeadlines.pickupLfdRail'),
    importDeadlines: sent(
      z.looseObject({
        pickupLfdTerminal: sentText(),
        pickupLfdRail: sentText(),
        pickupLfdLine: sentText(),
      }),
    ),
    indFacilityHolds: sent(z.array(TerminalHoldSchema)),
    indFacilityFees: sent(z.array(TerminalFeeSchema)),
    get shipment(): Related<MappedShipment> {
      return MappedShipmentSchema.nullable().optional();
    },
    podTerminal: MappedTerminalSchema.nullable().optional(),
    pickupFacility: MappedTerminalSchema.nullable().optional(),
    transportEvents: z.array(MappedTransportEventSchema).optional(),
    rawEvents: z.array(MappedRawEventSchema).optional(),
  }),
);

type _ContainerAgrees = Assert<
  | Agrees<TerminalHold, typeof TerminalHoldSchema>
  | Agrees<TerminalFee, typeof TerminalFeeSchema>
  | Agrees<MappedContainer, typeof MappedContainerSchema>
>;
