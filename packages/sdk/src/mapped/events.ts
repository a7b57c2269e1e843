/** Transport events, raw (carrier) events, container changes and estimates. */
import * as z from 'zod';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
} from '../generated/enums.js';
import type {
  ContainerUpdatedEventSentMembers,
  EstimatedEventSentMembers,
  RawEventSentMembers,
  TransportEventSentMembers,
} from '../generated/mapped-members.js';
import {
  containerUpdatedEventSentShape,
  estimatedEventSentShape,
  rawEventSentShape,
  transportEventSentShape,
} from '../generated/mapped-shapes.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  type Related,
  resourceMembers,
} from './common.js';
import type { MappedContainer } from './container.js';
import { MappedContainerSchema } from './container.js';
import type { OpenEnum, TransportEventName } from './enums.js';
import {
  type MappedFacility,
  MappedFacilitySchema,
  type MappedLocation,
  MappedLocationSchema,
  type MappedPort,
  MappedPortSchema,
  type MappedTerminal,
  MappedTerminalSchema,
  type MappedVessel,
  MappedVesselSchema,
} from './places.js';
import type { MappedShipment } from './shipment.js';
import { MappedShipmentSchema } from './shipment.js';

/**
 * One entry of a container's timeline: a `container.transport.*`
 * milestone, or an update event such as `container.pickup_lfd.changed`.
 */
export interface MappedTransportEvent extends MappedResourceBase, TransportEventSentMembers {
  type: 'transport_event';
  /** The event name; one the SDK does not know yet is kept as sent. */
  event: OpenEnum<TransportEventName> | null;
  shipment?: MappedShipment | null;
  container?: MappedContainer | null;
  vessel?: MappedVessel | null;
  location?: MappedLocation | null;
  terminal?: MappedFacility | null;
}

const transportEventNames = [
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
] as const;

/** Schema of {@link MappedTransportEvent}. */
export const MappedTransportEventSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('transport_event'),
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

/** An event as the carrier published it, with the carrier's own wording. */
export interface MappedRawEvent extends MappedResourceBase, RawEventSentMembers {
  type: 'raw_event';
  location?: MappedLocation | null;
  vessel?: MappedVessel | null;
  container?: MappedContainer | null;
  terminal?: MappedFacility | null;
}

/** Schema of {@link MappedRawEvent}. */
export const MappedRawEventSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('raw_event'),
    ...rawEventSentShape,
    location: MappedLocationSchema.nullable().optional(),
    vessel: MappedVesselSchema.nullable().optional(),
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    terminal: MappedFacilitySchema.nullable().optional(),
  }),
);

/** A change of container attributes: `changeset` maps each camelCased attribute to `[old, new]`. */
export interface MappedContainerUpdatedEvent
  extends MappedResourceBase,
    ContainerUpdatedEventSentMembers {
  type: 'container_updated_event';
  /** `null` when the service sent no changeset. */
  changeset: Record<string, unknown[]> | null;
  container?: MappedContainer | null;
  terminal?: MappedTerminal | null;
}

/** Schema of {@link MappedContainerUpdatedEvent}. */
export const MappedContainerUpdatedEventSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('container_updated_event'),
    changeset: built(z.record(z.string(), z.array(z.unknown()))),
    ...containerUpdatedEventSentShape,
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    terminal: MappedTerminalSchema.nullable().optional(),
  }),
);

/** A new or changed estimate of a shipment. */
export interface MappedEstimatedEvent extends MappedResourceBase, EstimatedEventSentMembers {
  type: 'estimated_event';
  shipment?: MappedShipment | null;
  port?: MappedPort | null;
  vessel?: MappedVessel | null;
}

/** Schema of {@link MappedEstimatedEvent}. */
export const MappedEstimatedEventSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('estimated_event'),
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
