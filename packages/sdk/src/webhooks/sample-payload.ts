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
  PORT_OF_LADING,
  RAIL_TERMINAL,
  SAMPLE_IDS,
  sampleRef,
  TERMINAL,
  VESSEL,
} from './sample-journey.js';
import { SAMPLE_WORLD } from './sample-world.js';

/** Options of `createSampleWebhookPayload`. */
export interface SampleWebhookPayloadOptions {
  /** The notification id (`data.id`). Default: a fresh random UUID, as the service does per notification. */
  id?: string;
  /** `data.attributes.created_at`. Default: now. */
  createdAt?: string;
  /** The id of the webhook the delivery is for. */
  webhookId?: string;
}

const { at: AT, shipment: SHIPMENT, container: CONTAINER } = SAMPLE_WORLD;

function shipment(stopped: boolean) {
  return {
    id: SAMPLE_IDS.shipment,
    type: 'shipment',
    attributes: {
      bill_of_lading_number: SHIPMENT.billOfLadingNumber,
      normalized_number: SHIPMENT.normalizedNumber,
      ref_numbers: [...SHIPMENT.refNumbers],
      tags: [],
      created_at: SHIPMENT.createdAt,
      port_of_lading_locode: PORT_OF_LADING.attributes.code,
      port_of_lading_name: PORT_OF_LADING.attributes.name,
      port_of_discharge_locode: PORT_OF_DISCHARGE.attributes.code,
      port_of_discharge_name: PORT_OF_DISCHARGE.attributes.name,
      destination_locode: METRO_AREA.attributes.code,
      destination_name: METRO_AREA.attributes.name,
      shipping_line_scac: SHIPMENT.scac,
      shipping_line_name: SHIPMENT.shippingLineName,
      shipping_line_short_name: SHIPMENT.shippingLineName,
      customer_name: null,
      pod_vessel_name: VESSEL.attributes.name,
      pod_vessel_imo: VESSEL.attributes.imo,
      pod_voyage_number: SHIPMENT.voyageNumber,
      pol_etd_at: SHIPMENT.polEtdAt,
      pol_atd_at: SHIPMENT.polAtdAt,
      pod_eta_at: SHIPMENT.podEtaAt,
      pod_original_eta_at: SHIPMENT.podOriginalEtaAt,
      pod_ata_at: null,
      destination_eta_at: SHIPMENT.destinationEtaAt,
      destination_ata_at: null,
      pol_timezone: PORT_OF_LADING.attributes.time_zone,
      pod_timezone: PORT_OF_DISCHARGE.attributes.time_zone,
      destination_timezone: METRO_AREA.attributes.time_zone,
      line_tracking_last_attempted_at: AT,
      line_tracking_last_succeeded_at: AT,
      line_tracking_stopped_at: stopped ? AT : null,
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
      number: CONTAINER.number,
      ref_numbers: [],
      seal_number: CONTAINER.sealNumber,
      created_at: SHIPMENT.createdAt,
      equipment_type: CONTAINER.equipmentType,
      equipment_length: CONTAINER.equipmentLength,
      equipment_height: CONTAINER.equipmentHeight,
      weight_in_lbs: CONTAINER.weightInLbs,
      pickup_lfd: CONTAINER.pickupLfdTerminal,
      pickup_appointment_at: null,
      availability_known: true,
      available_for_pickup: status === 'available',
      pod_arrived_at: null,
      pod_discharged_at: null,
      pod_full_out_at: null,
      terminal_checked_at: AT,
      holds_at_pod_terminal: [],
      fees_at_pod_terminal: [],
      pod_timezone: PORT_OF_DISCHARGE.attributes.time_zone,
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
  milestone === 'estimated.arrived_at_inland_destination'
    ? SHIPMENT.destinationEtaAt
    : SHIPMENT.podEtaAt;

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
      voyage_number: withVessel ? SHIPMENT.voyageNumber : null,
      timestamp: estimated ? estimatedAt(milestone) : AT,
      timezone: place.timeZone,
      location_locode: place.locode,
      created_at: AT,
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
  const at = { timestamp: AT, timezone: PORT_OF_DISCHARGE.attributes.time_zone };
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
    const [, value] = Object.values(SAMPLE_WORLD.changes[name])[0] ?? [null, null];
    return {
      id: SAMPLE_IDS.transportEvent,
      type: 'transport_event',
      attributes: {
        ...at,
        event: name,
        value,
        location_locode: PORT_OF_DISCHARGE.attributes.code,
        created_at: at.timestamp,
        data_source: 'terminal',
      },
      relationships: CHANGE_RELATIONSHIPS,
    };
  }
  return {
    id: SAMPLE_IDS.containerUpdatedEvent,
    type: 'container_updated_event',
    attributes: { ...at, changeset: SAMPLE_WORLD.changes[name], data_source: 'terminal' },
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
      request_number: SHIPMENT.billOfLadingNumber,
      request_type: 'bill_of_lading',
      scac: SHIPMENT.scac,
      ref_numbers: [...SHIPMENT.refNumbers],
      tags: [],
      created_at: SHIPMENT.createdAt,
      updated_at: AT,
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
      estimated_timestamp: SHIPMENT.podEtaAt,
      voyage_number: SHIPMENT.voyageNumber,
      location_locode: PORT_OF_DISCHARGE.attributes.code,
      timezone: PORT_OF_DISCHARGE.attributes.time_zone,
      created_at: AT,
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
