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
import {
  METRO_AREA,
  milestonePlace,
  PORT_OF_DISCHARGE,
  RAIL_TERMINAL,
  SAMPLE_IDS,
  sampleRef,
  TERMINAL,
  VESSEL,
} from './sample-journey.js';

/** Options of `createSampleWebhookPayload`. */
export interface SampleWebhookPayloadOptions {
  /** The notification id (`data.id`). Default: a fresh random UUID, as the service does per notification. */
  id?: string;
  /** `data.attributes.created_at`. Default: now. */
  createdAt?: string;
  /** The id of the webhook the delivery is for. */
  webhookId?: string;
}

/** When the container is expected at its inland destination. */
const INLAND_ETA = '2025-04-09T18:00:00Z';

function shipment(stopped: boolean) {
  return {
    id: SAMPLE_IDS.shipment,
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
      destination_locode: METRO_AREA.attributes.code,
      destination_name: METRO_AREA.attributes.name,
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
      destination_eta_at: INLAND_ETA,
      destination_ata_at: null,
      pol_timezone: 'Asia/Shanghai',
      pod_timezone: 'Europe/Amsterdam',
      destination_timezone: METRO_AREA.attributes.time_zone,
      line_tracking_last_attempted_at: '2025-03-20T12:00:00Z',
      line_tracking_last_succeeded_at: '2025-03-20T12:00:00Z',
      line_tracking_stopped_at: stopped ? '2025-03-20T12:00:00Z' : null,
      line_tracking_stopped_reason: stopped ? 'cancelled_by_user' : null,
    },
    relationships: {
      port_of_lading: sampleRef('port', SAMPLE_IDS.portOfLading),
      port_of_discharge: sampleRef('port', SAMPLE_IDS.portOfDischarge),
      pod_terminal: sampleRef('terminal', SAMPLE_IDS.terminal),
      destination: sampleRef('metro_area', SAMPLE_IDS.metroArea),
      destination_terminal: sampleRef('rail_terminal', SAMPLE_IDS.railTerminal),
      line_tracking_stopped_by_user: { data: null },
      containers: { data: [{ type: 'container', id: SAMPLE_IDS.container }] },
    },
    links: { self: `/v2/shipments/${SAMPLE_IDS.shipment}` },
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
  rail_unloaded: 'available',
  arrived_at_inland_destination: 'on_rail',
  vessel_discharged: 'not_available',
};

function container(status: string) {
  return {
    id: SAMPLE_IDS.container,
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
      final_destination_timezone: METRO_AREA.attributes.time_zone,
      empty_terminated_timezone: null,
      current_status: status,
    },
    relationships: {
      shipment: sampleRef('shipment', SAMPLE_IDS.shipment),
      pickup_facility: { data: null },
      pod_terminal: sampleRef('terminal', SAMPLE_IDS.terminal),
    },
    links: { self: `/v2/containers/${SAMPLE_IDS.container}` },
  };
}

const HAS_VESSEL = /^(estimated\.)?(vessel|transshipment|feeder)_/;

/** When an estimated milestone is expected: inland, or at the port of discharge. */
const estimatedAt = (milestone: string) =>
  milestone === 'estimated.arrived_at_inland_destination' ? INLAND_ETA : '2025-04-07T06:00:00Z';

function transportIncluded(name: ContainerTransportEventName): unknown[] {
  const milestone = name.slice('container.transport.'.length);
  const estimated = milestone.startsWith('estimated.');
  const place = milestonePlace(milestone);
  const withVessel = HAS_VESSEL.test(milestone);
  const event = {
    id: SAMPLE_IDS.transportEvent,
    type: 'transport_event',
    attributes: {
      event: name,
      voyage_number: withVessel ? '512W' : null,
      timestamp: estimated ? estimatedAt(milestone) : '2025-03-20T11:42:00Z',
      timezone: place.timeZone,
      location_locode: place.locode,
      created_at: '2025-03-20T12:00:00Z',
      data_source: withVessel ? 'shipping_line' : 'terminal',
    },
    relationships: {
      shipment: sampleRef('shipment', SAMPLE_IDS.shipment),
      container: sampleRef('container', SAMPLE_IDS.container),
      vessel: withVessel ? sampleRef('vessel', SAMPLE_IDS.vessel) : { data: null },
      location: sampleRef(place.location.type, place.location.id),
      terminal:
        place.terminal === null
          ? { data: null }
          : sampleRef(place.terminal.type, place.terminal.id),
    },
    links: { self: `/v2/transport_events/${SAMPLE_IDS.transportEvent}` },
  };
  const status = STATUS_AFTER[milestone] ?? 'on_ship';
  return [
    event,
    container(status),
    shipment(false),
    place.location,
    // The container's terminal of discharge is included whichever facility the event is at.
    ...(place.terminal === RAIL_TERMINAL ? [RAIL_TERMINAL] : []),
    TERMINAL,
    ...(withVessel ? [VESSEL] : []),
  ];
}

const CHANGESETS: Record<
  Exclude<ContainerChangeEventName, 'container.created' | 'container.pod_terminal_changed'>,
  Record<string, [unknown, unknown]>
> = {
  'container.updated': {
    available_for_pickup: [false, true],
    current_status: ['not_available', 'available'],
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

/** The relationships of a per-event record or a change carried by a transport event. */
const CHANGE_RELATIONSHIPS = {
  container: sampleRef('container', SAMPLE_IDS.container),
  shipment: sampleRef('shipment', SAMPLE_IDS.shipment),
  terminal: sampleRef('terminal', SAMPLE_IDS.terminal),
};

/** Changes the service carries by a transport event whose `value` holds the new date. */
const BY_TRANSPORT_EVENT = new Set<ContainerChangeEventName>([
  'container.pickup_lfd_terminal.changed',
  'container.pickup_lfd_rail.changed',
  'container.pickup_appointment.changed',
]);

/** The reference object of a container change, in the shape the service sends for its name. */
function changeRecord(name: ContainerChangeEventName): unknown {
  const at = { timestamp: '2025-03-20T12:00:00Z', timezone: 'Europe/Amsterdam' };
  if (name === 'container.created' || name === 'container.pod_terminal_changed') {
    return {
      id: SAMPLE_IDS.containerUpdatedEvent,
      type:
        name === 'container.created'
          ? 'container_created_event'
          : 'container_pod_terminal_changed_event',
      attributes: { ...at, data_source: 'shipping_line' },
      relationships: CHANGE_RELATIONSHIPS,
    };
  }
  if (BY_TRANSPORT_EVENT.has(name)) {
    const [, value] = Object.values(CHANGESETS[name])[0] ?? [null, null];
    return {
      id: SAMPLE_IDS.transportEvent,
      type: 'transport_event',
      attributes: {
        ...at,
        event: name,
        value,
        location_locode: 'NLRTM',
        created_at: at.timestamp,
        data_source: 'terminal',
      },
      relationships: CHANGE_RELATIONSHIPS,
    };
  }
  return {
    id: SAMPLE_IDS.containerUpdatedEvent,
    type: 'container_updated_event',
    attributes: { ...at, changeset: CHANGESETS[name], data_source: 'terminal' },
    relationships: {
      container: sampleRef('container', SAMPLE_IDS.container),
      terminal: sampleRef('terminal', SAMPLE_IDS.terminal),
    },
  };
}

function changeIncluded(name: ContainerChangeEventName): unknown[] {
  const status =
    name === 'container.created'
      ? 'new'
      : name === 'container.updated'
        ? 'available'
        : 'not_available';
  return [changeRecord(name), container(status), shipment(false), PORT_OF_DISCHARGE, TERMINAL];
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
    id: SAMPLE_IDS.trackingRequest,
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
      tracked_object: outcome.withShipment
        ? sampleRef('shipment', SAMPLE_IDS.shipment)
        : { data: null },
      customer: { data: null },
      user: { data: null },
    },
    links: { self: `/v2/tracking_requests/${SAMPLE_IDS.trackingRequest}` },
  };
  if (!outcome.withShipment) return [request];
  const stopped = name === 'tracking_request.tracking_stopped';
  return [request, shipment(stopped), container(stopped ? 'empty_returned' : 'on_ship')];
}

function estimateIncluded(name: ShipmentEstimateEventName): unknown[] {
  const estimate = {
    id: SAMPLE_IDS.estimatedEvent,
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
      shipment: sampleRef('shipment', SAMPLE_IDS.shipment),
      port: sampleRef('port', SAMPLE_IDS.portOfDischarge),
      vessel: { data: null },
    },
  };
  return [estimate, shipment(false), PORT_OF_DISCHARGE];
}

/** Events the service delivers without an `included` member. */
const DELIVERED_WITHOUT_INCLUDED = new Set<WebhookEventName>([
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.delivered',
]);

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
  const body: RawWebhookDelivery = {
    data: {
      id: options.id ?? crypto.randomUUID(),
      type: 'webhook_notification',
      attributes: {
        event: eventName,
        delivery_status: 'pending',
        created_at: options.createdAt ?? new Date().toISOString(),
      },
      relationships: {
        webhook: sampleRef('webhook', options.webhookId ?? SAMPLE_IDS.webhook),
        reference_object:
          reference === undefined ? { data: null } : sampleRef(reference.type, reference.id),
      },
    },
  };
  // As the service: some deliveries name their reference object but carry no `included`.
  return DELIVERED_WITHOUT_INCLUDED.has(eventName) ? body : { ...body, included };
}
