/** Schemas of transport events, raw events, container changes and estimates (`../events.ts`). */
import * as z from 'zod';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
} from '../../generated/enums.js';
import {
  containerUpdatedEventSentShape,
  estimatedEventSentShape,
  rawEventSentShape,
  transportEventSentShape,
} from '../../generated/mapped-shapes.js';
import type { MappedContainer } from '../container.js';
import type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedTransportEvent,
} from '../events.js';
import type { MappedShipment } from '../shipment.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  type Related,
  resourceMembers,
} from './common.js';
import { MappedContainerSchema } from './container.js';
import {
  MappedFacilitySchema,
  MappedLocationSchema,
  MappedPortSchema,
  MappedTerminalSchema,
  MappedVesselSchema,
} from './places.js';
import { MappedShipmentSchema } from './shipment.js';

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
