import { z } from 'zod';
import { optionalText, relationId } from './common.js';

/** A seaport; `latitude` and `longitude` are numbers even when the service sent strings. */
export const MappedPortSchema = z.looseObject({
  id: z.string(),
  type: z.literal('port'),
  name: z.string().optional(),
  code: optionalText().describe('UN/LOCODE'),
  city: optionalText(),
  stateAbbr: optionalText(),
  countryCode: optionalText(),
  timeZone: optionalText(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** A mapped port. */
export type MappedPort = z.infer<typeof MappedPortSchema>;

/** An inland destination area; coordinates as numbers. */
export const MappedMetroAreaSchema = z.looseObject({
  id: z.string(),
  type: z.literal('metro_area'),
  name: z.string().optional(),
  code: optionalText(),
  stateAbbr: optionalText(),
  countryCode: optionalText(),
  timeZone: optionalText(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** A mapped metro area. */
export type MappedMetroArea = z.infer<typeof MappedMetroAreaSchema>;

/** A terminal or other facility at a port. */
export const MappedTerminalSchema = z.looseObject({
  id: z.string(),
  type: z.literal('terminal'),
  name: z.string(),
  nickname: optionalText(),
  firmsCode: optionalText(),
  smdgCode: optionalText(),
  bicFacilityCode: optionalText(),
  street: optionalText(),
  city: optionalText(),
  state: optionalText(),
  stateAbbr: optionalText(),
  zip: optionalText(),
  country: optionalText(),
  facilityType: optionalText(),
  providedData: z.record(z.string(), z.unknown()).nullable().optional(),
  portId: relationId(),
  port: MappedPortSchema.optional(),
});

/** A mapped terminal. */
export type MappedTerminal = z.infer<typeof MappedTerminalSchema>;

/** An inland rail terminal. */
export const MappedRailTerminalSchema = z.looseObject({
  id: z.string(),
  type: z.literal('rail_terminal'),
  name: z.string().optional(),
  nickname: optionalText(),
  firmsCode: optionalText(),
  city: optionalText(),
  stateAbbr: optionalText(),
  metroAreaId: relationId(),
  metroArea: MappedMetroAreaSchema.optional(),
});

/** A mapped rail terminal. */
export type MappedRailTerminal = z.infer<typeof MappedRailTerminalSchema>;

/** A ship. */
export const MappedVesselSchema = z.looseObject({
  id: z.string(),
  type: z.literal('vessel'),
  name: z.string().optional(),
  imo: optionalText(),
  mmsi: optionalText(),
  flag: optionalText(),
});

/** A mapped vessel. */
export type MappedVessel = z.infer<typeof MappedVesselSchema>;

/** A port or a metro area (destinations and event locations can be either). */
export const MappedLocationSchema = z.discriminatedUnion('type', [
  MappedPortSchema,
  MappedMetroAreaSchema,
]);

/** A terminal or a rail terminal. */
export const MappedFacilitySchema = z.discriminatedUnion('type', [
  MappedTerminalSchema,
  MappedRailTerminalSchema,
]);

/** A user of the account. */
export const MappedUserSchema = z.looseObject({
  id: z.string(),
  type: z.literal('user'),
  email: optionalText(),
  firstName: optionalText(),
  lastName: optionalText(),
});

/** A customer of the account. */
export const MappedCustomerSchema = z.looseObject({
  id: z.string(),
  type: z.literal('customer'),
  companyName: optionalText(),
});
