/**
 * The records of the tolerance corpus (see `tolerance-corpus.ts`), in the
 * style of the real service: ids repeated among the attributes, decimal
 * strings for coordinates, attributes the interface specification does not
 * list, enum values nobody knows yet, `null` to-one relationships.
 */

/** The service's REST root, as its absolute list links name it. */
export const HOST = 'https://api.tracking-service.invalid/v2';

export const SHIPMENT_ID = '9d6b1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4';
export const CONTAINER_ID = '0e1f2a3b-4c5d-4e6f-9a0b-1c2d3e4f5a6b';
export const PORT_ID = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
export const TERMINAL_ID = 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f';
export const METRO_ID = 'd3e4f5a6-b7c8-4d9e-8f0a-2b3c4d5e6f70';
export const RAIL_TERMINAL_ID = 'e4f5a6b7-c8d9-4e0f-9a1b-3c4d5e6f7081';
export const VESSEL_ID = 'f5a6b7c8-d9e0-4f1a-8b2c-4d5e6f708192';

/** A `port` record in the real service's style. */
export const port = {
  id: PORT_ID,
  type: 'port',
  attributes: {
    id: PORT_ID,
    name: 'Los Angeles',
    code: 'USLAX',
    state_abbr: 'CA',
    city: 'Los Angeles',
    country_code: 'US',
    time_zone: 'America/Los_Angeles',
    latitude: '33.728400000',
    longitude: '-118.262000000',
  },
  links: { self: `/v2/ports/${PORT_ID}` },
};

/** A `terminal` record in the real service's style. */
export const terminal = {
  id: TERMINAL_ID,
  type: 'terminal',
  attributes: {
    id: TERMINAL_ID,
    name: 'Fenix Marine Services',
    nickname: 'FMS',
    firms_code: 'Y258',
    smdg_code: null,
    bic_facility_code: null,
    street: '614 Terminal Way',
    city: 'San Pedro',
    state: 'California',
    state_abbr: 'CA',
    zip: '90731',
    country: 'United States',
    facility_type: 'ocean_terminal',
    provided_data: {
      pickup_lfd: true,
      holds: true,
      fees: false,
      notes: 'LFD only after discharge',
    },
  },
  relationships: { port: { data: { type: 'port', id: PORT_ID } } },
  links: { self: `/v2/terminals/${TERMINAL_ID}` },
};

/** A `metroArea` record in the real service's style. */
export const metroArea = {
  id: METRO_ID,
  type: 'metro_area',
  attributes: {
    name: 'Chicago',
    code: 'USCHI',
    state_abbr: 'IL',
    country_code: 'US',
    time_zone: 'America/Chicago',
    latitude: '41.878100000',
    longitude: '-87.629800000',
  },
};

/** A `railTerminal` record in the real service's style. */
export const railTerminal = {
  id: RAIL_TERMINAL_ID,
  type: 'rail_terminal',
  attributes: { name: 'BNSF Logistics Park Chicago', nickname: 'LPC', firms_code: 'H572' },
  relationships: { metro_area: { data: { type: 'metro_area', id: METRO_ID } } },
};

/** A `vessel` record in the real service's style. */
export const vessel = {
  id: VESSEL_ID,
  type: 'vessel',
  attributes: {
    name: 'CMA CGM JACQUES JOSEPH',
    imo: '9839272',
    mmsi: '228386700',
    latitude: '33.7131',
    longitude: '-118.2711',
    nautical_speed_knots: '0.1',
    navigational_heading_degrees: 271,
    position_timestamp: '2026-03-02T06:12:00Z',
    vessel_class: 'ultra large',
  },
  links: { self: `/v2/vessels/${VESSEL_ID}` },
};

/** A `shipment` record in the real service's style. */
export const shipment = {
  id: SHIPMENT_ID,
  type: 'shipment',
  attributes: {
    bill_of_lading_number: 'CMDUAMC1863476',
    normalized_number: 'AMC1863476',
    ref_numbers: null,
    tags: [],
    created_at: '2026-02-01T10:00:00Z',
    port_of_lading_locode: 'CNYTN',
    port_of_lading_name: 'Yantian',
    port_of_discharge_locode: 'USLAX',
    port_of_discharge_name: 'Los Angeles',
    destination_locode: null,
    destination_name: null,
    shipping_line_scac: 'CMDU',
    shipping_line_name: 'CMA CGM',
    shipping_line_short_name: 'CMA CGM',
    customer_name: null,
    pod_vessel_name: 'CMA CGM JACQUES JOSEPH',
    pod_vessel_imo: '9839272',
    pod_voyage_number: '0TUN5E1MA',
    pol_etd_at: null,
    pol_atd_at: '2026-02-05T09:00:00Z',
    pol_original_etd_at: '2026-02-04T09:00:00Z',
    pod_eta_at: '2026-03-01T15:00:00Z',
    pod_original_eta_at: '2026-02-27T15:00:00Z',
    pod_ata_at: '2026-03-02T06:00:00Z',
    destination_eta_at: null,
    destination_ata_at: null,
    destination_original_eta_at: null,
    pol_timezone: 'Asia/Shanghai',
    pod_timezone: 'America/Los_Angeles',
    destination_timezone: null,
    line_tracking_last_attempted_at: '2026-03-02T07:00:00Z',
    line_tracking_last_succeeded_at: '2026-03-02T07:00:00Z',
    line_tracking_stopped_at: null,
    line_tracking_stopped_reason: null,
    carbon_footprint_kg: 1840.5,
  },
  relationships: {
    port_of_lading: { data: null },
    port_of_discharge: { data: { type: 'port', id: PORT_ID } },
    pod_terminal: { data: { type: 'terminal', id: TERMINAL_ID } },
    destination: { data: null },
    destination_terminal: { data: { type: 'rail_terminal', id: RAIL_TERMINAL_ID } },
    line_tracking_stopped_by_user: { data: null },
    containers: { data: [{ type: 'container', id: CONTAINER_ID }] },
  },
  links: { self: `/v2/shipments/${SHIPMENT_ID}` },
};

/** A `container` record in the real service's style. */
export const container = {
  id: CONTAINER_ID,
  type: 'container',
  attributes: {
    number: 'CMAU7654321',
    ref_numbers: [],
    seal_number: null,
    created_at: '2026-02-01T10:00:05Z',
    equipment_type: 'dry',
    equipment_length: 40,
    equipment_height: 'high_cube',
    weight_in_lbs: 28110,
    pickup_lfd: '2026-03-06T07:00:00Z',
    pickup_appointment_at: null,
    availability_known: true,
    available_for_pickup: false,
    pod_arrived_at: '2026-03-02T06:00:00Z',
    pod_discharged_at: '2026-03-02T19:30:00Z',
    pod_full_out_at: null,
    terminal_checked_at: '2026-03-02T20:00:00Z',
    pod_full_out_chassis_number: null,
    location_at_pod_terminal: 'Yard B 12-04',
    final_destination_full_out_at: null,
    empty_terminated_at: null,
    holds_at_pod_terminal: [
      { name: 'customs', status: 'hold', description: 'CBP exam' },
      { name: 'usda', status: 'released_pending', description: null, since: '2026-03-02' },
    ],
    fees_at_pod_terminal: [
      { type: 'demurrage', amount: 250, currency_code: 'USD' },
      { type: 'storage_surcharge', amount: 75.5, currency_code: 'USD' },
    ],
    pod_timezone: 'America/Los_Angeles',
    final_destination_timezone: 'America/Chicago',
    empty_terminated_timezone: null,
    pod_rail_carrier_scac: 'BNSF',
    ind_rail_carrier_scac: null,
    pod_last_tracking_request_at: '2026-03-02T20:00:00Z',
    shipment_last_tracking_request_at: '2026-03-02T07:00:00Z',
    pod_rail_loaded_at: null,
    pod_rail_departed_at: null,
    ind_eta_at: '2026-03-10T12:00:00Z',
    ind_ata_at: null,
    ind_rail_unloaded_at: null,
    ind_facility_lfd_on: null,
    import_deadlines: {
      pickup_lfd_terminal: '2026-03-06T07:00:00Z',
      pickup_lfd_rail: null,
      pickup_lfd_line: null,
    },
    current_status: 'at_sea_delayed',
    delivered_at: null,
    empty_out_at: '2026-01-30T08:00:00Z',
    pol_full_in_at: '2026-02-02T11:00:00Z',
    pol_vessel_loaded_at: '2026-02-04T22:00:00Z',
    pol_vessel_departed_at: '2026-02-05T09:00:00Z',
    rail_last_tracking_request_at: null,
    ind_facility_holds: [{ name: 'rail', status: 'pending', description: null }],
    ind_facility_fees: [],
    ssl_lfd: '2026-03-08',
    yard_slot_detail: { block: 'B', row: 12 },
  },
  relationships: {
    shipment: { data: { type: 'shipment', id: SHIPMENT_ID } },
    pickup_facility: { data: null },
    pod_terminal: { data: { type: 'terminal', id: TERMINAL_ID } },
  },
  links: { self: `/v2/containers/${CONTAINER_ID}` },
};
