import type { components } from '../generated/openapi.js';
import type { ContainerChangeEventName } from './event-names.js';

type Schemas = components['schemas'];

/**
 * The one world every sample delivery describes, in the SDK's testing
 * helpers and in the mock server's sample deliveries alike: a Maersk
 * container from Shanghai to Los Angeles by sea (through Singapore) and on
 * by rail to the Chicago metro area. The places are the mock's catalogue
 * records (same ids), so a sample's port or terminal is one the mock serves.
 */

/** A port (or the inland point of a metro area) of the sample world. */
export interface SamplePort {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly city: string;
  readonly stateAbbr: string | null;
  readonly countryCode: string;
  readonly timeZone: string;
  readonly latitude: number;
  readonly longitude: number;
}

/** A terminal or rail terminal of the sample world. */
export interface SampleTerminal {
  readonly id: string;
  readonly type: 'terminal' | 'rail_terminal';
  readonly name: string;
  readonly nickname: string;
  readonly firmsCode: string | null;
  readonly street: string;
  readonly city: string;
  readonly state: string;
  readonly stateAbbr: string;
  readonly zip: string;
  readonly country: string;
}

/** Where a milestone of the sample journey happens. */
export type SamplePlaceRole = 'portOfLading' | 'transshipment' | 'portOfDischarge' | 'destination';

/** An attribute's value before and after a change, as a `changeset` holds it. */
export type SampleChange = readonly [
  before: string | boolean | null,
  after: string | boolean | null,
];

/** The facts of the sample world: fixed ids, numbers, places, times and changes. */
export interface SampleWorld {
  /** When every sample event happens. */
  readonly at: string;
  /** Fixed ids, so that samples of different events describe the same records. */
  readonly ids: {
    readonly webhook: string;
    readonly trackingRequest: string;
    readonly shipment: string;
    readonly container: string;
    readonly transportEvent: string;
    /** The per-event record of a container change (`container_updated_event` and its kin). */
    readonly containerUpdatedEvent: string;
    readonly estimatedEvent: string;
  };
  readonly shipment: {
    readonly billOfLadingNumber: string;
    readonly normalizedNumber: string;
    readonly refNumbers: readonly string[];
    readonly scac: string;
    readonly shippingLineName: string;
    readonly voyageNumber: string;
    readonly polEtdAt: string;
    readonly polAtdAt: string;
    readonly podEtaAt: string;
    readonly podOriginalEtaAt: string;
    /** When the container is expected at its inland destination. */
    readonly destinationEtaAt: string;
    readonly createdAt: string;
  };
  readonly container: {
    readonly number: string;
    readonly sealNumber: string;
    readonly equipmentType: Schemas['EquipmentType'];
    readonly equipmentLength: Schemas['EquipmentLength'];
    readonly equipmentHeight: Schemas['EquipmentHeight'];
    readonly weightInLbs: number;
    readonly pickupLfdTerminal: string;
    readonly pickupLfdLine: string;
  };
  readonly places: {
    readonly portOfLading: SamplePort;
    readonly transshipment: SamplePort;
    readonly portOfDischarge: SamplePort;
    /** The inland point of the destination metro area (the metro area has `metroAreaId`). */
    readonly destination: SamplePort;
    readonly metroAreaId: string;
    readonly podTerminal: SampleTerminal;
    readonly railTerminal: SampleTerminal;
  };
  readonly vessel: {
    readonly id: string;
    readonly name: string;
    readonly imo: string;
    readonly mmsi: string;
    readonly flag: string;
  };
  /** What each container change event changes, as `[before, after]` per attribute. */
  readonly changes: Readonly<
    Record<ContainerChangeEventName, Readonly<Record<string, SampleChange>>>
  >;
}

const LOS_ANGELES: SamplePort = {
  id: '06ccf984-ac9f-4a35-a63f-26c57d14bc4a',
  code: 'USLAX',
  name: 'Los Angeles',
  city: 'Los Angeles',
  stateAbbr: 'CA',
  countryCode: 'US',
  timeZone: 'America/Los_Angeles',
  latitude: 33.7397,
  longitude: -118.2625,
};

/** The sample world (see {@link SampleWorld}). */
export const SAMPLE_WORLD: SampleWorld = {
  at: '2025-03-10T12:00:00Z',
  ids: {
    webhook: '0f8a0ad4-5c1b-4d7e-9a43-2f6a8e0c1d01',
    trackingRequest: '6a3e4e59-8f1a-4c55-b7a2-3b7f0e9d2c11',
    shipment: 'a6a1f3d2-1c4e-4f0b-9d5e-7c2b8e9f0a21',
    container: '4b9c2e1f-7a3d-4e8b-a1c6-5d0f9e2b3c31',
    transportEvent: '05b6c7d8-e9f0-4a1b-8c3d-4e5f6a7b8c81',
    containerUpdatedEvent: '16c7d8e9-f0a1-4b2c-9d4e-5f6a7b8c9d91',
    estimatedEvent: '27d8e9f0-a1b2-4c3d-8e5f-6a7b8c9d0ea1',
  },
  shipment: {
    billOfLadingNumber: 'MAEU246813579',
    normalizedNumber: '246813579',
    refNumbers: ['PO-1042'],
    scac: 'MAEU',
    shippingLineName: 'Maersk',
    voyageNumber: '512E',
    polEtdAt: '2025-02-18T12:00:00Z',
    polAtdAt: '2025-02-18T15:00:00Z',
    podEtaAt: '2025-03-12T12:00:00Z',
    podOriginalEtaAt: '2025-03-11T12:00:00Z',
    destinationEtaAt: '2025-03-17T18:00:00Z',
    createdAt: '2025-03-09T12:00:00Z',
  },
  container: {
    number: 'CSQU3054383',
    sealNumber: 'ML-4410873',
    equipmentType: 'dry',
    equipmentLength: 40,
    equipmentHeight: 'high_cube',
    weightInLbs: 33_069,
    pickupLfdTerminal: '2025-03-16T12:00:00Z',
    pickupLfdLine: '2025-03-17T12:00:00Z',
  },
  places: {
    portOfLading: {
      id: '55b1d48e-b002-41bc-99d9-ef9faec8732f',
      code: 'CNSHA',
      name: 'Shanghai',
      city: 'Shanghai',
      stateAbbr: null,
      countryCode: 'CN',
      timeZone: 'Asia/Shanghai',
      latitude: 31.2304,
      longitude: 121.4737,
    },
    transshipment: {
      id: '3a10f36a-7894-425a-a664-e9ff1d71bb3b',
      code: 'SGSIN',
      name: 'Singapore',
      city: 'Singapore',
      stateAbbr: null,
      countryCode: 'SG',
      timeZone: 'Asia/Singapore',
      latitude: 1.2644,
      longitude: 103.8222,
    },
    portOfDischarge: LOS_ANGELES,
    destination: {
      id: 'ddd263ff-75a6-4ea9-aad4-cfc8bb90faec',
      code: 'USCHI',
      name: 'Chicago',
      city: 'Chicago',
      stateAbbr: 'IL',
      countryCode: 'US',
      timeZone: 'America/Chicago',
      latitude: 41.8781,
      longitude: -87.6298,
    },
    metroAreaId: '3c0d6692-5025-4e00-84b5-78c47af16ed0',
    podTerminal: {
      id: 'd94615ab-8784-4dc9-8aa0-08260c5556c1',
      type: 'terminal',
      name: 'APM Terminals Pier 400',
      nickname: 'APMT LA',
      firmsCode: 'W185',
      street: '2500 Navy Way',
      city: 'San Pedro',
      state: 'California',
      stateAbbr: 'CA',
      zip: '90731',
      country: 'United States',
    },
    railTerminal: {
      id: 'de362b59-bae9-4ac3-ad9a-b3fa06ec9cb5',
      type: 'rail_terminal',
      name: 'BNSF Logistics Park Chicago',
      nickname: 'LPC',
      firmsCode: null,
      street: '26664 S Baseline Rd',
      city: 'Elwood',
      state: 'Illinois',
      stateAbbr: 'IL',
      zip: '60421',
      country: 'United States',
    },
  },
  vessel: {
    id: 'c662a74e-76d6-436d-955f-c72b61991549',
    name: 'MAERSK MC-KINNEY MOLLER',
    imo: '9619907',
    mmsi: '219018671',
    flag: 'DK',
  },
  changes: {
    'container.created': {},
    'container.pod_terminal_changed': {},
    'container.updated': {
      available_for_pickup: [false, true],
      current_status: ['not_available', 'available'],
    },
    'container.pickup_lfd.changed': {
      pickup_lfd: ['2025-03-16T12:00:00Z', '2025-03-17T12:00:00Z'],
    },
    'container.pickup_lfd_line.changed': {
      pickup_lfd_line: ['2025-03-16T12:00:00Z', '2025-03-17T12:00:00Z'],
    },
    'container.pickup_lfd_terminal.changed': {
      pickup_lfd_terminal: ['2025-03-15T12:00:00Z', '2025-03-16T12:00:00Z'],
    },
    'container.pickup_lfd_rail.changed': { pickup_lfd_rail: [null, '2025-03-19T12:00:00Z'] },
    'container.pickup_appointment.changed': {
      pickup_appointment_at: [null, '2025-03-13T12:00:00Z'],
    },
  },
};

const AT_ORIGIN = /^(empty_out|full_in|vessel_loaded|vessel_departed)$/;
const INLAND = /^(rail_arrived|rail_unloaded|arrived_at_inland_destination)$/;
const AT_TRANSSHIPMENT = /^(transshipment|feeder)_/;

/**
 * Where a `container.transport.*` milestone happens in the sample journey
 * (the event name, with or without its prefix and `estimated.`), as the
 * mock's lifecycle places it: loading and departure at the port of lading,
 * transshipments at Singapore, the rail arrival, unloading and inland
 * arrival at the destination, everything else at the port of discharge.
 */
export function sampleMilestonePlace(event: string): SamplePlaceRole {
  const milestone = event.replace('container.transport.', '').replace('estimated.', '');
  if (AT_ORIGIN.test(milestone)) return 'portOfLading';
  if (AT_TRANSSHIPMENT.test(milestone)) return 'transshipment';
  if (INLAND.test(milestone)) return 'destination';
  return 'portOfDischarge';
}
