import {
  type ContainerChangeEventName,
  type ContainerTransportEventName,
  isContainerChangeEventName,
  isContainerTransportEventName,
  isShipmentEstimateEventName,
  isTrackingRequestEventName,
  type ShipmentEstimateEventName,
  type TrackingRequestEventName,
  type WebhookEventName,
} from './event-names.js';
import type { RawResource, RawWebhookDelivery } from './event-types.js';

/** Options of `createSampleWebhookPayload`. */
export interface SampleWebhookPayloadOptions {
  /** The notification id (`data.id`). Default: a fresh random UUID, as the service does per notification. */
  id?: string;
  /** `data.attributes.created_at`. Default: now. */
  createdAt?: string;
  /** The id of the webhook the delivery is for. */
  webhookId?: string;
}

// Fixed ids, so that samples of different events describe the same journey.
const IDS = {
  webhook: '0f8a0ad4-5c1b-4d7e-9a43-2f6a8e0c1d01',
  trackingRequest: '6a3e4e59-8f1a-4c55-b7a2-3b7f0e9d2c11',
  shipment: 'a6a1f3d2-1c4e-4f0b-9d5e-7c2b8e9f0a21',
  container: '4b9c2e1f-7a3d-4e8b-a1c6-5d0f9e2b3c31',
  portOfLading: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e41',
  portOfDischarge: 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f51',
  terminal: 'e3f4a5b6-c7d8-4e9f-8a1b-2c3d4e5f6a61',
  vessel: 'f4a5b6c7-d8e9-4f0a-9b2c-3d4e5f6a7b71',
  transportEvent: '05b6c7d8-e9f0-4a1b-8c3d-4e5f6a7b8c81',
  containerUpdatedEvent: '16c7d8e9-f0a1-4b2c-9d4e-5f6a7b8c9d91',
  estimatedEvent: '27d8e9f0-a1b2-4c3d-8e5f-6a7b8c9d0ea1',
} as const;

const ref = (type: string, id: string) => ({ data: { type, id } });

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

const PORT_OF_LADING = port(IDS.portOfLading, 'CNSHA', 'Shanghai', 'CN', 'Asia/Shanghai');
const PORT_OF_DISCHARGE = port(IDS.portOfDischarge, 'NLRTM', 'Rotterdam', 'NL', 'Europe/Amsterdam');

const TERMINAL = {
  id: IDS.terminal,
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
  relationships: { port: ref('port', IDS.portOfDischarge) },
  links: { self: `/v2/terminals/${IDS.terminal}` },
};

const VESSEL = {
  id: IDS.vessel,
  type: 'vessel',
  attributes: { name: 'MAERSK EMDEN', imo: '9235533', mmsi: '219018000', flag: 'DK' },
  links: { self: `/v2/vessels/${IDS.vessel}` },
};

function shipment(stopped: boolean) {
  return {
    id: IDS.shipment,
    type: 'shipment',
    attributes: {
      bill_of_lading_number: 'MAEU241234567',
      normalized_number: '241234567',
      ref_numbers: ['PO-4711'],
      tags: [],
      created_at: '2025-03-01T08:00:00Z',
      port_of_lading_locode: 'CNSHA',
      port_of_lading_name: 'Shanghai',
      port_of_discharge_locode: 'NLRTM',
      port_of_discharge_name: 'Rotterdam',
      destination_locode: null,
      destination_name: null,
      shipping_line_scac: 'MAEU',
      shipping_line_name: 'Maersk',
      shipping_line_short_name: 'Maersk',
      customer_name: null,
      pod_vessel_name: 'MAERSK EMDEN',
      pod_vessel_imo: '9235533',
      pod_voyage_number: '512W',
      pol_etd_at: '2025-03-03T10:00:00Z',
      pol_atd_at: '2025-03-03T14:30:00Z',
      pod_eta_at: '2025-04-07T06:00:00Z',
      pod_original_eta_at: '2025-04-05T06:00:00Z',
      pod_ata_at: null,
      destination_eta_at: null,
      destination_ata_at: null,
      pol_timezone: 'Asia/Shanghai',
      pod_timezone: 'Europe/Amsterdam',
      destination_timezone: null,
      line_tracking_last_attempted_at: '2025-03-20T12:00:00Z',
      line_tracking_last_succeeded_at: '2025-03-20T12:00:00Z',
      line_tracking_stopped_at: stopped ? '2025-03-20T12:00:00Z' : null,
      line_tracking_stopped_reason: stopped ? 'cancelled_by_user' : null,
    },
    relationships: {
      port_of_lading: ref('port', IDS.portOfLading),
      port_of_discharge: ref('port', IDS.portOfDischarge),
      pod_terminal: ref('terminal', IDS.terminal),
      destination: { data: null },
      destination_terminal: { data: null },
      line_tracking_stopped_by_user: { data: null },
      containers: { data: [{ type: 'container', id: IDS.container }] },
    },
    links: { self: `/v2/shipments/${IDS.shipment}` },
  };
}

const STATUS_AFTER: Partial<Record<string, string>> = {
  empty_out: 'new',
  full_in: 'new',
  available: 'available',
  not_available: 'not_available',
  full_out: 'picked_up',
  delivered: 'delivered',
  empty_in: 'empty_returned',
  rail_loaded: 'on_rail',
  rail_departed: 'on_rail',
  rail_arrived: 'on_rail',
  rail_unloaded: 'awaiting_inland_transfer',
  arrived_at_inland_destination: 'awaiting_inland_transfer',
  vessel_discharged: 'not_available',
};

function container(status: string) {
  return {
    id: IDS.container,
    type: 'container',
    attributes: {
      number: 'CSQU3054383',
      ref_numbers: [],
      seal_number: 'ML-8812345',
      created_at: '2025-03-01T08:05:00Z',
      equipment_type: 'dry',
      equipment_length: 40,
      equipment_height: 'high_cube',
      weight_in_lbs: 33_069,
      pickup_lfd: '2025-04-12T00:00:00Z',
      pickup_appointment_at: null,
      availability_known: true,
      available_for_pickup: status === 'available',
      pod_arrived_at: null,
      pod_discharged_at: null,
      pod_full_out_at: null,
      terminal_checked_at: '2025-03-20T12:00:00Z',
      holds_at_pod_terminal: [],
      fees_at_pod_terminal: [],
      pod_timezone: 'Europe/Amsterdam',
      final_destination_timezone: null,
      empty_terminated_timezone: null,
      current_status: status,
    },
    relationships: {
      shipment: ref('shipment', IDS.shipment),
      pickup_facility: { data: null },
      pod_terminal: ref('terminal', IDS.terminal),
    },
    links: { self: `/v2/containers/${IDS.container}` },
  };
}

const HAS_VESSEL = /^(estimated\.)?(vessel|transshipment|feeder)_/;
const AT_ORIGIN = /^(empty_out|full_in|vessel_loaded|vessel_departed|estimated\.vessel_departed)$/;

function transportIncluded(name: ContainerTransportEventName): unknown[] {
  const milestone = name.slice('container.transport.'.length);
  const estimated = milestone.startsWith('estimated.');
  const where = AT_ORIGIN.test(milestone) ? PORT_OF_LADING : PORT_OF_DISCHARGE;
  const withVessel = HAS_VESSEL.test(milestone);
  const event = {
    id: IDS.transportEvent,
    type: 'transport_event',
    attributes: {
      event: name,
      voyage_number: withVessel ? '512W' : null,
      timestamp: estimated ? '2025-04-07T06:00:00Z' : '2025-03-20T11:42:00Z',
      timezone: where.attributes.time_zone,
      location_locode: where.attributes.code,
      created_at: '2025-03-20T12:00:00Z',
      data_source: withVessel ? 'shipping_line' : 'terminal',
    },
    relationships: {
      shipment: ref('shipment', IDS.shipment),
      container: ref('container', IDS.container),
      vessel: withVessel ? ref('vessel', IDS.vessel) : { data: null },
      location: ref('port', where.id),
      terminal: where === PORT_OF_DISCHARGE ? ref('terminal', IDS.terminal) : { data: null },
    },
    links: { self: `/v2/transport_events/${IDS.transportEvent}` },
  };
  const status = STATUS_AFTER[milestone] ?? 'on_ship';
  return [
    event,
    container(status),
    shipment(false),
    where,
    TERMINAL,
    ...(withVessel ? [VESSEL] : []),
  ];
}

const CHANGESETS: Record<
  Exclude<ContainerChangeEventName, 'container.created'>,
  Record<string, [unknown, unknown]>
> = {
  'container.updated': {
    available_for_pickup: [false, true],
    current_status: ['not_available', 'available'],
  },
  'container.pod_terminal_changed': {
    pod_terminal_id: ['e3f4a5b6-0000-4e9f-8a1b-2c3d4e5f6a60', IDS.terminal],
  },
  'container.pickup_lfd.changed': { pickup_lfd: ['2025-04-10T00:00:00Z', '2025-04-12T00:00:00Z'] },
  'container.pickup_lfd_line.changed': {
    pickup_lfd_line: ['2025-04-10T00:00:00Z', '2025-04-12T00:00:00Z'],
  },
  'container.pickup_lfd_terminal.changed': {
    pickup_lfd_terminal: ['2025-04-09T00:00:00Z', '2025-04-11T00:00:00Z'],
  },
  'container.pickup_lfd_rail.changed': { pickup_lfd_rail: [null, '2025-04-15T00:00:00Z'] },
  'container.pickup_appointment.changed': { pickup_appointment_at: [null, '2025-04-08T09:30:00Z'] },
};

function changeIncluded(name: ContainerChangeEventName): unknown[] {
  if (name === 'container.created') return [container('new'), shipment(false), TERMINAL];
  const change = {
    id: IDS.containerUpdatedEvent,
    type: 'container_updated_event',
    attributes: {
      changeset: CHANGESETS[name],
      timestamp: '2025-03-20T12:00:00Z',
      timezone: 'Europe/Amsterdam',
      data_source: 'terminal',
    },
    relationships: {
      container: ref('container', IDS.container),
      terminal: ref('terminal', IDS.terminal),
    },
  };
  return [
    change,
    container(name === 'container.updated' ? 'available' : 'not_available'),
    shipment(false),
    TERMINAL,
  ];
}

const TRACKING_OUTCOME: Record<
  TrackingRequestEventName,
  { status: string; failedReason: string | null; withShipment: boolean }
> = {
  'tracking_request.succeeded': { status: 'created', failedReason: null, withShipment: true },
  'tracking_request.failed': { status: 'failed', failedReason: 'not_found', withShipment: false },
  'tracking_request.awaiting_manifest': {
    status: 'awaiting_manifest',
    failedReason: null,
    withShipment: false,
  },
  'tracking_request.tracking_stopped': {
    status: 'tracking_stopped',
    failedReason: null,
    withShipment: true,
  },
};

function trackingIncluded(name: TrackingRequestEventName): unknown[] {
  const outcome = TRACKING_OUTCOME[name];
  const request = {
    id: IDS.trackingRequest,
    type: 'tracking_request',
    attributes: {
      request_number: 'MAEU241234567',
      request_type: 'bill_of_lading',
      scac: 'MAEU',
      ref_numbers: ['PO-4711'],
      tags: [],
      created_at: '2025-03-01T07:58:00Z',
      updated_at: '2025-03-01T08:00:00Z',
      status: outcome.status,
      failed_reason: outcome.failedReason,
      is_retrying: false,
      retry_count: null,
    },
    relationships: {
      tracked_object: outcome.withShipment ? ref('shipment', IDS.shipment) : { data: null },
      customer: { data: null },
      user: { data: null },
    },
    links: { self: `/v2/tracking_requests/${IDS.trackingRequest}` },
  };
  if (!outcome.withShipment) return [request];
  const stopped = name === 'tracking_request.tracking_stopped';
  return [request, shipment(stopped), container(stopped ? 'empty_returned' : 'on_ship')];
}

function estimateIncluded(name: ShipmentEstimateEventName): unknown[] {
  const estimate = {
    id: IDS.estimatedEvent,
    type: 'estimated_event',
    attributes: {
      event: name,
      estimated_timestamp: '2025-04-07T06:00:00Z',
      voyage_number: '512W',
      location_locode: 'NLRTM',
      timezone: 'Europe/Amsterdam',
      created_at: '2025-03-20T12:00:00Z',
    },
    relationships: {
      shipment: ref('shipment', IDS.shipment),
      port: ref('port', IDS.portOfDischarge),
      vessel: { data: null },
    },
  };
  return [estimate, shipment(false), PORT_OF_DISCHARGE];
}

function includedFor(name: WebhookEventName): unknown[] {
  if (isTrackingRequestEventName(name)) return trackingIncluded(name);
  if (isContainerTransportEventName(name)) return transportIncluded(name);
  if (isShipmentEstimateEventName(name)) return estimateIncluded(name);
  if (isContainerChangeEventName(name)) return changeIncluded(name);
  return [];
}

/**
 * A realistic delivery body for an event, as the service sends it: the
 * `webhook_notification` in `data` (with its `webhook` and `reference_object`
 * relationships) and the related records in `included`. It validates against
 * the spec's webhook schemas. For tests of your own handlers.
 */
export function createSampleWebhookPayload(
  eventName: WebhookEventName,
  options: SampleWebhookPayloadOptions = {},
): RawWebhookDelivery {
  // Samples are built from literals of the spec's shapes, so each item is a resource object.
  const included = includedFor(eventName) as RawResource[];
  const [reference] = included;
  return {
    data: {
      id: options.id ?? crypto.randomUUID(),
      type: 'webhook_notification',
      attributes: {
        event: eventName,
        delivery_status: 'pending',
        created_at: options.createdAt ?? new Date().toISOString(),
      },
      relationships: {
        webhook: ref('webhook', options.webhookId ?? IDS.webhook),
        reference_object:
          reference === undefined ? { data: null } : ref(reference.type, reference.id),
      },
    },
    included,
  };
}
