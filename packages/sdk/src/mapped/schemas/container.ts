/** Schemas of the mapped container, its holds and fees (`../container.ts`). */
import * as z from 'zod';
import {
  CONTAINER_STATUS_VALUES,
  EQUIPMENT_HEIGHT_VALUES,
  EQUIPMENT_LENGTH_VALUES,
  EQUIPMENT_TYPE_VALUES,
  TERMINAL_FEE_TYPE_VALUES,
  TERMINAL_HOLD_STATUS_VALUES,
} from '../../generated/enums.js';
import { containerSentShape } from '../../generated/mapped-shapes.js';
import type { MappedContainer, TerminalFee, TerminalHold } from '../container.js';
import type { MappedShipment } from '../shipment.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  openEnum,
  openNumberEnum,
  type Related,
  resourceMembers,
  sent,
  sentText,
} from './common.js';
import { MappedRawEventSchema, MappedTransportEventSchema } from './events.js';
import { MappedTerminalSchema } from './places.js';
import { MappedShipmentSchema } from './shipment.js';

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

/** Schema of {@link MappedContainer}. */
export const MappedContainerSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('container'),
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
