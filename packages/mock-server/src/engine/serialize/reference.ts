/** Wire form of the reference data (ports, metro areas, terminals, vessels, shipping lines) and users. */
import type {
  MetroAreaRecord,
  PortRecord,
  ShippingLineRecord,
  TerminalRecord,
  UserRecord,
  VesselRecord,
} from '../records.js';
import type { Store } from '../store.js';
import type { Serializer } from './resource-object.js';
import { toOne } from './resource-object.js';
import type { SpecResource } from './spec-resource.js';

/** The wire form of a port. */
export function serializePort(record: PortRecord): SpecResource<'Port'> {
  return {
    id: record.id,
    type: 'port',
    attributes: {
      id: record.id,
      name: record.name,
      code: record.code,
      state_abbr: record.stateAbbr,
      city: record.city,
      country_code: record.countryCode,
      time_zone: record.timeZone,
      latitude: record.latitude,
      longitude: record.longitude,
    },
  };
}

/** The wire form of a terminal or rail terminal (the spec lists fewer attributes for the latter). */
export function serializeTerminal(
  record: TerminalRecord,
): SpecResource<'Terminal'> | SpecResource<'RailTerminal'> {
  if (record.type === 'rail_terminal') {
    return {
      id: record.id,
      type: 'rail_terminal',
      attributes: {
        name: record.name,
        nickname: record.nickname,
        firms_code: record.firmsCode,
        city: record.city,
        state_abbr: record.stateAbbr,
      },
      relationships: {
        port: toOne('port', record.portId),
        metro_area: toOne('metro_area', record.metroAreaId),
      },
    };
  }
  return {
    id: record.id,
    type: 'terminal',
    attributes: {
      id: record.id,
      name: record.name,
      nickname: record.nickname,
      firms_code: record.firmsCode,
      smdg_code: record.smdgCode,
      bic_facility_code: record.bicFacilityCode,
      street: record.street,
      city: record.city,
      state: record.state,
      state_abbr: record.stateAbbr,
      zip: record.zip,
      country: record.country,
      facility_type: 'ocean_terminal',
      provided_data: null,
    },
    relationships: { port: toOne('port', record.portId) },
  };
}

/** The wire form of a metro area. */
export function serializeMetroArea(record: MetroAreaRecord): SpecResource<'MetroArea'> {
  return {
    id: record.id,
    type: 'metro_area',
    attributes: {
      name: record.name,
      code: record.code,
      state_abbr: record.stateAbbr,
      country_code: record.countryCode,
      time_zone: record.timeZone,
      latitude: record.latitude,
      longitude: record.longitude,
    },
  };
}

/** The wire form of a vessel. */
export function serializeVessel(record: VesselRecord): SpecResource<'Vessel'> {
  return {
    id: record.id,
    type: 'vessel',
    attributes: {
      name: record.name,
      imo: record.imo,
      mmsi: record.mmsi,
      flag: record.flag,
      // The mock tracks no ship positions: the position is unknown, not invented.
      latitude: null,
      longitude: null,
      nautical_speed_knots: null,
      navigational_heading_degrees: null,
      position_timestamp: null,
    },
  };
}

/** The wire form of a shipping line. */
export function serializeShippingLine(record: ShippingLineRecord): SpecResource<'ShippingLine'> {
  return {
    id: record.id,
    type: 'shipping_line',
    attributes: {
      scac: record.scac,
      name: record.name,
      short_name: record.shortName,
      alternative_scacs: record.alternativeScacs,
      bill_of_lading_tracking_support: record.billOfLadingTrackingSupport,
      booking_number_tracking_support: record.bookingNumberTrackingSupport,
      container_number_tracking_support: record.containerNumberTrackingSupport,
    },
  };
}

/** The wire form of a user. */
export function serializeUser(record: UserRecord): SpecResource<'User'> {
  return {
    id: record.id,
    type: 'user',
    attributes: {
      first_name: record.firstName,
      last_name: record.lastName,
      email: record.email,
    },
  };
}

/** Registers the serializers of reference data and users. */
export function registerReferenceSerializers(serializer: Serializer, store: Store): void {
  serializer.registerRecords('port', store.ports, serializePort);
  serializer.registerRecords('terminal', store.terminals, serializeTerminal);
  serializer.registerRecords('rail_terminal', store.terminals, serializeTerminal);
  serializer.registerRecords('metro_area', store.metroAreas, serializeMetroArea);
  serializer.registerRecords('vessel', store.vessels, serializeVessel);
  serializer.registerRecords('shipping_line', store.shippingLines, serializeShippingLine);
  serializer.registerRecords('user', store.users, serializeUser);
}
