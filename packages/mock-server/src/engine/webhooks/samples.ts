/**
 * Sample deliveries, for `POST /webhooks/trigger` and
 * `GET /webhook_notifications/examples`. They come from a small fixed world
 * (one Maersk shipment from Shanghai to Los Angeles with one container)
 * serialized by the engine's own serializers, so a sample has exactly the
 * shape of a real delivery of the same event.
 */
import type { ResourceRef } from '../events.js';
import { stableId } from '../ids.js';
import type {
  ContainerRecord,
  JsonValue,
  ShipmentRecord,
  TrackingRequestRecord,
  TrackingRequestStatus,
} from '../records.js';
import { loadReferenceData } from '../reference/index.js';
import { terminalIdOf } from '../reference/terminals.js';
import {
  serializeContainerUpdatedEvent,
  serializeEstimatedEvent,
  serializeTransportEvent,
} from '../serialize/events.js';
import { serializePort, serializeTerminal, serializeVessel } from '../serialize/reference.js';
import type { ResourceObject } from '../serialize/resource-object.js';
import {
  serializeContainer,
  serializeShipment,
  serializeTrackingRequest,
} from '../serialize/tracking.js';
import { Store } from '../store.js';
import { DAY, HOUR, toIso } from '../time.js';
import { findWebhookEvent } from './events.js';
import { type DeliveryEnvelope, notificationResource, uniqueResources } from './resources.js';

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

function sampleStore(): Store {
  const store = new Store();
  loadReferenceData(store);
  return store;
}

const store = sampleStore();
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

/** Where a milestone happens in the sample journey: at the port of lading, on the way, or at the port of discharge. */
function milestonePlace(event: string): { port: string; atTerminal: boolean; onVessel: boolean } {
  const name = event.replace('container.transport.', '').replace('estimated.', '');
  if (/^(empty_out|full_in|vessel_loaded|vessel_departed)$/.test(name)) {
    return { port: 'CNSHA', atTerminal: false, onVessel: name.startsWith('vessel') };
  }
  if (/^(transshipment|feeder)_/.test(name))
    return { port: 'SGSIN', atTerminal: false, onVessel: true };
  if (/^rail_|inland/.test(name)) return { port: 'USCHI', atTerminal: false, onVessel: false };
  return { port: 'USLAX', atTerminal: true, onVessel: name.startsWith('vessel') };
}

/** The attribute a container change event reports, with its old and new value. */
function changesetOf(event: string): Record<string, [JsonValue, JsonValue]> {
  const day = (offset: number) => toIso(AT + offset * DAY);
  switch (event) {
    case 'container.pod_terminal_changed':
      return { pod_terminal: ['Fenix Marine Services', 'APM Terminals Pier 400'] };
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

/** The wire form of a reference record of the sample world, if it exists. */
function referenceObject(kind: 'port' | 'terminal' | 'vessel', id: string | null | undefined) {
  if (id === null || id === undefined) return [];
  const port = kind === 'port' ? store.ports.get(id) : undefined;
  const terminal = kind === 'terminal' ? store.terminals.get(id) : undefined;
  const vessel = kind === 'vessel' ? store.vessels.get(id) : undefined;
  if (port) return [serializePort(port)];
  if (terminal) return [serializeTerminal(terminal)];
  if (vessel) return [serializeVessel(vessel)];
  return [];
}

/** A sample's reference record and every record of its `included`, reference first. */
interface SampleResources {
  readonly reference: ResourceRef;
  readonly resources: readonly ResourceObject[];
}

const TRACKING_REQUEST_STATUS = new Map<string, TrackingRequestStatus>([
  ['tracking_request.succeeded', 'created'],
  ['tracking_request.failed', 'failed'],
  ['tracking_request.awaiting_manifest', 'awaiting_manifest'],
  ['tracking_request.tracking_stopped', 'tracking_stopped'],
]);

function trackingRequestSample(event: string): SampleResources {
  const status = TRACKING_REQUEST_STATUS.get(event) ?? 'created';
  const record = trackingRequest(status);
  const withShipment = status === 'created' || status === 'tracking_stopped';
  return {
    reference: { type: 'tracking_request', id: record.id },
    resources: [
      serializeTrackingRequest(record),
      ...(withShipment
        ? [serializeShipment(store, shipment), serializeContainer(store, container)]
        : []),
    ],
  };
}

function transportSample(event: string): SampleResources {
  const place = milestonePlace(event);
  const locationId = portId(place.port);
  const record = {
    id: ids.transportEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    event,
    voyageNumber: place.onVessel ? '512E' : null,
    timestamp: AT,
    timezone: locationId === null ? null : (store.ports.get(locationId)?.timeZone ?? null),
    locationId,
    terminalId: place.atTerminal ? podTerminalId : null,
    vesselId: place.onVessel ? (vesselId ?? null) : null,
    createdAt: AT,
    dataSource: 'shipping_line' as const,
  };
  return {
    reference: { type: 'transport_event', id: record.id },
    resources: [
      serializeTransportEvent(store, record),
      serializeContainer(store, container),
      serializeShipment(store, shipment),
      ...referenceObject('port', record.locationId),
      ...referenceObject('terminal', record.terminalId),
      ...referenceObject('vessel', record.vesselId),
    ],
  };
}

function containerChangeSample(event: string): SampleResources {
  const rest = [
    serializeContainer(store, container),
    serializeShipment(store, shipment),
    ...referenceObject('terminal', podTerminalId),
  ];
  if (event === 'container.created') {
    return { reference: { type: 'container', id: ids.container }, resources: rest };
  }
  const record = {
    id: ids.updatedEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    terminalId: podTerminalId,
    changeset: changesetOf(event),
    timestamp: AT,
    timezone: 'America/Los_Angeles',
    dataSource: 'terminal' as const,
  };
  return {
    reference: { type: 'container_updated_event', id: record.id },
    resources: [serializeContainerUpdatedEvent(record), ...rest],
  };
}

function shipmentEstimateSample(event: string): SampleResources {
  const record = {
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
  return {
    reference: { type: 'estimated_event', id: record.id },
    resources: [
      serializeEstimatedEvent(store, record),
      serializeShipment(store, shipment),
      ...referenceObject('port', record.locationId),
    ],
  };
}

/**
 * A sample delivery of an event, shaped exactly like a real one (a pending
 * notification and its `included` records), or `undefined` for an unknown
 * event name. The same event always gives the same sample.
 */
export function sampleDelivery(event: string): DeliveryEnvelope | undefined {
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
    id: stableId(`sample:notification:${event}`),
    event,
    deliveryStatus: 'pending',
    createdAt: SAMPLE_AT,
    webhookId: ids.webhook,
    reference: sample.reference,
  });
  return { data: notification, included: uniqueResources(sample.resources) };
}
