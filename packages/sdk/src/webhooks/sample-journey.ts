/**
 * The records of the sample world (`sample-world.ts`) in the service's wire
 * form: its ports, metro area, terminals and vessel, and where each
 * transport milestone happens, as the mock's lifecycle places it.
 */
import {
  SAMPLE_WORLD,
  type SamplePort,
  type SampleTerminal,
  sampleMilestonePlace,
} from './sample-world.js';

const { places, vessel } = SAMPLE_WORLD;

/** Fixed ids, so that samples of different events describe the same journey. */
export const SAMPLE_IDS = {
  ...SAMPLE_WORLD.ids,
  portOfLading: places.portOfLading.id,
  transshipment: places.transshipment.id,
  portOfDischarge: places.portOfDischarge.id,
  terminal: places.podTerminal.id,
  metroArea: places.metroAreaId,
  railTerminal: places.railTerminal.id,
  vessel: vessel.id,
} as const;

/** A to-one relationship pointing at a record. */
export const sampleRef = (type: string, id: string) => ({ data: { type, id } });

const port = (record: SamplePort) => ({
  id: record.id,
  type: 'port',
  attributes: {
    name: record.name,
    code: record.code,
    city: record.city,
    state_abbr: record.stateAbbr,
    country_code: record.countryCode,
    time_zone: record.timeZone,
    latitude: record.latitude,
    longitude: record.longitude,
  },
  links: { self: `/v2/ports/${record.id}` },
});

/** The port of lading, Shanghai. */
export const PORT_OF_LADING = port(places.portOfLading);

/** The port of transshipment, Singapore. */
export const TRANSSHIPMENT_PORT = port(places.transshipment);

/** The port of discharge, Los Angeles. */
export const PORT_OF_DISCHARGE = port(places.portOfDischarge);

/** The inland destination the train from Los Angeles ends in, the Chicago metro area. */
export const METRO_AREA = {
  id: places.metroAreaId,
  type: 'metro_area',
  attributes: {
    name: places.destination.name,
    code: places.destination.code,
    state_abbr: places.destination.stateAbbr,
    country_code: places.destination.countryCode,
    time_zone: places.destination.timeZone,
    // Decimal strings, as the service sometimes sends coordinates.
    latitude: String(places.destination.latitude),
    longitude: String(places.destination.longitude),
  },
  links: { self: `/v2/metro_areas/${places.metroAreaId}` },
};

const terminalAttributes = (record: SampleTerminal) => ({
  name: record.name,
  nickname: record.nickname,
  firms_code: record.firmsCode,
  smdg_code: null,
  bic_facility_code: null,
  street: record.street,
  city: record.city,
  state: record.state,
  state_abbr: record.stateAbbr,
  zip: record.zip,
  country: record.country,
});

/** The terminal of discharge in Los Angeles, where the container also goes onto the train. */
export const TERMINAL = {
  id: places.podTerminal.id,
  type: 'terminal',
  attributes: terminalAttributes(places.podTerminal),
  relationships: { port: sampleRef('port', places.portOfDischarge.id) },
  links: { self: `/v2/terminals/${places.podTerminal.id}` },
};

/** The rail terminal of the Chicago metro area, where the train ends. */
export const RAIL_TERMINAL = {
  id: places.railTerminal.id,
  type: 'rail_terminal',
  attributes: terminalAttributes(places.railTerminal),
  // No `links`: the API has no path that serves a rail terminal.
  relationships: { metro_area: sampleRef('metro_area', places.metroAreaId) },
};

/** The vessel of the ocean leg. */
export const VESSEL = {
  id: vessel.id,
  type: 'vessel',
  attributes: { name: vessel.name, imo: vessel.imo, mmsi: vessel.mmsi, flag: vessel.flag },
  links: { self: `/v2/vessels/${vessel.id}` },
};

/** A record the samples include: a port or metro area, a terminal or rail terminal. */
type SampleRecord = { id: string; type: string };

/** Where a milestone happens: its `location` and its `terminal` (null when not at a terminal). */
export interface SamplePlace {
  readonly location: typeof PORT_OF_LADING | typeof METRO_AREA;
  readonly terminal: SampleRecord | null;
  readonly locode: string;
  readonly timeZone: string;
}

const placeAt = (location: SamplePlace['location'], terminal: SampleRecord | null) => ({
  location,
  terminal,
  locode: location.attributes.code,
  timeZone: location.attributes.time_zone,
});

/** The place of a `container.transport.*` milestone (the name without that prefix). */
export function milestonePlace(milestone: string): SamplePlace {
  switch (sampleMilestonePlace(milestone)) {
    case 'portOfLading':
      return placeAt(PORT_OF_LADING, null);
    case 'transshipment':
      return placeAt(TRANSSHIPMENT_PORT, null);
    case 'destination':
      return placeAt(METRO_AREA, RAIL_TERMINAL);
    case 'portOfDischarge':
      return placeAt(PORT_OF_DISCHARGE, TERMINAL);
  }
}
