/** Schemas of ports, metro areas, terminals, rail terminals, vessels, users and customers (`../places.ts`). */
import * as z from 'zod';
import {
  customerSentShape,
  metroAreaSentShape,
  portSentShape,
  railTerminalSentShape,
  terminalSentShape,
  userSentShape,
  vesselSentShape,
} from '../../generated/mapped-shapes.js';
import type {
  MappedCustomer,
  MappedFacility,
  MappedLocation,
  MappedMetroArea,
  MappedPort,
  MappedRailTerminal,
  MappedTerminal,
  MappedUser,
  MappedVessel,
} from '../places.js';
import { type Agrees, type Assert, built, declareSchema, resourceSchema } from './common.js';

/** Schema of {@link MappedPort}. */
export const MappedPortSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('port', {
    latitude: built(z.number()),
    longitude: built(z.number()),
    ...portSentShape,
  }),
);

/** Schema of {@link MappedMetroArea}. */
export const MappedMetroAreaSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('metro_area', {
    latitude: built(z.number()),
    longitude: built(z.number()),
    ...metroAreaSentShape,
  }),
);

/** Schema of {@link MappedTerminal}. */
export const MappedTerminalSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('terminal', {
    name: built(z.string()),
    ...terminalSentShape,
    port: MappedPortSchema.nullable().optional(),
  }),
);

/** Schema of {@link MappedRailTerminal}. */
export const MappedRailTerminalSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('rail_terminal', {
    ...railTerminalSentShape,
    metroArea: MappedMetroAreaSchema.nullable().optional(),
  }),
);

/** Schema of {@link MappedVessel}. */
export const MappedVesselSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('vessel', {
    latitude: built(z.number()),
    longitude: built(z.number()),
    nauticalSpeedKnots: built(z.number()),
    navigationalHeadingDegrees: built(z.number()),
    ...vesselSentShape,
  }),
);

/** Schema of {@link MappedUser}. */
export const MappedUserSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('user', {
    ...userSentShape,
  }),
);

/** Schema of {@link MappedCustomer}. */
export const MappedCustomerSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('customer', {
    ...customerSentShape,
  }),
);

/** Schema of {@link MappedLocation}. */
export const MappedLocationSchema = /* @__PURE__ */ declareSchema(() =>
  z.discriminatedUnion('type', [MappedPortSchema, MappedMetroAreaSchema]),
);

/** Schema of {@link MappedFacility}. */
export const MappedFacilitySchema = /* @__PURE__ */ declareSchema(() =>
  z.discriminatedUnion('type', [MappedTerminalSchema, MappedRailTerminalSchema]),
);

type _PlacesAgree = Assert<
  | Agrees<MappedPort, typeof MappedPortSchema>
  | Agrees<MappedMetroArea, typeof MappedMetroAreaSchema>
  | Agrees<MappedTerminal, typeof MappedTerminalSchema>
  | Agrees<MappedRailTerminal, typeof MappedRailTerminalSchema>
  | Agrees<MappedVessel, typeof MappedVesselSchema>
  | Agrees<MappedUser, typeof MappedUserSchema>
  | Agrees<MappedCustomer, typeof MappedCustomerSchema>
  | Agrees<MappedLocation, typeof MappedLocationSchema>
  | Agrees<MappedFacility, typeof MappedFacilitySchema>
>;
