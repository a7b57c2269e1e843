/**
 * Hand-written responses in the style of the real service ("What real
 * responses look like" in gap-facts.md): absolute list links whose query
 * keeps raw brackets, relative `links.self` on records, decimal-string
 * coordinates, `null` to-one relationships, attributes the interface
 * specification does not list, enum values nobody knows yet, and lists with
 * only some (or none) of their `links` and `meta` members. The spec must
 * accept every one, and the SDK must map every one with nothing lost.
 */

/** One response of the corpus: what was asked and what came back. */
export interface CorpusResponse {
  /** What the response shows. */
  name: string;
  method: 'GET';
  /** The request path below `/v2`, with its query. */
  path: string;
  body: Record<string, unknown>;
}

const HOST = 'https://api.tracking-service.invalid/v2';

const SHIPMENT_ID = '9d6b1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const CONTAINER_ID = '0e1f2a3b-4c5d-4e6f-9a0b-1c2d3e4f5a6b';
const PORT_ID = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const TERMINAL_ID = 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f';
const METRO_ID = 'd3e4f5a6-b7c8-4d9e-8f0a-2b3c4d5e6f70';
const RAIL_TERMINAL_ID = 'e4f5a6b7-c8d9-4e0f-9a1b-3c4d5e6f7081';
const VESSEL_ID = 'f5a6b7c8-d9e0-4f1a-8b2c-4d5e6f708192';

const port = {
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

const terminal = {
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

const metroArea = {
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

const railTerminal = {
  id: RAIL_TERMINAL_ID,
  type: 'rail_terminal',
  attributes: { name: 'BNSF Logistics Park Chicago', nickname: 'LPC', firms_code: 'H572' },
  relationships: { metro_area: { data: { type: 'metro_area', id: METRO_ID } } },
};

const vessel = {
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

const shipment = {
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

const container = {
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

/** The corpus: one response per shape the real service sends. */
export const TOLERANCE_CORPUS: readonly CorpusResponse[] = [
  {
    name: 'a shipment list page: links without first, no meta, null to-one relationships, string coordinates',
    method: 'GET',
    path: '/shipments?include=containers,port_of_discharge,pod_terminal,destination_terminal&page[size]=1',
    body: {
      data: [shipment],
      included: [container, port, terminal, railTerminal],
      links: {
        self: `${HOST}/shipments?include=containers,port_of_discharge,pod_terminal,destination_terminal&page[number]=1&page[size]=1`,
        current: `${HOST}/shipments?include=containers,port_of_discharge,pod_terminal,destination_terminal&page[number]=1&page[size]=1`,
        next: `${HOST}/shipments?include=containers,port_of_discharge,pod_terminal,destination_terminal&page[number]=2&page[size]=1`,
        last: `${HOST}/shipments?include=containers,port_of_discharge,pod_terminal,destination_terminal&page[number]=4&page[size]=1`,
      },
    },
  },
  {
    name: 'a container with its shipment and terminal: unknown status, hold status and fee type; attributes beyond the specification',
    method: 'GET',
    path: `/containers/${CONTAINER_ID}?include=shipment,pod_terminal`,
    body: {
      data: container,
      included: [{ ...shipment, relationships: { ...shipment.relationships } }, terminal],
    },
  },
  {
    name: 'a timeline with update events, rail as data source, a metro area and a rail terminal; only links.self',
    method: 'GET',
    path: `/containers/${CONTAINER_ID}/transport_events?include=location,terminal,vessel`,
    body: {
      data: [
        {
          id: '11111111-2222-4333-8444-555555555501',
          type: 'transport_event',
          attributes: {
            event: 'container.transport.vessel_discharged',
            voyage_number: '0TUN5E1MA',
            timestamp: '2026-03-02T19:30:00Z',
            timezone: 'America/Los_Angeles',
            location_locode: 'USLAX',
            created_at: '2026-03-02T20:01:00Z',
            data_source: 'terminal',
            value: null,
            invalidated_at: null,
          },
          relationships: {
            shipment: { data: { type: 'shipment', id: SHIPMENT_ID } },
            container: { data: { type: 'container', id: CONTAINER_ID } },
            vessel: { data: { type: 'vessel', id: VESSEL_ID } },
            location: { data: { type: 'port', id: PORT_ID } },
            terminal: { data: { type: 'terminal', id: TERMINAL_ID } },
          },
        },
        {
          id: '11111111-2222-4333-8444-555555555502',
          type: 'transport_event',
          attributes: {
            event: 'container.pickup_lfd.changed',
            voyage_number: null,
            timestamp: '2026-03-02T20:05:00Z',
            timezone: 'America/Los_Angeles',
            location_locode: 'USLAX',
            created_at: '2026-03-02T20:05:00Z',
            data_source: 'terminal',
            value: '2026-03-06T07:00:00Z',
            invalidated_at: null,
          },
          relationships: {
            shipment: { data: { type: 'shipment', id: SHIPMENT_ID } },
            container: { data: { type: 'container', id: CONTAINER_ID } },
            vessel: { data: null },
            location: { data: { type: 'port', id: PORT_ID } },
            terminal: { data: null },
          },
        },
        {
          id: '11111111-2222-4333-8444-555555555503',
          type: 'transport_event',
          attributes: {
            event: 'container.transport.rail_arrived',
            voyage_number: null,
            timestamp: '2026-03-09T18:00:00Z',
            timezone: 'America/Chicago',
            location_locode: 'USCHI',
            created_at: '2026-03-09T18:10:00Z',
            data_source: 'rail',
            value: null,
            invalidated_at: null,
          },
          relationships: {
            location: { data: { type: 'metro_area', id: METRO_ID } },
            terminal: { data: { type: 'rail_terminal', id: RAIL_TERMINAL_ID } },
            vessel: { data: null },
          },
        },
        {
          id: '11111111-2222-4333-8444-555555555504',
          type: 'transport_event',
          attributes: {
            event: 'container.pickup_lfd_rail.changed',
            timestamp: '2026-03-09T18:20:00Z',
            data_source: 'rail_carrier_portal',
            created_at: '2026-03-09T18:20:00Z',
          },
        },
      ],
      included: [port, terminal, metroArea, railTerminal, vessel],
      links: {
        self: `${HOST}/containers/${CONTAINER_ID}/transport_events?include=location,terminal,vessel`,
      },
    },
  },
  {
    name: 'raw events with the attributes and relationships the specification does not list',
    method: 'GET',
    path: `/containers/${CONTAINER_ID}/raw_events`,
    body: {
      data: [
        {
          id: '22222222-3333-4444-8555-666666666601',
          type: 'raw_event',
          attributes: {
            event: 'vessel_discharged',
            original_event: null,
            timestamp: '2026-03-02T19:30:00Z',
            estimated: false,
            actual_on: '2026-03-02',
            estimated_on: null,
            actual_at: '2026-03-02T19:30:00Z',
            estimated_at: null,
            timezone: 'America/Los_Angeles',
            created_at: '2026-03-02T20:00:00Z',
            location_name: 'LOS ANGELES, CA',
            location_locode: 'USLAX',
            vessel_name: 'CMA CGM JACQUES JOSEPH',
            vessel_imo: '9839272',
            voyage_number: '0TUN5E1MA',
            index: 7,
            will_occur_at: null,
            invalidated_at: null,
            data_source: 'shipping_line',
            data_provider_name: 'CMA CGM',
            data_provider_code: 'CMDU',
          },
          relationships: {
            location: { data: { type: 'port', id: PORT_ID } },
            vessel: { data: null },
            container: { data: { type: 'container', id: CONTAINER_ID } },
            terminal: { data: null },
          },
        },
        {
          id: '22222222-3333-4444-8555-666666666602',
          type: 'raw_event',
          attributes: {
            event: 'gate_in_at_ramp',
            original_event: 'Arrived at inland ramp',
            timestamp: null,
            estimated: true,
            will_occur_at: '2026-03-09T18:00:00Z',
            index: 8,
          },
        },
      ],
      links: { self: `${HOST}/containers/${CONTAINER_ID}/raw_events` },
      meta: { total: 2 },
    },
  },
  {
    name: 'tracking requests: an unknown status, null customer and user, meta with only total',
    method: 'GET',
    path: '/tracking_requests?filter[scac]=CMDU',
    body: {
      data: [
        {
          id: '33333333-4444-4555-8666-777777777701',
          type: 'tracking_request',
          attributes: {
            request_number: 'CMDUAMC1863476',
            request_type: 'bill_of_lading',
            scac: 'CMDU',
            ref_numbers: null,
            tags: [],
            created_at: '2026-02-01T09:59:00Z',
            updated_at: '2026-02-01T10:00:00Z',
            status: 'created',
            failed_reason: null,
            is_retrying: false,
            retry_count: null,
          },
          relationships: {
            tracked_object: { data: { type: 'shipment', id: SHIPMENT_ID } },
            customer: { data: null },
            user: { data: null },
          },
          links: { self: '/v2/tracking_requests/33333333-4444-4555-8666-777777777701' },
        },
        {
          id: '33333333-4444-4555-8666-777777777702',
          type: 'tracking_request',
          attributes: {
            request_number: 'CMDUAMC0000001',
            request_type: 'master_bill',
            scac: 'CMDU',
            status: 'queued_for_retry',
            failed_reason: 'carrier_maintenance',
            is_retrying: true,
            retry_count: 2,
          },
          relationships: { tracked_object: { data: null } },
        },
      ],
      included: [shipment],
      links: {
        self: `${HOST}/tracking_requests?filter[scac]=CMDU&page[number]=1&page[size]=30`,
        current: `${HOST}/tracking_requests?filter[scac]=CMDU&page[number]=1&page[size]=30`,
      },
      meta: { total: 2 },
    },
  },
  {
    name: 'search results of every kind, links with self and current, no meta',
    method: 'GET',
    path: '/search?query=AMC18',
    body: {
      data: [
        {
          id: SHIPMENT_ID,
          type: 'search_result',
          attributes: {
            entity_type: 'shipment',
            number: 'CMDUAMC1863476',
            shipment_id: SHIPMENT_ID,
            scac: 'CMDU',
            port_of_lading_name: 'Yantian',
            port_of_discharge_name: 'Los Angeles',
            containers_count: 1,
            tracking_stopped: false,
            tracking_stopped_reason: null,
            status: null,
            failed_reason: null,
            ref_numbers: null,
            created_at: '2026-02-01T10:00:00Z',
            updated_at: '2026-03-02T07:00:00Z',
          },
        },
        {
          id: CONTAINER_ID,
          type: 'search_result',
          attributes: {
            entity_type: 'cargo',
            number: 'CMAU7654321',
            shipment_id: SHIPMENT_ID,
            scac: 'CMDU',
            status: 'at_sea_delayed',
            ref_numbers: [],
          },
        },
        {
          id: '33333333-4444-4555-8666-777777777701',
          type: 'search_result',
          attributes: {
            entity_type: 'tracking_request',
            number: 'CMDUAMC1863476',
            shipment_id: SHIPMENT_ID,
            scac: 'CMDU',
            status: 'created',
            failed_reason: null,
          },
        },
        {
          id: 'ffffffff-0000-4000-8000-000000000001',
          type: 'search_result',
          attributes: { entity_type: 'booking' },
        },
      ],
      links: { self: `${HOST}/search?query=AMC18`, current: `${HOST}/search?query=AMC18` },
    },
  },
  {
    name: 'a vessel with its position as decimal strings and an unlisted attribute',
    method: 'GET',
    path: '/vessels/9839272',
    body: { data: vessel },
  },
  {
    name: 'a port by UN/LOCODE, its id repeated among the attributes',
    method: 'GET',
    path: '/ports/USLAX',
    body: { data: port, links: { self: '/v2/ports/USLAX' } },
  },
  {
    name: 'a terminal with facility type and provided data',
    method: 'GET',
    path: `/terminals/${TERMINAL_ID}`,
    body: { data: terminal },
  },
  {
    name: 'a metro area with string coordinates',
    method: 'GET',
    path: '/metro_areas/USCHI',
    body: { data: metroArea },
  },
  {
    name: 'a shipping-line page with links.next and no meta',
    method: 'GET',
    path: '/shipping_lines?page[size]=1',
    body: {
      data: [
        {
          id: '44444444-5555-4666-8777-888888888801',
          type: 'shipping_line',
          attributes: {
            scac: 'CMDU',
            name: 'CMA CGM',
            short_name: 'CMA CGM',
            alternative_scacs: ['ANNU', 'CHNL'],
            bill_of_lading_tracking_support: true,
            booking_number_tracking_support: true,
            container_number_tracking_support: true,
            tracking_latency_minutes: 45,
          },
        },
      ],
      links: {
        self: `${HOST}/shipping_lines?page[number]=1&page[size]=1`,
        next: `${HOST}/shipping_lines?page[number]=2&page[size]=1`,
      },
    },
  },
];
