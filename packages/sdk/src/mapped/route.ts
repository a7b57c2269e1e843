/** The route of a container: its stops, in order. */
import * as z from 'zod';
import type { RouteLocationSentMembers, RouteSentMembers } from '../generated/mapped-members.js';
import { routeLocationSentShape, routeSentShape } from '../generated/mapped-shapes.js';
import {
  type Agrees,
  type Assert,
  declareSchema,
  type MappedResourceBase,
  resourceMembers,
} from './common.js';
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
export interface MappedRouteLocation extends MappedResourceBase, RouteLocationSentMembers {
  type: 'route_location';
  location?: MappedPort | null;
  facility?: MappedTerminal | null;
  inboundVessel?: MappedVessel | null;
  outboundVessel?: MappedVessel | null;
}

/** Schema of {@link MappedRouteLocation}. */
export const MappedRouteLocationSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('route_location'),
    ...routeLocationSentShape,
    location: MappedPortSchema.nullable().optional(),
    facility: MappedTerminalSchema.nullable().optional(),
    inboundVessel: MappedVesselSchema.nullable().optional(),
    outboundVessel: MappedVesselSchema.nullable().optional(),
  }),
);

/** The legs of a container's journey; `routeLocations` in order when included. */
export interface MappedRoute extends MappedResourceBase, RouteSentMembers {
  type: 'route';
  shipment?: MappedShipment | null;
  routeLocations?: MappedRouteLocation[];
}

/** Schema of {@link MappedRoute}. */
export const MappedRouteSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('route'),
    ...routeSentShape,
    shipment: MappedShipmentSchema.nullable().optional(),
    routeLocations: z.array(MappedRouteLocationSchema).optional(),
  }),
);

type _RouteAgrees = Assert<
  | Agrees<MappedRouteLocation, typeof MappedRouteLocationSchema>
  | Agrees<MappedRoute, typeof MappedRouteSchema>
>;
