import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];
type SpecWebhookEventName = Schemas['WebhookEventName'];

/**
 * Every event name of the spec, once each. Keyed by the generated
 * `WebhookEventName` type, so this stops compiling when the spec adds or drops
 * an event name and the SDK was not updated.
 */
const EVENT_NAME_SET: Record<SpecWebhookEventName, true> = {
  'tracking_request.succeeded': true,
  'tracking_request.failed': true,
  'tracking_request.awaiting_manifest': true,
  'tracking_request.tracking_stopped': true,
  'shipment.estimated.arrival': true,
  'container.created': true,
  'container.updated': true,
  'container.pod_terminal_changed': true,
  'container.pickup_lfd.changed': true,
  'container.pickup_lfd_line.changed': true,
  'container.pickup_lfd_terminal.changed': true,
  'container.pickup_lfd_rail.changed': true,
  'container.pickup_appointment.changed': true,
  'container.transport.vessel_loaded': true,
  'container.transport.vessel_departed': true,
  'container.transport.vessel_arrived': true,
  'container.transport.vessel_berthed': true,
  'container.transport.vessel_discharged': true,
  'container.transport.transshipment_arrived': true,
  'container.transport.transshipment_discharged': true,
  'container.transport.transshipment_loaded': true,
  'container.transport.transshipment_departed': true,
  'container.transport.feeder_arrived': true,
  'container.transport.feeder_discharged': true,
  'container.transport.feeder_loaded': true,
  'container.transport.feeder_departed': true,
  'container.transport.rail_loaded': true,
  'container.transport.rail_departed': true,
  'container.transport.rail_arrived': true,
  'container.transport.rail_unloaded': true,
  'container.transport.arrived_at_inland_destination': true,
  'container.transport.empty_out': true,
  'container.transport.full_in': true,
  'container.transport.available': true,
  'container.transport.not_available': true,
  'container.transport.full_out': true,
  'container.transport.delivered': true,
  'container.transport.empty_in': true,
  'container.transport.estimated.vessel_arrived': true,
  'container.transport.estimated.vessel_departed': true,
  'container.transport.estimated.arrived_at_inland_destination': true,
};

/** Every event name the service delivers, in the order of the spec's categories. */
// Object.keys of a Record keyed by event names yields exactly those names.
export const WEBHOOK_EVENT_NAMES = Object.keys(EVENT_NAME_SET) as readonly WebhookEventName[];

/** The name of an event the service delivers, e.g. `'tracking_request.succeeded'` (from the spec). */
export type WebhookEventName = SpecWebhookEventName;

/** Events about a tracking request: `included` holds the request, and for some its shipment and containers. */
export type TrackingRequestEventName = Schemas['TrackingRequestEventName'];
/** Transport milestones and estimates of a container: `included` holds the transport event and its context. */
export type ContainerTransportEventName = Schemas['ContainerTransportEventName'];
/** Changes of a container's attributes (and its creation). */
export type ContainerChangeEventName = Schemas['ContainerUpdateEventName'];
/** Changes of a shipment's estimates. */
export type ShipmentEstimateEventName = Schemas['ShipmentEventName'];

/** What a delivery's `included` holds, named after the events that share it. */
export type WebhookEventFamily =
  | 'tracking_request'
  | 'container_transport'
  | 'container_change'
  | 'shipment_estimate';

/** The family of each kind of event name, as a type. */
export type FamilyOf<N extends WebhookEventName> = N extends TrackingRequestEventName
  ? 'tracking_request'
  : N extends ContainerTransportEventName
    ? 'container_transport'
    : N extends ShipmentEstimateEventName
      ? 'shipment_estimate'
      : 'container_change';

const KNOWN = new Set<string>(WEBHOOK_EVENT_NAMES);

/** True when `name` is an event name this SDK knows (newer services may send others). */
export function isWebhookEventName(name: unknown): name is WebhookEventName {
  return typeof name === 'string' && KNOWN.has(name);
}

/** True for a known `tracking_request.*` event name. */
export function isTrackingRequestEventName(name: string): name is TrackingRequestEventName {
  return KNOWN.has(name) && name.startsWith('tracking_request.');
}

/** True for a known `container.transport.*` event name. */
export function isContainerTransportEventName(name: string): name is ContainerTransportEventName {
  return KNOWN.has(name) && name.startsWith('container.transport.');
}

/** True for a known `shipment.*` event name. */
export function isShipmentEstimateEventName(name: string): name is ShipmentEstimateEventName {
  return KNOWN.has(name) && name.startsWith('shipment.');
}

/** True for a known change event of a container (`container.*` but not `container.transport.*`). */
export function isContainerChangeEventName(name: string): name is ContainerChangeEventName {
  return (
    KNOWN.has(name) && name.startsWith('container.') && !name.startsWith('container.transport.')
  );
}

/** The family of a known event name: what its delivery's `included` holds. */
export function webhookEventFamily(name: WebhookEventName): WebhookEventFamily {
  if (name.startsWith('tracking_request.')) return 'tracking_request';
  if (name.startsWith('container.transport.')) return 'container_transport';
  if (name.startsWith('shipment.')) return 'shipment_estimate';
  return 'container_change';
}
