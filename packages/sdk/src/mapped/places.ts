/** Ports, metro areas, terminals, rail terminals, vessels, users and customers. */
import * as z from 'zod';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResourceBase,
  relationId,
  resourceMembers,
  sent,
  sentText,
} from './common.js';

/** A seaport. Coordinates are numbers even when the service sent decimal strings. */
export interface MappedPort extends MappedResourceBase {
  type: 'port';
  name?: string | null;
  /** UN/LOCODE, such as `NLRTM`. */
  code?: string | null;
  city?: string | null;
  stateAbbr?: string | null;
  /** ISO 3166 alpha-2 country code. */
  countryCode?: string | null;
  /** IANA time zone. */
  timeZone?: string | null;
  /** Decimal degrees; `null` when not sent or not a number. */
  latitude: number | null;
  /** Decimal degrees; `null` when not sent or not a number. */
  longitude: number | null;
  /** The port's id, which the service repeats among the attributes. */
  idAttribute?: string | null;
}

/** Schema of {@link MappedPort}. */
export const MappedPortSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('port'),
    name: sentText(),
    code: sentText(),
    city: sentText(),
    stateAbbr: sentText(),
    countryCode: sentText(),
    timeZone: sentText(),
    latitude: built(z.number()),
    longitude: built(z.number()),
    idAttribute: sentText(),
  }),
);

/** An inland destination area. Coordinates are numbers. */
export interface MappedMetroArea extends MappedResourceBase {
  type: 'metro_area';
  name?: string | null;
  /** UN/LOCODE. */
  code?: string | null;
  stateAbbr?: string | null;
  countryCode?: string | null;
  timeZone?: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Schema of {@link MappedMetroArea}. */
export const MappedMetroAreaSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('metro_area'),
    name: sentText(),
    code: sentText(),
    stateAbbr: sentText(),
    countryCode: sentText(),
    timeZone: sentText(),
    latitude: built(z.number()),
    longitude: built(z.number()),
  }),
);

/** A terminal or other facility at a port; `port` when it was included. */
export interface MappedTerminal extends MappedResourceBase {
  type: 'terminal';
  name: string | null;
  nickname?: string | null;
  /** US customs facility (FIRMS) code. */
  firmsCode?: string | null;
  smdgCode?: string | null;
  bicFacilityCode?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  stateAbbr?: string | null;
  zip?: string | null;
  country?: string | null;
  /** Kind of facility, for example `ocean_terminal`. */
  facilityType?: string | null;
  /** Which fields the terminal reports (booleans and notes). */
  providedData?: Record<string, unknown> | null;
  /** The terminal's id, which the service repeats among the attributes. */
  idAttribute?: string | null;
  portId?: string | null;
  port?: MappedPort | null;
}

/** Schema of {@link MappedTerminal}. */
export const MappedTerminalSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('terminal'),
    name: built(z.string()),
    nickname: sentText(),
    firmsCode: sentText(),
    smdgCode: sentText(),
    bicFacilityCode: sentText(),
    street: sentText(),
    city: sentText(),
    state: sentText(),
    stateAbbr: sentText(),
    zip: sentText(),
    country: sentText(),
    facilityType: sentText(),
    providedData: sent(z.record(z.string(), z.unknown())),
    idAttribute: sentText(),
    portId: relationId(),
    port: MappedPortSchema.nullable().optional(),
  }),
);

/** An inland rail terminal; `metroArea` when it was included. */
export interface MappedRailTerminal extends MappedResourceBase {
  type: 'rail_terminal';
  name?: string | null;
  nickname?: string | null;
  firmsCode?: string | null;
  city?: string | null;
  stateAbbr?: string | null;
  metroAreaId?: string | null;
  metroArea?: MappedMetroArea | null;
}

/** Schema of {@link MappedRailTerminal}. */
export const MappedRailTerminalSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('rail_terminal'),
    name: sentText(),
    nickname: sentText(),
    firmsCode: sentText(),
    city: sentText(),
    stateAbbr: sentText(),
    metroAreaId: relationId(),
    metroArea: MappedMetroAreaSchema.nullable().optional(),
  }),
);

/** A ship, with its last reported position when known (numbers, even when sent as strings). */
export interface MappedVessel extends MappedResourceBase {
  type: 'vessel';
  name?: string | null;
  /** IMO number (seven digits). */
  imo?: string | null;
  /** MMSI radio identifier. */
  mmsi?: string | null;
  /** Flag state, ISO 3166 alpha-2. */
  flag?: string | null;
  latitude: number | null;
  longitude: number | null;
  nauticalSpeedKnots: number | null;
  navigationalHeadingDegrees: number | null;
  /** When the position was reported. */
  positionTimestamp?: string | null;
}

/** Schema of {@link MappedVessel}. */
export const MappedVesselSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('vessel'),
    name: sentText(),
    imo: sentText(),
    mmsi: sentText(),
    flag: sentText(),
    latitude: built(z.number()),
    longitude: built(z.number()),
    nauticalSpeedKnots: built(z.number()),
    navigationalHeadingDegrees: built(z.number()),
    positionTimestamp: sentText(),
  }),
);

/** A user of the account. */
export interface MappedUser extends MappedResourceBase {
  type: 'user';
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Schema of {@link MappedUser}. */
export const MappedUserSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('user'),
    email: sentText(),
    firstName: sentText(),
    lastName: sentText(),
  }),
);

/** A customer of the account, as set on tracking requests. */
export interface MappedCustomer extends MappedResourceBase {
  type: 'customer';
  companyName?: string | null;
}

/** Schema of {@link MappedCustomer}. */
export const MappedCustomerSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('customer'),
    companyName: sentText(),
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
