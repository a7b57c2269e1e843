/**
 * The one journey every sample delivery describes: a Maersk container from
 * Shanghai to Rotterdam, then by rail to the Duisburg metro area. It holds the
 * fixed ids and the place records (ports, metro area, terminals, vessel), and
 * decides where each transport milestone happens, as the mock's lifecycle
 * does: rail arrival, unloading and the inland arrival (and its estimate) at
 * the metro area and its rail terminal; loading onto the train and every
 * other milestone at a port.
 */

/** Fixed ids, so that samples of different events describe the same journey. */
export const SAMPLE_IDS = {
  webhook: '0f8a0ad4-5c1b-4d7e-9a43-2f6a8e0c1d01',
  trackingRequest: '6a3e4e59-8f1a-4c55-b7a2-3b7f0e9d2c11',
  shipment: 'a6a1f3d2-1c4e-4f0b-9d5e-7c2b8e9f0a21',
  container: '4b9c2e1f-7a3d-4e8b-a1c6-5d0f9e2b3c31',
  portOfLading: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e41',
  portOfDischarge: 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f51',
  terminal: 'e3f4a5b6-c7d8-4e9f-8a1b-2c3d4e5f6a61',
  metroArea: '58e9f0a1-b2c3-4d4e-9f60-7b8c9d0e1fb1',
  railTerminal: '69f0a1b2-c3d4-4e5f-8a71-8c9d0e1f2ac1',
  vessel: 'f4a5b6c7-d8e9-4f0a-9b2c-3d4e5f6a7b71',
  transportEvent: '05b6c7d8-e9f0-4a1b-8c3d-4e5f6a7b8c81',
  containerUpdatedEvent: '16c7d8e9-f0a1-4b2c-9d4e-5f6a7b8c9d91',
  estimatedEvent: '27d8e9f0-a1b2-4c3d-8e5f-6a7b8c9d0ea1',
} as const;

/** A to-one relationship pointing at a record. */
export const sampleRef = (type: string, id: string) => ({ data: { type, id } });

const port = (id: string, code: string, name: string, country: string, zone: string) => ({
  id,
  type: 'port',
  attributes: {
    name,
    code,
    city: name,
    state_abbr: null,
    country_code: country,
    time_zone: zone,
    latitude: null,
    longitude: null,
  },
  links: { self: `/v2/ports/${id}` },
});

/** The port of lading, Shanghai. */
export const PORT_OF_LADING = port(
  SAMPLE_IDS.portOfLading,
  'CNSHA',
  'Shanghai',
  'CN',
  'Asia/Shanghai',
);

/** The port of discharge, Rotterdam. */
export const PORT_OF_DISCHARGE = port(
  SAMPLE_IDS.portOfDischarge,
  'NLRTM',
  'Rotterdam',
  'NL',
  'Europe/Amsterdam',
);

/** The inland destination the train from Rotterdam ends in, Duisburg. */
export const METRO_AREA = {
  id: SAMPLE_IDS.metroArea,
  type: 'metro_area',
  attributes: {
    name: 'Duisburg',
    code: 'DEDUI',
    state_abbr: 'NW',
    country_code: 'DE',
    time_zone: 'Europe/Berlin',
    // Decimal strings, as the service sometimes sends coordinates.
    latitude: '51.4344',
    longitude: '6.7623',
  },
  links: { self: `/v2/metro_areas/${SAMPLE_IDS.metroArea}` },
};

/** The terminal of discharge in Rotterdam, where the container also goes onto the train. */
export const TERMINAL = {
  id: SAMPLE_IDS.terminal,
  type: 'terminal',
  attributes: {
    name: 'ECT Delta Terminal',
    nickname: 'ECT Delta',
    firms_code: null,
    smdg_code: 'ECTDE',
    bic_facility_code: null,
    street: 'Europaweg 875',
    city: 'Rotterdam',
    state: null,
    state_abbr: null,
    zip: '3199 LD',
    country: 'Netherlands',
  },
  relationships: { port: sampleRef('port', SAMPLE_IDS.portOfDischarge) },
  links: { self: `/v2/terminals/${SAMPLE_IDS.terminal}` },
};

/** The rail terminal in the Duisburg metro area, where the train ends. */
export const RAIL_TERMINAL = {
  id: SAMPLE_IDS.railTerminal,
  type: 'rail_terminal',
  attributes: {
    name: 'Duisburg Intermodal Terminal',
    nickname: 'DIT',
    firms_code: null,
    city: 'Duisburg',
    state_abbr: 'NW',
  },
  // No `links`: the API has no path that serves a rail terminal.
  relationships: { metro_area: sampleRef('metro_area', SAMPLE_IDS.metroArea) },
};

/** The vessel of the ocean leg. */
export const VESSEL = {
  id: SAMPLE_IDS.vessel,
  type: 'vessel',
  attributes: { name: 'MAERSK EMDEN', imo: '9235533', mmsi: '219018000', flag: 'DK' },
  links: { self: `/v2/vessels/${SAMPLE_IDS.vessel}` },
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

const AT_ORIGIN = /^(empty_out|full_in|vessel_loaded|vessel_departed|estimated\.vessel_departed)$/;
const INLAND =
  /^(rail_arrived|rail_unloaded|arrived_at_inland_destination|estimated\.arrived_at_inland_destination)$/;

const placeAt = (location: SamplePlace['location'], terminal: SampleRecord | null) => ({
  location,
  terminal,
  locode: location.attributes.code,
  timeZone: location.attributes.time_zone,
});

/** The place of a `container.transport.*` milestone (the name without that prefix). */
export function milestonePlace(milestone: string): SamplePlace {
  if (AT_ORIGIN.test(milestone)) return placeAt(PORT_OF_LADING, null);
  if (INLAND.test(milestone)) return placeAt(METRO_AREA, RAIL_TERMINAL);
  return placeAt(PORT_OF_DISCHARGE, TERMINAL);
}
