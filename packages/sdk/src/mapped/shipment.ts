/** The mapped shipment: one bill of lading (or booking) with its ports, vessel and times. */
import * as z from 'zod';
import { LINE_TRACKING_STOPPED_REASON_VALUES } from '../generated/enums.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  type RelatedList,
  relationId,
  relationIds,
  resourceMembers,
  sent,
  sentText,
} from './common.js';
import type { MappedContainer } from './container.js';
import { MappedContainerSchema } from './container.js';
import type { LineTrackingStoppedReason, OpenEnum } from './enums.js';
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
export interface MappedShipment extends MappedResourceBase {
  type: 'shipment';
  /** `bill_of_lading_number`: the number used in the tracking request. */
  billOfLading: string | null;
  normalizedNumber?: string | null;
  refNumbers?: string[] | null;
  tags?: string[] | null;
  createdAt?: string | null;
  portOfLadingLocode?: string | null;
  portOfLadingName?: string | null;
  portOfDischargeLocode?: string | null;
  portOfDischargeName?: string | null;
  destinationLocode?: string | null;
  destinationName?: string | null;
  shippingLineScac?: string | null;
  shippingLineName?: string | null;
  shippingLineShortName?: string | null;
  customerName?: string | null;
  podVesselName?: string | null;
  podVesselImo?: string | null;
  podVoyageNumber?: string | null;
  polEtdAt?: string | null;
  polAtdAt?: string | null;
  /** First estimated departure the carrier reported. */
  polOriginalEtdAt?: string | null;
  podEtaAt?: string | null;
  podOriginalEtaAt?: string | null;
  podAtaAt?: string | null;
  destinationEtaAt?: string | null;
  destinationAtaAt?: string | null;
  /** First estimated arrival at the destination the carrier reported. */
  destinationOriginalEtaAt?: string | null;
  polTimezone?: string | null;
  podTimezone?: string | null;
  destinationTimezone?: string | null;
  lineTrackingLastAttemptedAt?: string | null;
  lineTrackingLastSucceededAt?: string | null;
  lineTrackingStoppedAt?: string | null;
  /** `null` while tracking is active. */
  lineTrackingStoppedReason?: OpenEnum<LineTrackingStoppedReason> | null;
  portOfLadingId?: string | null;
  portOfLading?: MappedPort | null;
  portOfDischargeId?: string | null;
  portOfDischarge?: MappedPort | null;
  podTerminalId?: string | null;
  podTerminal?: MappedTerminal | null;
  destinationId?: string | null;
  destination?: MappedLocation | null;
  destinationTerminalId?: string | null;
  destinationTerminal?: MappedFacility | null;
  lineTrackingStoppedByUserId?: string | null;
  lineTrackingStoppedByUser?: MappedUser | null;
  containerIds?: string[];
  containers?: MappedContainer[];
}

/** Schema of {@link MappedShipment}. */
export const MappedShipmentSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('shipment'),
    billOfLading: built(z.string()).describe('bill_of_lading_number'),
    normalizedNumber: sentText(),
    refNumbers: sent(z.array(z.string())),
    tags: sent(z.array(z.string())),
    createdAt: sentText(),
    portOfLadingLocode: sentText(),
    portOfLadingName: sentText(),
    portOfDischargeLocode: sentText(),
    portOfDischargeName: sentText(),
    destinationLocode: sentText(),
    destinationName: sentText(),
    shippingLineScac: sentText(),
    shippingLineName: sentText(),
    shippingLineShortName: sentText(),
    customerName: sentText(),
    podVesselName: sentText(),
    podVesselImo: sentText(),
    podVoyageNumber: sentText(),
    polEtdAt: sentText(),
    polAtdAt: sentText(),
    polOriginalEtdAt: sentText(),
    podEtaAt: sentText(),
    podOriginalEtaAt: sentText(),
    podAtaAt: sentText(),
    destinationEtaAt: sentText(),
    destinationAtaAt: sentText(),
    destinationOriginalEtaAt: sentText(),
    polTimezone: sentText(),
    podTimezone: sentText(),
    destinationTimezone: sentText(),
    lineTrackingLastAttemptedAt: sentText(),
    lineTrackingLastSucceededAt: sentText(),
    lineTrackingStoppedAt: sentText(),
    lineTrackingStoppedReason: sent(openEnum(LINE_TRACKING_STOPPED_REASON_VALUES)),
    portOfLadingId: relationId(),
    portOfLading: MappedPortSchema.nullable().optional(),
    portOfDischargeId: relationId(),
    portOfDischarge: MappedPortSchema.nullable().optional(),
    podTerminalId: relationId(),
    podTerminal: MappedTerminalSchema.nullable().optional(),
    destinationId: relationId(),
    destination: MappedLocationSchema.nullable().optional(),
    destinationTerminalId: relationId(),
    destinationTerminal: MappedFacilitySchema.nullable().optional(),
    lineTrackingStoppedByUserId: relationId(),
    lineTrackingStoppedByUser: MappedUserSchema.nullable().optional(),
    containerIds: relationIds(),
    get containers(): RelatedList<MappedContainer> {
      return z.array(MappedContainerSchema).optional();
    },
  }),
);

type _ShipmentAgrees = Assert<Agrees<MappedShipment, typeof MappedShipmentSchema>>;
