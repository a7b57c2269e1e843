/** Schema of the mapped shipment (`../shipment.ts`). */
import * as z from 'zod';
import { shipmentSentShape } from '../../generated/mapped-shapes.js';
import type { MappedContainer } from '../container.js';
import type { MappedShipment } from '../shipment.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type RelatedList,
  resourceMembers,
} from './common.js';
import { MappedContainerSchema } from './container.js';
import {
  MappedFacilitySchema,
  MappedLocationSchema,
  MappedPortSchema,
  MappedTerminalSchema,
  MappedUserSchema,
} from './places.js';

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
