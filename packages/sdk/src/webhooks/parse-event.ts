import { isPlainObject as isRecord } from '../jsonapi/case.js';
import { containerChanges, mappedChanges } from './container-changes.js';
import { WebhookPayloadError } from './errors.js';
import {
  isContainerChangeEventName,
  isWebhookEventName,
  type WebhookEventFamily,
  type WebhookEventName,
  webhookEventFamily,
} from './event-names.js';
import type {
  MappedContainerChangeRecords,
  MappedContainerTransportRecords,
  MappedEventBase,
  MappedShipmentEstimateRecords,
  MappedTrackingRequestRecords,
} from './event-records.js';
import type {
  ContainerChangeWebhookEvent,
  ContainerTransportWebhookEvent,
  RawResource,
  RawWebhookDelivery,
  ShipmentEstimateWebhookEvent,
  TrackingRequestWebhookEvent,
  UnknownWebhookEvent,
  WebhookEvent,
  WebhookEventBase,
} from './event-types.js';
import { firstIdentifier, IncludedIndex } from './included-index.js';
import { DeliveryMapper } from './mapped-event.js';
import { type RawBody, rawBodyText } from './raw-body.js';

function textOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isResource(value: unknown): value is RawResource {
  return isRecord(value) && typeof value.id === 'string' && typeof value.type === 'string';
}

function isDelivery(value: unknown): value is RawWebhookDelivery {
  if (!isRecord(value) || !isResource(value.data)) return false;
  const { attributes } = value.data;
  return (
    value.data.id !== '' &&
    isRecord(attributes) &&
    typeof attributes.event === 'string' &&
    attributes.event !== ''
  );
}

function readJson(rawBody: RawBody): unknown {
  const text = rawBodyText(rawBody);
  if (text.trim() === '') {
    throw new WebhookPayloadError(
      'empty_body',
      'The webhook request has an empty body. If a body parser runs before the webhook route it may have consumed the body: keep the raw body for this route.',
    );
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new WebhookPayloadError(
      'invalid_json',
      'The webhook body is not valid JSON although its signature matched; it was answered with 400. Report the notification id from the service logs to the service.',
      { cause },
    );
  }
}

type FamilyFields<F extends WebhookEventFamily> = F extends 'tracking_request'
  ? Omit<TrackingRequestWebhookEvent, keyof WebhookEventBase<string>>
  : F extends 'container_transport'
    ? Omit<ContainerTransportWebhookEvent, keyof WebhookEventBase<string>>
    : F extends 'container_change'
      ? Omit<ContainerChangeWebhookEvent, keyof WebhookEventBase<string>>
      : Omit<ShipmentEstimateWebhookEvent, keyof WebhookEventBase<string>>;

/**
 * The accessors of a container change: the container is the reference
 * object, or what the reference object (of any type), its changeset or its
 * transport event names, or the delivery's container.
 */
function containerChangeFields(
  name: WebhookEventName,
  reference: RawResource | undefined,
  included: IncludedIndex,
): FamilyFields<'container_change'> {
  const change = included.subject(reference, 'container_updated_event');
  const transportEvent = included.subject(reference, 'transport_event');
  const source = reference ?? change ?? transportEvent;
  const container =
    included.typed(reference, 'container') ?? included.related(source, 'container', 'container');
  return {
    family: 'container_change',
    containerUpdatedEvent: change,
    transportEvent,
    changes: isContainerChangeEventName(name) ? containerChanges(name, change, transportEvent) : [],
    container,
    shipment:
      included.related(container, 'shipment', 'shipment') ??
      included.related(source, 'shipment', 'shipment'),
    terminal:
      included.related(source, 'terminal', 'terminal') ??
      included.related(container, 'pod_terminal', 'terminal'),
  };
}

/** The typed accessors of each family, following relationships from the reference object. */
function familyFields(
  name: WebhookEventName,
  reference: RawResource | undefined,
  included: IncludedIndex,
): FamilyFields<WebhookEventFamily> {
  const family = webhookEventFamily(name);
  switch (family) {
    case 'tracking_request': {
      const request = included.subject(reference, 'tracking_request');
      return {
        family,
        trackingRequest: request,
        shipment: included.related(request, 'tracked_object', 'shipment'),
        containers: included.all('container'),
      };
    }
    case 'container_transport': {
      const event = included.subject(reference, 'transport_event');
      return {
        family,
        transportEvent: event,
        container: included.related(event, 'container', 'container'),
        shipment: included.related(event, 'shipment', 'shipment'),
        location: included.followOr(event, 'location', 'port'),
        terminal: included.followOr(event, 'terminal', 'terminal'),
      };
    }
    case 'container_change':
      return containerChangeFields(name, reference, included);
    case 'shipment_estimate': {
      const estimate = included.subject(reference, 'estimated_event');
      return {
        family,
        estimatedEvent: estimate,
        shipment: included.related(estimate, 'shipment', 'shipment'),
        port: included.related(estimate, 'port', 'port'),
      };
    }
  }
}

/** The mapped form of a family's records, from their raw form. */
function mappedFields(
  fields: FamilyFields<WebhookEventFamily>,
  base: MappedEventBase,
  map: DeliveryMapper,
):
  | MappedTrackingRequestRecords
  | MappedContainerTransportRecords
  | MappedContainerChangeRecords
  | MappedShipmentEstimateRecords {
  switch (fields.family) {
    case 'tracking_request':
      return {
        ...base,
        trackingRequest: map.model(fields.trackingRequest),
        shipment: map.model(fields.shipment),
        containers: fields.containers.flatMap((container) => map.model(container) ?? []),
      } satisfies MappedTrackingRequestRecords;
    case 'container_transport':
      return {
        ...base,
        transportEvent: map.model(fields.transportEvent),
        container: map.model(fields.container),
        shipment: map.model(fields.shipment),
        location: map.model(fields.location),
        terminal: map.model(fields.terminal),
      } satisfies MappedContainerTransportRecords;
    case 'container_change':
      return {
        ...base,
        containerUpdatedEvent: map.model(fields.containerUpdatedEvent),
        transportEvent: map.model(fields.transportEvent),
        changes: mappedChanges(fields.changes),
        container: map.model(fields.container),
        shipment: map.model(fields.shipment),
        terminal: map.model(fields.terminal),
      } satisfies MappedContainerChangeRecords;
    case 'shipment_estimate':
      return {
        ...base,
        estimatedEvent: map.model(fields.estimatedEvent),
        shipment: map.model(fields.shipment),
        port: map.model(fields.port),
      } satisfies MappedShipmentEstimateRecords;
  }
}

/**
 * Parses a delivery body into a typed event, without checking its signature.
 * Use `constructEvent` for requests from the network; this is for bodies
 * already verified (or read back from your own queue). Throws
 * `WebhookPayloadError` when the body is empty, not JSON, or not a webhook
 * notification. An unknown event name gives an `UnknownWebhookEvent`.
 */
export function parseWebhookEvent(rawBody: RawBody): WebhookEvent {
  const document = readJson(rawBody);
  if (!isDelivery(document)) {
    throw new WebhookPayloadError(
      'not_a_notification',
      'The webhook body is JSON but not a webhook notification (it needs data.id and data.attributes.event). Check that only the service posts to this URL.',
    );
  }
  const { data } = document;
  // Tolerant: `included` may be absent, and what is not a resource object in it is left out.
  const resources = Array.isArray(document.included) ? document.included.filter(isResource) : [];
  const included = new IncludedIndex(resources);
  const referenceIdentifier = firstIdentifier(data.relationships?.reference_object);
  const referenceObject = included.resolve(referenceIdentifier);
  const mapper = new DeliveryMapper(document, resources);
  let mappedBase: MappedEventBase | undefined;
  const mapBase = () => {
    mappedBase ??= mapper.base(referenceObject);
    return mappedBase;
  };
  const core: Omit<WebhookEventBase<string>, 'mapped'> = {
    id: data.id,
    name: data.attributes.event,
    createdAt:
      typeof data.attributes.created_at === 'string' ? data.attributes.created_at : undefined,
    webhookId: firstIdentifier(data.relationships?.webhook)?.id,
    raw: document,
    included: included.resources,
    referenceObject,
    // The identifier is read from the wire unchecked: only strings are passed on.
    referenceObjectId: textOrUndefined(referenceIdentifier?.id),
    referenceObjectType: textOrUndefined(referenceIdentifier?.type),
    findIncluded: (type, id) => included.find(type, id),
  };
  // The mapped form is built on first access: handlers that read raw records do not pay for it.
  if (!isWebhookEventName(core.name)) {
    const unknown: UnknownWebhookEvent = {
      ...core,
      family: 'unknown',
      get mapped() {
        return mapBase();
      },
    };
    return unknown;
  }
  const fields = familyFields(core.name, referenceObject, included);
  let mapped: MappedEventBase | undefined;
  // The family was derived from the name, so the fields match the event type of that name.
  return {
    ...core,
    ...fields,
    get mapped() {
      mapped ??= mappedFields(fields, mapBase(), mapper);
      return mapped;
    },
  } as WebhookEvent;
}
