import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
} from '../generated/enums.js';
import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];
type SpecWebhookEventName = Schemas['WebhookEventName'];

/**
 * Every event name the service delivers, once each, in the order of the
 * spec's categories: the generated lists of the four event-name schemas,
 * so a spec change that adds or drops a name changes this list too.
 */
export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = [
  ...TRACKING_REQUEST_EVENT_NAME_VALUES,
  ...SHIPMENT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
];

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
