/** The route of a container: its stops, in order. */
import * as z from 'zod';
import { TRANSPORT_MODE_VALUES } from '../generated/enums.js';
import {
  type Agrees,
  type Assert,
  declareSchema,
  type MappedResourceBase,
  openEnum,
  relationId,
  relationIds,
  resourceMembers,
  sent,
  sentText,
} from './common.js';
import type { OpenEnum, TransportMode } from './enums.js';
import {
  type MappedPort,
  MappedPortSchema,
  type MappedTerminal,
  MappedTerminalSchema,
  type MappedVessel,
  MappedVesselSchema,
} from './places.js';
import { type MappedShipment, MappedShipmentSchema } from './shipment.js';

/** One stop of a route, with how the container arrives and leaves. */
export interface MappedRouteLocation extends MappedResourceBase {
  type: 'route_location';
  inboundScac?: string | null;
  outboundScac?: string | null;
  inboundMode?: OpenEnum<TransportMode> | null;
  outboundMode?: OpenEnum<TransportMode> | null;
  inboundEtaAt?: string | null;
  inboundAtaAt?: string | null;
  outboundEtdAt?: string | null;
  outboundAtdAt?: string | null;
  inboundVoyageNumber?: string | null;
  outboundVoyageNumber?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  locationId?: string | null;
  location?: MappedPort | null;
  facilityId?: string | null;
  facility?: MappedTerminal | null;
  inboundVesselId?: string | null;
  inboundVessel?: MappedVessel | null;
  outboundVesselId?: string | null;
  outboundVessel?: MappedVessel | null;
}

const transportMode = () => sent(openEnum(TRANSPORT_MODE_VALUES));

/** Schema of {@link MappedRouteLocation}. */
export const MappedRouteLocationSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('route_location'),
    inboundScac: sentText(),
    outboundScac: sentText(),
    inboundMode: transportMode(),
    outboundMode: transportMode(),
    inboundEtaAt: sentText(),
    inboundAtaAt: sentText(),
    outboundEtdAt: sentText(),
    outboundAtdAt: sentText(),
    inboundVoyageNumber: sentText(),
    outboundVoyageNumber: sentText(),
    createdAt: sentText(),
    updatedAt: sentText(),
    locationId: relationId(),
    location: MappedPortSchema.nullable().optional(),
    facilityId: relationId(),
    facility: MappedTerminalSchema.nullable().optional(),
    inboundVesselId: relationId(),
    inboundVessel: MappedVesselSchema.nullable().optional(),
    outboundVesselId: relationId(),
    outboundVessel: MappedVesselSchema.nullable().optional(),
  }),
);

/** The legs of a container's journey; `routeLocations` in order when included. */
export interface MappedRoute extends MappedResourceBase {
  type: 'route';
  createdAt?: string | null;
  updatedAt?: string | null;
  shipmentId?: string | null;
  shipment?: MappedShipment | null;
  routeLocationIds?: string[];
  routeLocations?: MappedRouteLocation[];
}

/** Schema of {@link MappedRoute}. */
export const MappedRouteSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('route'),
    createdAt: sentText(),
    updatedAt: sentText(),
    shipmentId: relationId(),
    shipment: MappedShipmentSchema.nullable().optional(),
    routeLocationIds: relationIds(),
    routeLocations: z.array(MappedRouteLocationSchema).optional(),
  }),
);

type _RouteAgrees = Assert<
  | Agrees<MappedRouteLocation, typeof MappedRouteLocationSchema>
  | Agrees<MappedRoute, typeof MappedRouteSchema>
>;
