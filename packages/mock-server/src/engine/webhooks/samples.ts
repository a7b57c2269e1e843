/**
 * Sample deliveries, for `POST /webhooks/trigger` and
 * `GET /webhook_notifications/examples`. They describe the SDK's sample
 * world (`SAMPLE_WORLD` of `@shiptrack/sdk/testing`: one Maersk shipment
 * from Shanghai to Los Angeles, whose container goes on by rail to Chicago),
 * and they are the SDK's own sample deliveries (`createSampleWebhookPayload`):
 * `pnpm generate` copies them into the SDK (`scripts/generate-sample-deliveries.ts`),
 * so a change here is a change there. Its `included` is chosen by the functions
 * that choose the engine's (`event-included.ts`) and serialized by the
 * engine's own serializers, so a sample has exactly the shape of a real
 * delivery of the same event. Building a sample stores its event record in
 * the sample world (synchronously), where the serializers find it.
 */
import { SAMPLE_WORLD, sampleMilestonePlace } from '@shiptrack/sdk/testing';
import { webhookEventFamily } from '@shiptrack/sdk/webhooks';
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
  ContainerStatus,
  ContainerUpdatedEventRecord,
  EstimatedEventRecord,
  JsonValue,
  ShipmentRecord,
  TrackingRequestRecord,
  TrackingRequestStatus,
  TransportEventRecord,
} from '../records.js';
import { loadReferenceData } from '../reference/index.js';
import { registerEventSerializers } from '../serialize/events.js';
import { registerReferenceSerializers } from '../serialize/reference.js';
import { Serializer } from '../serialize/resource-object.js';
import { registerTrackingSerializers } from '../serialize/tracking.js';
import { Store } from '../store.js';
import { isWebhookEventName } from './events.js';
import { type DeliveryEnvelope, deliveryEnvelope, notificationResource } from './resources.js';

const ACCOUNT = 'sample-account';
const { ids, places, shipment: SHIPMENT, container: CONTAINER } = SAMPLE_WORLD;
/** When every sample event happened. */
const AT = Date.parse(SAMPLE_WORLD.at);
const time = (iso: string) => Date.parse(iso);

const store = new Store();
loadReferenceData(store);
/** The engine's serializers over the sample world: a sample is serialized like a delivery. */
const serializer = new Serializer();
registerTrackingSerializers(serializer, store);
registerEventSerializers(serializer, store);
registerReferenceSerializers(serializer, store);
const podTerminalId = places.podTerminal.id;
const vesselId = SAMPLE_WORLD.vessel.id;

function trackingRequest(status: TrackingRequestStatus): TrackingRequestRecord {
  const failed = status === 'failed';
  return {
    id: ids.trackingRequest,
    accountId: ACCOUNT,
    requestNumber: SHIPMENT.billOfLadingNumber,
    requestType: 'bill_of_lading',
    scac: SHIPMENT.scac,
    refNumbers: [...SHIPMENT.refNumbers],
    tags: [],
    createdAt: time(SHIPMENT.createdAt),
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
  billOfLadingNumber: SHIPMENT.billOfLadingNumber,
  normalizedNumber: SHIPMENT.normalizedNumber,
  refNumbers: [...SHIPMENT.refNumbers],
  tags: [],
  createdAt: time(SHIPMENT.createdAt),
  updatedAt: AT,
  scac: SHIPMENT.scac,
  customerName: null,
  polId: places.portOfLading.id,
  podId: places.portOfDischarge.id,
  destinationId: places.destination.id,
  podTerminalId,
  destinationTerminalId: places.railTerminal.id,
  podVesselId: vesselId,
  podVoyageNumber: SHIPMENT.voyageNumber,
  polEtdAt: time(SHIPMENT.polEtdAt),
  polAtdAt: time(SHIPMENT.polAtdAt),
  podEtaAt: time(SHIPMENT.podEtaAt),
  podOriginalEtaAt: time(SHIPMENT.podOriginalEtaAt),
  podAtaAt: null,
  destinationEtaAt: time(SHIPMENT.destinationEtaAt),
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
  number: CONTAINER.number,
  refNumbers: [],
  sealNumber: CONTAINER.sealNumber,
  createdAt: time(SHIPMENT.createdAt),
  updatedAt: AT,
  equipmentType: CONTAINER.equipmentType,
  equipmentLength: CONTAINER.equipmentLength,
  equipmentHeight: CONTAINER.equipmentHeight,
  weightInLbs: CONTAINER.weightInLbs,
  pickupLfdTerminal: time(CONTAINER.pickupLfdTerminal),
  pickupLfdRail: null,
  pickupLfdLine: time(CONTAINER.pickupLfdLine),
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

/** The container's status once a transport milestone has happened; the others find it on the ship. */
const STATUS_AFTER: Readonly<Partial<Record<string, ContainerStatus>>> = {
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
  // The world's container goes on by rail from the port of discharge.
  vessel_discharged: 'awaiting_inland_transfer',
};

/**
 * Stores the world's container and shipment as they stand at a sample's
 * event: the container in `status`, the shipment's tracking stopped or not.
 */
function standing(status: ContainerStatus, trackingStopped = false): void {
  store.containers.set(container.id, {
    ...container,
    currentStatus: status,
    availableForPickup: status === 'available',
  });
  store.shipments.set(shipment.id, {
    ...shipment,
    lineTrackingStoppedAt: trackingStopped ? AT : null,
    lineTrackingStoppedReason: trackingStopped ? 'all_containers_terminated' : null,
  });
}

/** The port (or inland point) and terminal of each place of the sample journey. */
const PLACES = {
  portOfLading: { port: places.portOfLading, terminalId: null },
  transshipment: { port: places.transshipment, terminalId: null },
  portOfDischarge: { port: places.portOfDischarge, terminalId: podTerminalId },
  destination: { port: places.destination, terminalId: places.railTerminal.id },
} as const;

/** The attribute a container change event reports, with its old and new value. */
function changesetOf(event: string): Record<string, [JsonValue, JsonValue]> {
  const known = isWebhookEventName(event) && webhookEventFamily(event) === 'container_change';
  // Checked just above: a known container change event names one of the world's changes.
  const changes = known ? SAMPLE_WORLD.changes[event as keyof typeof SAMPLE_WORLD.changes] : {};
  return Object.fromEntries(
    Object.entries(changes).map(([field, [before, after]]) => [field, [before, after]]),
  );
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
  if (record.status === 'tracking_stopped') standing('empty_returned', true);
  store.trackingRequests.set(record.id, record);
  return {
    reference: { type: 'tracking_request', id: record.id },
    included: trackingRequestIncluded(store, record),
  };
}

function transportSample(event: string): SampleRefs {
  const place = PLACES[sampleMilestonePlace(event)];
  const milestone = event.replace('container.transport.', '');
  const onVessel = /^(estimated\.)?(vessel|transshipment|feeder)_/.test(milestone);
  const status = STATUS_AFTER[milestone];
  if (status !== undefined) standing(status);
  // An estimated milestone's time is when it is expected: inland, or at the port of discharge.
  const expected =
    milestone === 'estimated.arrived_at_inland_destination'
      ? SHIPMENT.destinationEtaAt
      : SHIPMENT.podEtaAt;
  const record: TransportEventRecord = {
    id: ids.transportEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    event,
    voyageNumber: onVessel ? SHIPMENT.voyageNumber : null,
    timestamp: milestone.startsWith('estimated.') ? time(expected) : AT,
    timezone: place.port.timeZone,
    locationId: place.port.id,
    terminalId: place.terminalId,
    vesselId: onVessel ? vesselId : null,
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
    timezone: places.portOfDischarge.timeZone,
    locationId: shipment.podId,
    terminalId: podTerminalId,
    vesselId: null,
    createdAt: AT,
    dataSource: 'terminal',
    value: typeof value === 'string' ? value : null,
  };
  store.transportEvents.set(record.id, record);
  return {
    reference: { type: 'transport_event', id: record.id },
    included: transportEventIncluded(store, record),
  };
}

/**
 * The container-update record of a sample: the changes of `container.updated`
 * (and its kin), or with `kind` the per-event record of `container.created`
 * and `container.pod_terminal_changed`.
 */
function containerUpdatedSample(event: string, kind?: ContainerEventKind): SampleRefs {
  const record: ContainerUpdatedEventRecord = {
    id: ids.containerUpdatedEvent,
    accountId: ACCOUNT,
    containerId: ids.container,
    shipmentId: ids.shipment,
    terminalId: podTerminalId,
    changeset: kind === undefined ? changesetOf(event) : {},
    timestamp: AT,
    timezone: places.portOfDischarge.timeZone,
    ...(kind === undefined ? { dataSource: 'terminal' } : { dataSource: 'shipping_line', kind }),
  };
  store.containerUpdatedEvents.set(record.id, record);
  return {
    reference: { type: kind ?? 'container_updated_event', id: record.id },
    included:
      kind === 'container_created_event'
        ? containerCreatedIncluded(store, container, record.id)
        : containerUpdatedIncluded(store, record),
  };
}

function containerChangeSample(event: string): SampleRefs {
  if (event === 'container.created')
    return containerUpdatedSample(event, 'container_created_event');
  if (event === 'container.pod_terminal_changed') {
    return containerUpdatedSample(event, 'container_pod_terminal_changed_event');
  }
  if (CHANGES_BY_TRANSPORT_EVENT.has(event)) return valueEventSample(event);
  return containerUpdatedSample(event);
}

function shipmentEstimateSample(event: string): SampleRefs {
  const record: EstimatedEventRecord = {
    id: ids.estimatedEvent,
    accountId: ACCOUNT,
    shipmentId: ids.shipment,
    event,
    estimatedTimestamp: time(SHIPMENT.podEtaAt),
    voyageNumber: SHIPMENT.voyageNumber,
    locationId: shipment.podId,
    vesselId,
    timezone: places.portOfDischarge.timeZone,
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
  if (!isWebhookEventName(event)) return undefined;
  standing('on_ship');
  const family = webhookEventFamily(event);
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
    createdAt: SAMPLE_WORLD.at,
    webhookId: ids.webhook,
    reference: sample.reference,
  });
  return deliveryEnvelope(notification, serializer.serializeAll(sample.included));
}
