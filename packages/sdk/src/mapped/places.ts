/** Ports, metro areas, terminals, rail terminals, vessels, users and customers. */
import * as z from 'zod';
import type {
  CustomerSentMembers,
  MetroAreaSentMembers,
  PortSentMembers,
  RailTerminalSentMembers,
  TerminalSentMembers,
  UserSentMembers,
  VesselSentMembers,
} from '../generated/mapped-members.js';
import {
  customerSentShape,
  metroAreaSentShape,
  portSentShape,
  railTerminalSentShape,
  terminalSentShape,
  userSentShape,
  vesselSentShape,
} from '../generated/mapped-shapes.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  resourceMembers,
} from './common.js';

/** A seaport. Coordinates are numbers even when the service sent decimal strings. */
export interface MappedPort extends MappedResourceBase, PortSentMembers {
  type: 'port';
  /** Decimal degrees; `null` when not sent or not a number. */
  latitude: number | null;
  /** Decimal degrees; `null` when not sent or not a number. */
  longitude: number | null;
}

/** Schema of {@link MappedPort}. */
export const MappedPortSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('port'),
    latitude: built(z.number()),
    longitude: built(z.number()),
    ...portSentShape,
  }),
);

/** An inland destination area. Coordinates are numbers. */
export interface MappedMetroArea extends MappedResourceBase, MetroAreaSentMembers {
  type: 'metro_area';
  latitude: number | null;
  longitude: number | null;
}

/** Schema of {@link MappedMetroArea}. */
export const MappedMetroAreaSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('metro_area'),
    latitude: built(z.number()),
    longitude: built(z.number()),
    ...metroAreaSentShape,
  }),
);

/** A terminal or other facility at a port; `port` when it was included. */
export interface MappedTerminal extends MappedResourceBase, TerminalSentMembers {
  type: 'terminal';
  name: string | null;
  port?: MappedPort | null;
}

/** Schema of {@link MappedTerminal}. */
export const MappedTerminalSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('terminal'),
    name: built(z.string()),
    ...terminalSentShape,
    port: MappedPortSchema.nullable().optional(),
  }),
);

/** An inland rail terminal; `metroArea` when it was included. */
export interface MappedRailTerminal extends MappedResourceBase, RailTerminalSentMembers {
  type: 'rail_terminal';
  metroArea?: MappedMetroArea | null;
}

/** Schema of {@link MappedRailTerminal}. */
export const MappedRailTerminalSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('rail_terminal'),
    ...railTerminalSentShape,
    metroArea: MappedMetroAreaSchema.nullable().optional(),
  }),
);

/** A ship, with its last reported position when known (numbers, even when sent as strings). */
export interface MappedVessel extends MappedResourceBase, VesselSentMembers {
  type: 'vessel';
  latitude: number | null;
  longitude: number | null;
  nauticalSpeedKnots: number | null;
  navigationalHeadingDegrees: number | null;
}

/** Schema of {@link MappedVessel}. */
export const MappedVesselSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('vessel'),
    latitude: built(z.number()),
    longitude: built(z.number()),
    nauticalSpeedKnots: built(z.number()),
    navigationalHeadingDegrees: built(z.number()),
    ...vesselSentShape,
  }),
);

/** A user of the account. */
export interface MappedUser extends MappedResourceBase, UserSentMembers {
  type: 'user';
}

/** Schema of {@link MappedUser}. */
export const MappedUserSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('user'),
    ...userSentShape,
  }),
);

/** A customer of the account, as set on tracking requests. */
export interface MappedCustomer extends MappedResourceBase, CustomerSentMembers {
  type: 'customer';
}

/** Schema of {@link MappedCustomer}. */
export const MappedCustomerSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('customer'),
    ...customerSentShape,
  }),
);

/** A port or a metro area: destinations and event locations can be either. */
export type MappedLocation = MappedPort | MappedMetroArea;

/** Schema of {@link MappedLocation}. */
export const MappedLocationSchema = /* @__PURE__ */ declareSchema(() =>
  z.discriminatedUnion('type', [MappedPortSchema, MappedMetroAreaSchema]),
);

/** A terminal or a rail terminal. */
export type MappedFacility = MappedTerminal | MappedRailTerminal;

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
