import { isPlainObject } from '../jsonapi/case.js';
import {
  isResolvedResource,
  type ResolvedDocument,
  type ResolvedResource,
  type ResolveOptions,
  resolveDocument,
} from '../jsonapi/resolve.js';
import type { JsonApiDocument } from '../jsonapi/types.js';
import type { MappedContainer, MappedShipment } from './cargo.js';
import { enumText, flag, numeric, strings, text } from './coerce.js';
import type { MappedResource } from './common.js';
import type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedTransportEvent,
} from './events.js';
import { mapContainerNode, mapShipmentNode } from './map-cargo.js';
import type {
  MappedMetroArea,
  MappedPort,
  MappedRailTerminal,
  MappedTerminal,
  MappedVessel,
} from './places.js';
import type { MappedRoute, MappedRouteLocation } from './route.js';
import type {
  MappedInferNumberResult,
  MappedShippingLine,
  MappedTrackingRequest,
} from './tracking.js';
import type {
  MappedWebhook,
  MappedWebhookEventCategory,
  MappedWebhookNotification,
} from './webhooks.js';

function mapMember(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isResolvedResource(value)) return mapResource(value);
  if (Array.isArray(value) && value.length > 0 && isResolvedResource(value[0])) {
    return value.map((item) => (isResolvedResource(item) ? mapResource(item) : item));
  }
  return value;
}

function copyMembers(node: ResolvedResource, skip?: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in node) {
    if (!skip?.has(key)) out[key] = mapMember(node[key]);
  }
  return out;
}

/** Maps a resolved container (see {@link MappedContainerSchema}). */
export function mapContainer(node: ResolvedResource): MappedContainer {
  return mapContainerNode(node, copyMembers);
}

/** Maps a resolved shipment (see {@link MappedShipmentSchema}). */
export function mapShipment(node: ResolvedResource): MappedShipment {
  return mapShipmentNode(node, copyMembers);
}

/** Maps a resolved port; coordinates become numbers. */
export function mapPort(node: ResolvedResource): MappedPort {
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'port',
    latitude: numeric(node.latitude),
    longitude: numeric(node.longitude),
  };
}

/** Maps a resolved metro area; coordinates become numbers. */
export function mapMetroArea(node: ResolvedResource): MappedMetroArea {
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'metro_area',
    latitude: numeric(node.latitude),
    longitude: numeric(node.longitude),
  };
}

/** Maps a resolved terminal. */
export function mapTerminal(node: ResolvedResource): MappedTerminal {
  return { ...copyMembers(node), id: node.id, type: 'terminal', name: text(node.name) ?? '' };
}

/** Maps a resolved rail terminal. */
export function mapRailTerminal(node: ResolvedResource): MappedRailTerminal {
  return { ...copyMembers(node), id: node.id, type: 'rail_terminal' };
}

/** Maps a resolved vessel. */
export function mapVessel(node: ResolvedResource): MappedVessel {
  return { ...copyMembers(node), id: node.id, type: 'vessel' };
}

/** Maps a resolved transport event. */
export function mapTransportEvent(node: ResolvedResource): MappedTransportEvent {
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'transport_event',
    event: text(node.event) ?? '',
  };
}

/** Maps a resolved raw event. */
export function mapRawEvent(node: ResolvedResource): MappedRawEvent {
  return { ...copyMembers(node), id: node.id, type: 'raw_event' };
}

/** Maps a resolved container-updated event. */
export function mapContainerUpdatedEvent(node: ResolvedResource): MappedContainerUpdatedEvent {
  const changeset: Record<string, unknown[]> = {};
  if (isPlainObject(node.changeset)) {
    for (const [key, change] of Object.entries(node.changeset)) {
      changeset[key] = Array.isArray(change) ? change : [change];
    }
  }
  return { ...copyMembers(node), id: node.id, type: 'container_updated_event', changeset };
}

/** Maps a resolved estimated event. */
export function mapEstimatedEvent(node: ResolvedResource): MappedEstimatedEvent {
  return { ...copyMembers(node), id: node.id, type: 'estimated_event' };
}

/** Maps a resolved tracking request; `trackedObject` is the mapped shipment when included. */
export function mapTrackingRequest(node: ResolvedResource): MappedTrackingRequest {
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'tracking_request',
    requestNumber: text(node.requestNumber) ?? '',
    requestType:
      enumText<MappedTrackingRequest['requestType']>(node.requestType) ?? 'bill_of_lading',
    scac: text(node.scac) ?? '',
    status: enumText<MappedTrackingRequest['status']>(node.status) ?? 'pending',
  };
}

type Validation = MappedInferNumberResult['validation'];
type ShippingLineGuess = MappedInferNumberResult['shippingLine'];

/** Maps a resolved number inference. */
export function mapInferNumberResult(node: ResolvedResource): MappedInferNumberResult {
  const validation = isPlainObject(node.validation) ? node.validation : {};
  const line = isPlainObject(node.shippingLine) ? node.shippingLine : {};
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'infer_number_results',
    numberType: enumText<NonNullable<MappedInferNumberResult['numberType']>>(node.numberType),
    validation: { ...validation, isValid: flag(validation.isValid) ?? false } satisfies Validation,
    shippingLine: {
      ...line,
      decision: enumText<ShippingLineGuess['decision']>(line.decision) ?? 'no_prediction',
    } satisfies ShippingLineGuess,
  };
}

/** Maps a resolved shipping line. */
export function mapShippingLine(node: ResolvedResource): MappedShippingLine {
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'shipping_line',
    scac: text(node.scac) ?? '',
    name: text(node.name) ?? '',
  };
}

/** Maps a resolved route; `routeLocations` in order when included. */
export function mapRoute(node: ResolvedResource): MappedRoute {
  return { ...copyMembers(node), id: node.id, type: 'route' };
}

/** Maps a resolved route location. */
export function mapRouteLocation(node: ResolvedResource): MappedRouteLocation {
  return { ...copyMembers(node), id: node.id, type: 'route_location' };
}

/** Maps a resolved webhook. */
export function mapWebhook(node: ResolvedResource): MappedWebhook {
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'webhook',
    url: text(node.url) ?? '',
    active: flag(node.active) ?? false,
    events: strings(node.events),
  };
}

/** Maps a resolved webhook notification; `referenceObject` is mapped by its own type. */
export function mapWebhookNotification(node: ResolvedResource): MappedWebhookNotification {
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'webhook_notification',
    event: text(node.event) ?? '',
    deliveryStatus:
      enumText<MappedWebhookNotification['deliveryStatus']>(node.deliveryStatus) ?? 'pending',
    createdAt: text(node.createdAt) ?? '',
  };
}

/** Maps a resolved webhook event category. */
export function mapWebhookEventCategory(node: ResolvedResource): MappedWebhookEventCategory {
  const events = Array.isArray(node.events) ? node.events.filter(isPlainObject) : [];
  return {
    ...copyMembers(node),
    id: node.id,
    type: 'webhook_event_category',
    name: text(node.name) ?? '',
    events: events.map((event) => ({ ...event, name: text(event.name) ?? '' })),
  };
}

const MAPPERS = new Map<string, (node: ResolvedResource) => MappedResource>(
  Object.entries({
    container: mapContainer,
    shipment: mapShipment,
    port: mapPort,
    metro_area: mapMetroArea,
    terminal: mapTerminal,
    rail_terminal: mapRailTerminal,
    vessel: mapVessel,
    transport_event: mapTransportEvent,
    raw_event: mapRawEvent,
    container_updated_event: mapContainerUpdatedEvent,
    estimated_event: mapEstimatedEvent,
    tracking_request: mapTrackingRequest,
    infer_number_results: mapInferNumberResult,
    shipping_line: mapShippingLine,
    route: mapRoute,
    route_location: mapRouteLocation,
    webhook: mapWebhook,
    webhook_notification: mapWebhookNotification,
    webhook_event_category: mapWebhookEventCategory,
  }),
);

/**
 * Maps any resolved resource by its `type`, nested resources included.
 * Types without a dedicated model keep their camelCased members as they are.
 */
export function mapResource(node: ResolvedResource): MappedResource {
  const mapper = MAPPERS.get(node.type);
  return mapper ? mapper(node) : { ...copyMembers(node), id: node.id, type: node.type };
}

/**
 * Resolves and maps a JSON:API document in one step: `data` becomes mapped
 * resources (one, a list, or null); `links` and `meta` are kept.
 */
export function mapDocument(
  document: JsonApiDocument,
  options: ResolveOptions = {},
): ResolvedDocument<MappedResource | MappedResource[] | null> {
  const resolved = resolveDocument(document, options);
  const { data } = resolved;
  return {
    ...resolved,
    data: Array.isArray(data) ? data.map(mapResource) : data ? mapResource(data) : null,
  };
}
