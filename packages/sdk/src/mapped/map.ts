import { camelCase } from '../jsonapi/case.js';
import {
  isResolvedResource,
  type ResolvedDocument,
  type ResolvedResource,
  type ResolveOptions,
  resolveDocument,
} from '../jsonapi/resolve.js';
import type { JsonApiDocument } from '../jsonapi/types.js';
import type { MappedContainer, MappedShipment } from './cargo.js';
import type { MappedResource } from './common.js';
import type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedTransportEvent,
} from './events.js';
import type {
  MappedMetroArea,
  MappedPort,
  MappedRailTerminal,
  MappedTerminal,
  MappedVessel,
} from './places.js';
import type { MappedRoute, MappedRouteLocation } from './route.js';
import { isShaped, MAPPED_SHAPES } from './shapes.js';
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

const consumedMembers = new Map<string, ReadonlySet<string>>(
  [...MAPPED_SHAPES].map(([type, shape]) => [type, new Set([...shape.consumed].map(camelCase))]),
);

function mapMember(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isResolvedResource(value)) return mapNode(value);
  if (Array.isArray(value) && value.length > 0 && isResolvedResource(value[0])) {
    return value.map((item) => (isResolvedResource(item) ? mapNode(item) : item));
  }
  return value;
}

/**
 * Maps a resource resolved without the mapped shapes (for example with
 * `resolveResource`): the same model the client returns, built from the
 * camelCased members. A node already built with the shapes is returned as is.
 */
function mapNode(node: ResolvedResource): ResolvedResource {
  if (isShaped(node)) return node;
  const out: ResolvedResource = { id: node.id, type: node.type };
  const shape = MAPPED_SHAPES.get(node.type);
  if (shape) {
    // The head reads wire names; give it the consumed members under those names.
    const attributes: Record<string, unknown> = {};
    for (const name of shape.consumed) attributes[name] = node[camelCase(name)];
    shape.head(out, attributes);
  }
  const consumed = consumedMembers.get(node.type);
  for (const key in node) {
    if (key === 'id' || key === 'type' || consumed?.has(key)) continue;
    // The head's members win; a member of the same name is kept renamed, as the resolver does.
    out[key in out ? `${key}Attribute` : key] = mapMember(node[key]);
  }
  return out;
}

/**
 * The mapped model of type `T`. Safe: the shape of each type sets every
 * member its schema requires (coerced to its type); the rest are the
 * service's own members, camelCased. Tests parse every mapped result with
 * the zod schemas.
 */
function mapped<T>(node: ResolvedResource): T {
  // Safe: the type's shape set every member the schema of T requires (see above).
  return mapNode(node) as T;
}

/** Maps a resolved container (see `MappedContainerSchema`). */
export const mapContainer = (node: ResolvedResource): MappedContainer => mapped(node);
/** Maps a resolved shipment (see `MappedShipmentSchema`). */
export const mapShipment = (node: ResolvedResource): MappedShipment => mapped(node);
/** Maps a resolved port; coordinates become numbers. */
export const mapPort = (node: ResolvedResource): MappedPort => mapped(node);
/** Maps a resolved metro area; coordinates become numbers. */
export const mapMetroArea = (node: ResolvedResource): MappedMetroArea => mapped(node);
/** Maps a resolved terminal. */
export const mapTerminal = (node: ResolvedResource): MappedTerminal => mapped(node);
/** Maps a resolved rail terminal. */
export const mapRailTerminal = (node: ResolvedResource): MappedRailTerminal => mapped(node);
/** Maps a resolved vessel. */
export const mapVessel = (node: ResolvedResource): MappedVessel => mapped(node);
/** Maps a resolved transport event. */
export const mapTransportEvent = (node: ResolvedResource): MappedTransportEvent => mapped(node);
/** Maps a resolved raw event. */
export const mapRawEvent = (node: ResolvedResource): MappedRawEvent => mapped(node);
/** Maps a resolved container-updated event; `changeset` maps attribute names to `[old, new]`. */
export const mapContainerUpdatedEvent = (node: ResolvedResource): MappedContainerUpdatedEvent =>
  mapped(node);
/** Maps a resolved estimated event. */
export const mapEstimatedEvent = (node: ResolvedResource): MappedEstimatedEvent => mapped(node);
/** Maps a resolved tracking request; `trackedObject` is the mapped shipment when included. */
export const mapTrackingRequest = (node: ResolvedResource): MappedTrackingRequest => mapped(node);
/** Maps a resolved number inference. */
export const mapInferNumberResult = (node: ResolvedResource): MappedInferNumberResult =>
  mapped(node);
/** Maps a resolved shipping line. */
export const mapShippingLine = (node: ResolvedResource): MappedShippingLine => mapped(node);
/** Maps a resolved route; `routeLocations` in order when included. */
export const mapRoute = (node: ResolvedResource): MappedRoute => mapped(node);
/** Maps a resolved route location. */
export const mapRouteLocation = (node: ResolvedResource): MappedRouteLocation => mapped(node);
/** Maps a resolved webhook. */
export const mapWebhook = (node: ResolvedResource): MappedWebhook => mapped(node);
/** Maps a resolved webhook notification; `referenceObject` is mapped by its own type. */
export const mapWebhookNotification = (node: ResolvedResource): MappedWebhookNotification =>
  mapped(node);
/** Maps a resolved webhook event category. */
export const mapWebhookEventCategory = (node: ResolvedResource): MappedWebhookEventCategory =>
  mapped(node);

/**
 * Maps any resolved resource by its `type`, nested resources included.
 * Types without a dedicated model keep their camelCased members as they are.
 */
export function mapResource(node: ResolvedResource): MappedResource {
  return mapNode(node);
}

/**
 * Resolves and maps a JSON:API document in one pass: `data` becomes mapped
 * resources (one, a list, or null); `links` and `meta` are kept.
 */
export function mapDocument(
  document: JsonApiDocument,
  options: Omit<ResolveOptions, 'shapes'> = {},
): ResolvedDocument<MappedResource | MappedResource[] | null> {
  return resolveDocument(document, { ...options, shapes: MAPPED_SHAPES });
}
