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

import {
  CONTAINER_ID,
  container,
  HOST,
  METRO_ID,
  metroArea,
  PORT_ID,
  port,
  RAIL_TERMINAL_ID,
  railTerminal,
  SHIPMENT_ID,
  shipment,
  TERMINAL_ID,
  terminal,
  VESSEL_ID,
  vessel,
} from './tolerance-records.js';

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
