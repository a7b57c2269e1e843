/** Schemas of a container's route and its stops (`../route.ts`). */
import * as z from 'zod';
import { routeLocationSentShape, routeSentShape } from '../../generated/mapped-shapes.js';
import type { MappedRoute, MappedRouteLocation } from '../route.js';
import { type Agrees, type Assert, declareSchema, resourceSchema } from './common.js';
import { MappedShipmentSchema } from './container.js';
import { MappedPortSchema, MappedTerminalSchema, MappedVesselSchema } from './places.js';

/** Schema of {@link MappedRouteLocation}. */
export const MappedRouteLocationSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('route_location', {
    ...routeLocationSentShape,
    location: MappedPortSchema.nullable().optional(),
    facility: MappedTerminalSchema.nullable().optional(),
    inboundVessel: MappedVesselSchema.nullable().optional(),
    outboundVessel: MappedVesselSchema.nullable().optional(),
  }),
);

/** Schema of {@link MappedRoute}. */
export const MappedRouteSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('route', {
    ...routeSentShape,
    shipment: MappedShipmentSchema.nullable().optional(),
    routeLocations: z.array(MappedRouteLocationSchema).optional(),
  }),
);

type _RouteAgrees = Assert<
  | Agrees<MappedRouteLocation, typeof MappedRouteLocationSchema>
  | Agrees<MappedRoute, typeof MappedRouteSchema>
>;
