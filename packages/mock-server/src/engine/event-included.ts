/**
 * What the `included` of each event's notification holds, per event family
 * (the wire contract): the one place that decides it. The engine emits its
 * events with these refs and the sample deliveries (`POST /webhooks/trigger`,
 * `GET /webhook_notifications/examples`) are built with them, so a sample
 * always carries the same kinds of records as a real delivery.
 */
import type { ResourceRef } from './events.js';
import { placeRef } from './place.js';
import type {
  ContainerRecord,
  ContainerUpdatedEventRecord,
  EstimatedEventRecord,
  TrackingRequestRecord,
  TransportEventRecord,
} from './records.js';
import type { Store } from './store.js';

function refsOf(ref: ResourceRef | null): ResourceRef[] {
  return ref === null ? [] : [ref];
}

/** The ref of a terminal, typed `terminal` or `rail_terminal` as the catalogue says. */
function terminalRef(store: Store, id: string | null): ResourceRef[] {
  if (id === null) return [];
  return [{ type: store.terminals.get(id)?.type ?? 'terminal', id }];
}

/**
 * `tracking_request.*`: the request, then its shipment and the shipment's
 * containers once it has one (succeeded, tracking stopped).
 */
export function trackingRequestIncluded(
  store: Store,
  record: TrackingRequestRecord,
): ResourceRef[] {
  const refs: ResourceRef[] = [{ type: 'tracking_request', id: record.id }];
  const shipment = record.shipmentId === null ? undefined : store.shipments.get(record.shipmentId);
  if (shipment === undefined) return refs;
  refs.push({ type: 'shipment', id: shipment.id });
  for (const id of shipment.containerIds) refs.push({ type: 'container', id });
  return refs;
}

/**
 * `container.transport.*`: the transport event, its container and shipment,
 * its location (a port, or the metro area of an inland point) and its
 * terminal (`terminal` or `rail_terminal`). The vessel is a relationship of the event, never included.
 */
export function transportEventIncluded(store: Store, record: TransportEventRecord): ResourceRef[] {
  return [
    { type: 'transport_event', id: record.id },
    { type: 'container', id: record.containerId },
    { type: 'shipment', id: record.shipmentId },
    ...refsOf(placeRef(store, record.locationId)),
    ...terminalRef(store, record.terminalId),
  ];
}

/**
 * Events the service delivers without an `included` member: the receiver
 * fetches the reference object (`include=reference_object`) if it needs it.
 */
export const DELIVERED_WITHOUT_INCLUDED: ReadonlySet<string> = new Set([
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.delivered',
]);

/**
 * Change events the service carries by a `transport_event` whose `value`
 * holds the new date (and whose `event` repeats the name), with the
 * attribute path of the container that changed.
 */
export const CHANGES_BY_TRANSPORT_EVENT: ReadonlyMap<string, string> = new Map([
  ['container.pickup_lfd_terminal.changed', 'import_deadlines.pickup_lfd_terminal'],
  ['container.pickup_lfd_rail.changed', 'import_deadlines.pickup_lfd_rail'],
  ['container.pickup_appointment.changed', 'pickup_appointment_at'],
]);

/** The port of discharge of a shipment, if known. */
function podRef(store: Store, shipmentId: string): ResourceRef[] {
  return refsOf(placeRef(store, store.shipments.get(shipmentId)?.podId ?? null));
}

/**
 * `container.created`: its `container_created_event` (when given), the
 * container, its shipment and its terminal at the port of discharge.
 */
export function containerCreatedIncluded(
  store: Store,
  container: ContainerRecord,
  createdEventId?: string,
): ResourceRef[] {
  return [
    ...(createdEventId === undefined
      ? []
      : [{ type: 'container_created_event' as const, id: createdEventId }]),
    { type: 'container', id: container.id },
    { type: 'shipment', id: container.shipmentId },
    ...terminalRef(store, container.podTerminalId),
  ];
}

/**
 * `container.updated` and the specific change events: the change record
 * (or per-event record), its container and shipment, the port of discharge
 * and the terminal that reported it.
 */
export function containerUpdatedIncluded(
  store: Store,
  record: ContainerUpdatedEventRecord,
): ResourceRef[] {
  return [
    { type: record.kind ?? 'container_updated_event', id: record.id },
    { type: 'container', id: record.containerId },
    { type: 'shipment', id: record.shipmentId },
    ...podRef(store, record.shipmentId),
    ...terminalRef(store, record.terminalId),
  ];
}

/** `shipment.estimated.arrival`: the estimate, its shipment and the port it is for. */
export function estimatedEventIncluded(record: EstimatedEventRecord): ResourceRef[] {
  return [
    { type: 'estimated_event', id: record.id },
    { type: 'shipment', id: record.shipmentId },
    ...(record.locationId === null ? [] : [{ type: 'port' as const, id: record.locationId }]),
  ];
}
