/**
 * Sample deliveries, for `POST /webhooks/trigger` and
 * `GET /webhook_notifications/examples`. They come from a small fixed world
 * (one Maersk shipment from Shanghai to Los Angeles, with one container that
 * may go on by rail to Chicago). Its `included` is chosen by the functions
 * that choose the engine's (`event-included.ts`) and serialized by the
 * engine's own serializers, so a sample has exactly the shape of a real
 * delivery of the same event. Building a sample stores its event record in
 * the sample world (synchronously), where the serializers find it.
 */
import {
  CHANGES_BY_TRANSPORT_EVENT,
  containerCreatedIncluded,
  containerUpdatedIncluded,
  estimatedEventIncluded,
  trackingRequestIncluded,
  transportEventIncluded,
} from '../event-included.js';
import type { ResourceRef } from '../events.js';
import { stableId } from '../ids.js';
import type {
  ContainerEventKind,
  ContainerRecord,
  ContainerUpdatedEventRecord,
  EstimatedEventRecord,
  JsonValue,
  ShipmentRecord,
  TrackingRequestRecord,
  TrackingRequestStatus,
  TransportEventRecord,
} from '../records.js';
import { loadReferenceData } from '../reference/index.js';
import { terminalIdOf } from '../reference/terminals.js';
import { registerEventSerializers } from '../serialize/events.js';
import { registerReferenceSerializers } from '../serialize/reference.js';
import { Serializer } from '../serialize/resource-object.js';
import { registerTrackingSerializers } from '../serialize/tracking.js';
import { Store } from '../store.js';
import { DAY, HOUR, toIso } from '../time.js';
import { findWebhookEvent } from './events.js';
import { type DeliveryEnvelope, deliveryEnvelope, notificationResource } from './resources.js';

const ACCOUNT = 'sample-account';
/** When every sample event happened. */
const SAMPLE_AT = '2025-03-10T12:00:00Z';
const AT = Date.parse(SAMPLE_AT);
const ids = {
  trackingRequest: stableId('sample:tracking_request'),
  shipment: stableId('sample:shipment'),
  container: stableId('sample:container'),
  transportEvent: stableId('sample:transport_event'),
  updatedEvent: stableId('sample:container_updated_event'),
  estimatedEvent: stableId('sample:estimated_event'),
  webhook: stableId('sample:webhook'),
};

const store = new Store();
loadReferenceData(store);
/** The engine's serializers over the sample world: a sample is serialized like a delivery. */
const serializer = new Serializer();
registerTrackingSerializers(serializer, store);
registerEventSerializers(serializer, store);
registerReferenceSerializers(serializer, store);
const portId = (code: string): string | null => store.portByCode(code)?.id ?? null;
const vesselId = [...store.vessels.values()].find((v) => v.name === 'MAERSK MC-KINNEY MOLLER')?.id;
const podTerminalId = terminalIdOf('W185');

function trackingRequest(status: TrackingRequestStatus): TrackingRequestRecord {
  const failed = status === 'failed';
  return {
    id: ids.trackingRequest,
    accountId: ACCOUNT,
    requestNumber: 'MAEU246813579',
    requestType: 'bill_of_lading',
    scac: 'MAEU',
    refNumbers: ['PO-1042'],
    tags: [],
    createdAt: AT - DAY,
    updatedAt: AT,
    status,
    failedReason: failed ? 'not_found' : null,
    isRetrying: false,
    retryCount: null,
    shipmentId: failed || status === 'awaiting_manifest' ? null : ids.shipment,
    userId: null,
  };
}

const shipment: ShipmentRecord = {
  id: ids.shipment,
  accountId: ACCOUNT,
  billOfLadingNumber: 'MAEU246813579',
  normalizedNumber: '246813579',
  refNumbers: ['PO-1042'],
  tags: [],
  createdAt: AT - DAY,
  updatedAt: AT,
  scac: 'MAEU',
  customerName: null,
  polId: portId('CNSHA'),
  podId: portId('USLAX'),
  destinationId: null,
  podTerminalId,
  destinationTerminalId: null,
  podVesselId: vesselId ?? null,
  podVoyageNumber: '512E',
  polEtdAt: AT - 20 * DAY,
  polAtdAt: AT - 20 * DAY + 3 * HOUR,
  podEtaAt: AT + 2 * DAY,
  podOriginalEtaAt: AT + DAY,
  podAtaAt: null,
  destinationEtaAt: null,
  destinationAtaAt: null,
  lineTrackingLastAttemptedAt: AT,
  lineTrackingLastSucceededAt: AT,
  lineTrackingStoppedAt: null,
  lineTrackingStoppedReason: null,
  lineTrackingStoppedByUserId: null,
  containerIds: [ids.container],
  trackingRequestId: ids.trackingRequest,
};

const container: ContainerRecord = {
  id: ids.container,
  accountId: ACCOUNT,
  shipmentId: ids.shipment,
  number: 'CSQU3054383',
  refNumbers: [],
  sealNumber: 'ML-4410873',
  createdAt: AT - DAY,
  updatedAt: AT,
  equipmentType: 'dry',
  equipmentLength: 40,
  equipmentHeight: 'high_cube',
  weightInLbs: 33_069,
  pickupLfdTerminal: AT + 6 * DAY,
  pickupLfdRail: null,
  pickupLfdLine: AT + 7 * DAY,
  pickupAppointmentAt: null,
  availabilityKnown: true,
  availableForPickup: false,
  podArrivedAt: null,
  podDischargedAt: null,
  podFullOutAt: null,
  terminalCheckedAt: AT,
  podFullOutChassisNumber: null,
  locationAtPodTerminal: null,
  finalDestinationFullOutAt: null,
  emptyTerminatedAt: null,
  holds: [],
  fees: [],
  podRailCarrierScac: null,
  indRailCarrierScac: null,
  podLastTrackingRequestAt: AT,
  shipmentLastTrackingRequestAt: AT,
  podRailLoadedAt: null,
  podRailDepartedAt: null,
  indEtaAt: null,
  indAtaAt: null,
  indRailUnloadedAt: null,
  currentStatus: 'on_ship',
  podTerminalId,
  pickupFacilityId: null,
  transportEventIds: [ids.transportEvent],
};
store.addShipment(shipment);
store.containers.set(container.id, container);

/** The rail terminal of the sample's inland destination (Chicago). */
const railTerminalId = terminalIdOf('RAIL-CHI');

/**
 * Where a milestone happens in the sample journey, as the lifecycle places
 * it: at the port of lading, on the way, at the port of discharge (its
 * terminal), or inland (the rail terminal).
 */
function milestonePlace(event: string): {
  port: string;
  terminalId: string | null;
  onVessel: boolean;
} {
  const name = event.replace('container.transport.', '').replace('estimated.', '');
  const onVessel = /^(vessel|transshipment|feeder)_/.test(name);
  if (/^(empty_out|full_in|vessel_loaded|vessel_departed)$/.test(name)) {
    return { port: 'CNSHA', terminalId: null, onVessel };
  }
  if (/^(transshipment|feeder)_/.test(name)) return { port: 'SGSIN', terminalId: null, onVessel };
  if (/^(rail_arrived|rail_unloaded|arrived_at_inland_destination)$/.test(name)) {
    return { port: 'USCHI', terminalId: railTerminalId, onVessel };
  }
  return { port: 'USLAX', terminalId: podTerminalId, onVessel };
}

/** The attribute a container change event reports, with its old and new value. */
function changesetOf(event: string): Record<string, [JsonValue, JsonValue]> {
  const day = (offset: number) => toIso(AT + offset * DAY);
  switch (event) {
    case 'container.pickup_lfd.changed':
      return { pickup_lfd: [day(6), day(7)] };
    case 'container.pickup_lfd_line.changed':
      return { pickup_lfd_line: [day(6), day(7)] };
    case 'container.pickup_lfd_terminal.changed':
      return { pickup_lfd_terminal: [day(5), day(6)] };
    case 'container.pickup_lfd_rail.changed':
      return { pickup_lfd_rail: [null, day(9)] };
    case 'container.pickup_appointment.changed':
      return { pickup_appointment_at: [null, day(3)] };
    default:
      return { available_for_pickup: [false, true], location_at_pod_terminal: [null, 'Row 12'] };
  }
}

/** A sample's reference record and the refs of its `included`, reference first. */
interface SampleRefs {
  readonly reference: ResourceRef;
  readonly included: readonly ResourceRef[];
}

const TRACKING_REQUEST_STATUS = new Map<string, TrackingRequestStatus>([
  ['tracking_request.succeeded', 'created'],
  ['tracking_request.failed', 'failed'],
  ['tracking_request.awaiting_manifest', 'awaiting_manifest'],
  ['tracking_request.tracking_stopped', 'tracking_stopped'],
]);

function trackingRequestSample(event: string): SampleRefs {
  const record = trackingRequest(TRACKING_REQUEST_STATUS.get(event) ?? 'created');
  store.trackingRequests.set(record.id, record);
  return {
    reference: { type: 'tracking_request', id: record.id },
    included: trackingRequestIncluded(store, record),
  };
}

function transportSample(event: string): SampleRefs {
  const place = milestonePlace(event);
  const locationId = portId(place.port);
  const record: TransportEventRecord = {
    id: ids.transportEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    event,
    voyageNumber: place.onVessel ? '512E' : null,
    timestamp: AT,
    timezone: locationId === null ? null : (store.ports.get(locationId)?.timeZone ?? null),
    locationId,
    terminalId: place.terminalId,
    vesselId: place.onVessel ? (vesselId ?? null) : null,
    createdAt: AT,
    dataSource: 'shipping_line',
  };
  store.transportEvents.set(record.id, record);
  return {
    reference: { type: 'transport_event', id: record.id },
    included: transportEventIncluded(store, record),
  };
}

/** A change the service carries by a transport event whose `value` holds the new date. */
function valueEventSample(event: string): SampleRefs {
  const [, value] = Object.values(changesetOf(event))[0] ?? [null, null];
  const record: TransportEventRecord = {
    id: ids.transportEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    event,
    voyageNumber: null,
    timestamp: AT,
    timezone: 'America/Los_Angeles',
    locationId: shipment.podId,
    terminalId: podTerminalId,
    vesselId: null,
    createdAt: AT,
    dataSource: 'terminal',
    value,
  };
  store.transportEvents.set(record.id, record);
  return {
    reference: { type: 'transport_event', id: record.id },
    included: transportEventIncluded(store, record),
  };
}

/** The per-event record of `container.created` and `container.pod_terminal_changed`. */
function perEventSample(kind: ContainerEventKind): SampleRefs {
  const record: ContainerUpdatedEventRecord = {
    id: ids.updatedEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    terminalId: podTerminalId,
    changeset: {},
    timestamp: AT,
    timezone: 'America/Los_Angeles',
    dataSource: 'shipping_line',
    kind,
  };
  store.containerUpdatedEvents.set(record.id, record);
  return {
    reference: { type: kind, id: record.id },
    included:
      kind === 'container_created_event'
        ? containerCreatedIncluded(store, container, record.id)
        : containerUpdatedIncluded(store, record),
  };
}

function containerChangeSample(event: string): SampleRefs {
  if (event === 'container.created') return perEventSample('container_created_event');
  if (event === 'container.pod_terminal_changed') {
    return perEventSample('container_pod_terminal_changed_event');
  }
  if (CHANGES_BY_TRANSPORT_EVENT.has(event)) return valueEventSample(event);
  const record: ContainerUpdatedEventRecord = {
    id: ids.updatedEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    terminalId: podTerminalId,
    changeset: changesetOf(event),
    timestamp: AT,
    timezone: 'America/Los_Angeles',
    dataSource: 'terminal',
  };
  store.containerUpdatedEvents.set(record.id, record);
  return {
    reference: { type: 'container_updated_event', id: record.id },
    included: containerUpdatedIncluded(store, record),
  };
}

function shipmentEstimateSample(event: string): SampleRefs {
  const record: EstimatedEventRecord = {
    id: ids.estimatedEvent,
    accountId: ACCOUNT,
    shipmentId: ids.shipment,
    event,
    estimatedTimestamp: AT + 2 * DAY,
    voyageNumber: '512E',
    locationId: shipment.podId,
    vesselId: vesselId ?? null,
    timezone: 'America/Los_Angeles',
    createdAt: AT,
  };
  store.estimatedEvents.set(record.id, record);
  return {
    reference: { type: 'estimated_event', id: record.id },
    included: estimatedEventIncluded(record),
  };
}

/** The id of the sample notification of an event (`GET /webhook_notifications/examples`). */
function sampleNotificationId(event: string): string {
  return stableId(`sample:notification:${event}`);
}

/**
 * A sample delivery of an event, shaped exactly like a real one (a pending
 * notification and its `included` records, chosen by the same functions as
 * the engine's events), or `undefined` for an unknown event name. The same
 * event and id always give the same sample.
 */
export function sampleDelivery(
  event: string,
  notificationId = sampleNotificationId(event),
): DeliveryEnvelope | undefined {
  const family = findWebhookEvent(event)?.family;
  if (family === undefined) return undefined;
  const sample =
    family === 'tracking_request'
      ? trackingRequestSample(event)
      : family === 'container_transport'
        ? transportSample(event)
        : family === 'shipment_estimate'
          ? shipmentEstimateSample(event)
          : containerChangeSample(event);
  const notification = notificationResource({
    id: notificationId,
    event,
    deliveryStatus: 'pending',
    createdAt: SAMPLE_AT,
    webhookId: ids.webhook,
    reference: sample.reference,
  });
  return deliveryEnvelope(notification, serializer.serializeAll(sample.included));
}
