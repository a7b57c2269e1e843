/** The mapped shipment: one bill of lading (or booking) with its ports, vessel and times. */
import * as z from 'zod';
import type { ShipmentSentMembers } from '../generated/mapped-members.js';
import { shipmentSentShape } from '../generated/mapped-shapes.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  type RelatedList,
  resourceMembers,
} from './common.js';
import type { MappedContainer } from './container.js';
import { MappedContainerSchema } from './container.js';
import {
  type MappedFacility,
  MappedFacilitySchema,
  type MappedLocation,
  MappedLocationSchema,
  type MappedPort,
  MappedPortSchema,
  type MappedTerminal,
  MappedTerminalSchema,
  type MappedUser,
  MappedUserSchema,
} from './places.js';

/**
 * A shipment: one bill of lading (or booking) with its ports, vessel and
 * the carrier's estimated and actual times; every attribute is kept,
 * camelCased, as sent, and related records appear when they were included.
 */
export interface MappedShipment extends MappedResourceBase, ShipmentSentMembers {
  type: 'shipment';
  /** `bill_of_lading_number`: the number used in the tracking request. */
  billOfLading: string | null;
  portOfLading?: MappedPort | null;
  portOfDischarge?: MappedPort | null;
  podTerminal?: MappedTerminal | null;
  destination?: MappedLocation | null;
  destinationTerminal?: MappedFacility | null;
  lineTrackingStoppedByUser?: MappedUser | null;
  containers?: MappedContainer[];
}

/** Schema of {@link MappedShipment}. */
export const MappedShipmentSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('shipment'),
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
