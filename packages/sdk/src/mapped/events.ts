/** Transport events, raw (carrier) events, container changes and estimates. */
import * as z from 'zod';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  DATA_SOURCE_VALUES,
  RAW_EVENT_NAME_VALUES,
} from '../generated/enums.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  type Related,
  relationId,
  resourceMembers,
  sent,
  sentText,
} from './common.js';
import type { MappedContainer } from './container.js';
import { MappedContainerSchema } from './container.js';
import type { DataSource, OpenEnum, RawEventName, TransportEventName } from './enums.js';
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
export interface MappedTransportEvent extends MappedResourceBase {
  type: 'transport_event';
  /** The event name; one the SDK does not know yet is kept as sent. */
  event: OpenEnum<TransportEventName> | null;
  voyageNumber?: string | null;
  /** When it happened (for `estimated.` events, when it is expected). */
  timestamp?: string | null;
  timezone?: string | null;
  locationLocode?: string | null;
  createdAt?: string | null;
  dataSource?: OpenEnum<DataSource> | null;
  value?: string | null;
  /** Set when a later report contradicted the event. */
  invalidatedAt?: string | null;
  shipmentId?: string | null;
  shipment?: MappedShipment | null;
  containerId?: string | null;
  container?: MappedContainer | null;
  vesselId?: string | null;
  vessel?: MappedVessel | null;
  locationId?: string | null;
  location?: MappedLocation | null;
  terminalId?: string | null;
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
    voyageNumber: sentText(),
    timestamp: sentText(),
    timezone: sentText(),
    locationLocode: sentText(),
    createdAt: sentText(),
    dataSource: sent(openEnum(DATA_SOURCE_VALUES)),
    value: sentText(),
    invalidatedAt: sentText(),
    shipmentId: relationId(),
    get shipment(): Related<MappedShipment> {
      return MappedShipmentSchema.nullable().optional();
    },
    containerId: relationId(),
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    vesselId: relationId(),
    vessel: MappedVesselSchema.nullable().optional(),
    locationId: relationId(),
    location: MappedLocationSchema.nullable().optional(),
    terminalId: relationId(),
    terminal: MappedFacilitySchema.nullable().optional(),
  }),
);

/** An event as the carrier published it, with the carrier's own wording. */
export interface MappedRawEvent extends MappedResourceBase {
  type: 'raw_event';
  /** The normalized name; `null` when the carrier's wording could not be mapped. */
  event?: OpenEnum<RawEventName> | null;
  originalEvent?: string | null;
  timestamp?: string | null;
  estimated?: boolean | null;
  actualOn?: string | null;
  estimatedOn?: string | null;
  actualAt?: string | null;
  estimatedAt?: string | null;
  timezone?: string | null;
  createdAt?: string | null;
  locationName?: string | null;
  locationLocode?: string | null;
  vesselName?: string | null;
  vesselImo?: string | null;
  voyageNumber?: string | null;
  /** Position on the carrier's page. */
  index?: number | null;
  willOccurAt?: string | null;
  invalidatedAt?: string | null;
  dataSource?: OpenEnum<DataSource> | null;
  dataProviderName?: string | null;
  dataProviderCode?: string | null;
  locationId?: string | null;
  location?: MappedLocation | null;
  vesselId?: string | null;
  vessel?: MappedVessel | null;
  containerId?: string | null;
  container?: MappedContainer | null;
  terminalId?: string | null;
  terminal?: MappedFacility | null;
}

/** Schema of {@link MappedRawEvent}. */
export const MappedRawEventSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('raw_event'),
    event: sent(openEnum(RAW_EVENT_NAME_VALUES)),
    originalEvent: sentText(),
    timestamp: sentText(),
    estimated: sent(z.boolean()),
    actualOn: sentText(),
    estimatedOn: sentText(),
    actualAt: sentText(),
    estimatedAt: sentText(),
    timezone: sentText(),
    createdAt: sentText(),
    locationName: sentText(),
    locationLocode: sentText(),
    vesselName: sentText(),
    vesselImo: sentText(),
    voyageNumber: sentText(),
    index: sent(z.number()),
    willOccurAt: sentText(),
    invalidatedAt: sentText(),
    dataSource: sent(openEnum(DATA_SOURCE_VALUES)),
    dataProviderName: sentText(),
    dataProviderCode: sentText(),
    locationId: relationId(),
    location: MappedLocationSchema.nullable().optional(),
    vesselId: relationId(),
    vessel: MappedVesselSchema.nullable().optional(),
    containerId: relationId(),
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    terminalId: relationId(),
    terminal: MappedFacilitySchema.nullable().optional(),
  }),
);

/** A change of container attributes: `changeset` maps each camelCased attribute to `[old, new]`. */
export interface MappedContainerUpdatedEvent extends MappedResourceBase {
  type: 'container_updated_event';
  /** `null` when the service sent no changeset. */
  changeset: Record<string, unknown[]> | null;
  timestamp?: string | null;
  timezone?: string | null;
  dataSource?: OpenEnum<DataSource> | null;
  containerId?: string | null;
  container?: MappedContainer | null;
  terminalId?: string | null;
  terminal?: MappedTerminal | null;
}

/** Schema of {@link MappedContainerUpdatedEvent}. */
export const MappedContainerUpdatedEventSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('container_updated_event'),
    changeset: built(z.record(z.string(), z.array(z.unknown()))),
    timestamp: sentText(),
    timezone: sentText(),
    dataSource: sent(openEnum(DATA_SOURCE_VALUES)),
    containerId: relationId(),
    get container(): Related<MappedContainer> {
      return MappedContainerSchema.nullable().optional();
    },
    terminalId: relationId(),
    terminal: MappedTerminalSchema.nullable().optional(),
  }),
);

/** A new or changed estimate of a shipment. */
export interface MappedEstimatedEvent extends MappedResourceBase {
  type: 'estimated_event';
  /** What is estimated, for example `shipment.estimated.arrival`. */
  event?: string | null;
  estimatedTimestamp?: string | null;
  voyageNumber?: string | null;
  locationLocode?: string | null;
  timezone?: string | null;
  createdAt?: string | null;
  shipmentId?: string | null;
  shipment?: MappedShipment | null;
  portId?: string | null;
  port?: MappedPort | null;
  vesselId?: string | null;
  vessel?: MappedVessel | null;
}

/** Schema of {@link MappedEstimatedEvent}. */
export const MappedEstimatedEventSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('estimated_event'),
    event: sentText(),
    estimatedTimestamp: sentText(),
    voyageNumber: sentText(),
    locationLocode: sentText(),
    timezone: sentText(),
    createdAt: sentText(),
    shipmentId: relationId(),
    get shipment(): Related<MappedShipment> {
      return MappedShipmentSchema.nullable().optional();
    },
    portId: relationId(),
    port: MappedPortSchema.nullable().optional(),
    vesselId: relationId(),
    vessel: MappedVesselSchema.nullable().optional(),
  }),
);

type _EventsAgree = Assert<
  | Agrees<MappedTransportEvent, typeof MappedTransportEventSchema>
  | Agrees<MappedRawEvent, typeof MappedRawEventSchema>
  | Agrees<MappedContainerUpdatedEvent, typeof MappedContainerUpdatedEventSchema>
  | Agrees<MappedEstimatedEvent, typeof MappedEstimatedEventSchema>
>;
