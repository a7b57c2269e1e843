import { z } from 'zod';
import { MappedResourceSchema, optionalText, relationId, relationIds } from './common.js';
import { MappedPortSchema, MappedTerminalSchema, MappedVesselSchema } from './places.js';

/** One stop of a route, with how the container arrives and leaves. */
export const MappedRouteLocationSchema = z.looseObject({
  id: z.string(),
  type: z.literal('route_location'),
  inboundScac: optionalText(),
  outboundScac: optionalText(),
  inboundMode: z.enum(['vessel', 'rail']).nullable().optional(),
  outboundMode: z.enum(['vessel', 'rail']).nullable().optional(),
  inboundEtaAt: optionalText(),
  inboundAtaAt: optionalText(),
  outboundEtdAt: optionalText(),
  outboundAtdAt: optionalText(),
  inboundVoyageNumber: optionalText(),
  outboundVoyageNumber: optionalText(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  locationId: relationId(),
  location: MappedPortSchema.nullable().optional(),
  facilityId: relationId(),
  facility: MappedTerminalSchema.nullable().optional(),
  inboundVesselId: relationId(),
  inboundVessel: MappedVesselSchema.nullable().optional(),
  outboundVesselId: relationId(),
  outboundVessel: MappedVesselSchema.nullable().optional(),
});

/** A mapped route location. */
export type MappedRouteLocation = z.infer<typeof MappedRouteLocationSchema>;

/** The legs of a container's journey, stops in order. */
export const MappedRouteSchema = z.looseObject({
  id: z.string(),
  type: z.literal('route'),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  shipmentId: relationId(),
  shipment: MappedResourceSchema.optional(),
  routeLocationIds: relationIds(),
  routeLocations: z.array(MappedRouteLocationSchema).optional(),
});

/** A mapped route. */
export type MappedRoute = z.infer<typeof MappedRouteSchema>;
