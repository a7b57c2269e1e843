import type { components } from '../generated/openapi.js';
import type { Relationship, ResourceIdentifier, ResourceObject } from '../jsonapi/types.js';
import type {
  ContainerChangeEventName,
  ContainerTransportEventName,
  FamilyOf,
  ShipmentEstimateEventName,
  TrackingRequestEventName,
  WebhookEventName,
} from './event-names.js';
import type {
  ContainerChange,
  MappedContainerChangeRecords,
  MappedContainerTransportRecords,
  MappedEventBase,
  MappedShipmentEstimateRecords,
  MappedTrackingRequestRecords,
} from './event-records.js';

type Schemas = components['schemas'];

/** A `{ type, id }` pair that points at a resource. */
export type RawResourceIdentifier = ResourceIdentifier;

/** A JSON:API relationship as sent on the wire. */
export type RawRelationship = Relationship;

/** A JSON:API resource object of the delivery, exactly as sent (snake_case attributes). */
export interface RawResource<T extends string = string> extends ResourceObject {
  type: T;
}

/**
 * An included resource of a known type: its attributes typed from the spec
 * (snake_case, as sent), plus any attribute the spec does not list yet.
 */
export interface RawTypedResource<T extends string, A> extends RawResource<T> {
  attributes: A & { [attribute: string]: unknown };
}

/** A raw `tracking_request`. */
export type WebhookRawTrackingRequest = RawTypedResource<
  'tracking_request',
  Schemas['TrackingRequestAttributes']
>;
/** A raw `shipment`. */
export type WebhookRawShipment = RawTypedResource<'shipment', Schemas['ShipmentAttributes']>;
/** A raw `container`. */
export type WebhookRawContainer = RawTypedResource<'container', Schemas['ContainerAttributes']>;
/** A raw `transport_event`. */
export type WebhookRawTransportEvent = RawTypedResource<
  'transport_event',
  Schemas['TransportEventAttributes']
>;
/** A raw `container_updated_event`, whose `changeset` maps attributes to `[old, new]`. */
export type WebhookRawContainerUpdatedEvent = RawTypedResource<
  'container_updated_event',
  Schemas['ContainerUpdatedEvent']['attributes']
>;
/** A raw `estimated_event`. */
export type WebhookRawEstimatedEvent = RawTypedResource<
  'estimated_event',
  Schemas['EstimatedEvent']['attributes']
>;
/** A raw `port`. */
export type WebhookRawPort = RawTypedResource<'port', Schemas['PortAttributes']>;
/** A raw `terminal`. */
export type WebhookRawTerminal = RawTypedResource<'terminal', Schemas['TerminalAttributes']>;

/** The `data` member of a delivery: the webhook notification. */
export interface RawDeliveryNotification extends RawResource<'webhook_notification'> {
  attributes: {
    event: string;
    delivery_status?: string;
    created_at?: string;
    [attribute: string]: unknown;
  };
}

/** A delivery's body, parsed: `{ data: <webhook_notification>, included: [...] }`. */
export interface RawWebhookDelivery {
  data: RawDeliveryNotification;
  included?: RawResource[];
  [member: string]: unknown;
}

/** What every event has, whatever its name. */
export interface WebhookEventBase<N extends string> {
  /** The notification id (`data.id`): the idempotency key, the same on every retry. */
  readonly id: string;
  /** The event name (`data.attributes.event`). */
  readonly name: N;
  /** When the notification was created (`data.attributes.created_at`). */
  readonly createdAt: string | undefined;
  /** The id of the webhook the delivery was sent for. */
  readonly webhookId: string | undefined;
  /** The body as parsed JSON, untouched. */
  readonly raw: RawWebhookDelivery;
  /** The `included` resources, untouched. */
  readonly included: readonly RawResource[];
  /**
   * The resource the notification is about (its `reference_object`
   * relationship), raw; `undefined` when the delivery does not include it.
   */
  readonly referenceObject: RawResource | undefined;
  /**
   * The id of the reference object, also when it is not included: fetch the
   * notification with `include=reference_object` (or the record by its type)
   * to read what a delivery without `included` is about.
   */
  readonly referenceObjectId: string | undefined;
  /** The type of the reference object; an open set (`transport_event`, `container_created_event`, ...). */
  readonly referenceObjectType: string | undefined;
  /** The included resource of a type (and id), raw; the first one when no id is given. */
  findIncluded<T extends string>(type: T, id?: string): RawResource<T> | undefined;
  /**
   * The same records in the SDK's mapped form (camelCase, related records
   * nested, as REST calls return with `format: 'mapped'`). Built on first
   * access.
   */
  readonly mapped: MappedEventBase;
}

/** `tracking_request.*`: the tracking request, and for `succeeded` / `tracking_stopped` its shipment and containers. */
export interface TrackingRequestWebhookEvent<
  N extends TrackingRequestEventName = TrackingRequestEventName,
> extends WebhookEventBase<N> {
  readonly family: 'tracking_request';
  readonly trackingRequest: WebhookRawTrackingRequest | undefined;
  readonly shipment: WebhookRawShipment | undefined;
  readonly containers: readonly WebhookRawContainer[];
  readonly mapped: MappedTrackingRequestRecords;
}

/** `container.transport.*`: the transport event, its container and shipment, and where it happened. */
export interface ContainerTransportWebhookEvent<
  N extends ContainerTransportEventName = ContainerTransportEventName,
> extends WebhookEventBase<N> {
  readonly family: 'container_transport';
  readonly transportEvent: WebhookRawTransportEvent | undefined;
  readonly container: WebhookRawContainer | undefined;
  readonly shipment: WebhookRawShipment | undefined;
  /** The port (or metro area) of the event. */
  readonly location: RawResource | undefined;
  /** The terminal (or rail terminal) of the event. */
  readonly terminal: RawResource | undefined;
  readonly mapped: MappedContainerTransportRecords;
}

/**
 * `container.created`, `container.updated`, `container.*.changed`: what
 * changed, the container, its shipment and terminal, whatever the type of
 * the reference object (followed through its relationships).
 */
export interface ContainerChangeWebhookEvent<
  N extends ContainerChangeEventName = ContainerChangeEventName,
> extends WebhookEventBase<N> {
  readonly family: 'container_change';
  /** The `container_updated_event` with its `changeset`, when the delivery carries one. */
  readonly containerUpdatedEvent: WebhookRawContainerUpdatedEvent | undefined;
  /** The transport event whose `value` holds the new value (last free day and appointment changes). */
  readonly transportEvent: WebhookRawTransportEvent | undefined;
  /** What changed, from the changeset or the transport event's `value`; empty when neither was sent. */
  readonly changes: readonly ContainerChange[];
  readonly container: WebhookRawContainer | undefined;
  readonly shipment: WebhookRawShipment | undefined;
  readonly terminal: WebhookRawTerminal | undefined;
  readonly mapped: MappedContainerChangeRecords;
}

/** `shipment.estimated.arrival`: the estimate, the shipment and the port. */
export interface ShipmentEstimateWebhookEvent<
  N extends ShipmentEstimateEventName = ShipmentEstimateEventName,
> extends WebhookEventBase<N> {
  readonly family: 'shipment_estimate';
  readonly estimatedEvent: WebhookRawEstimatedEvent | undefined;
  readonly shipment: WebhookRawShipment | undefined;
  readonly port: WebhookRawPort | undefined;
  readonly mapped: MappedShipmentEstimateRecords;
}

/**
 * An event whose name this SDK does not know (the service added one). It is
 * passed through, raw, rather than rejected; check `family === 'unknown'`.
 */
export interface UnknownWebhookEvent extends WebhookEventBase<string> {
  readonly family: 'unknown';
}

interface EventOfFamily<N extends WebhookEventName> {
  tracking_request: N extends TrackingRequestEventName ? TrackingRequestWebhookEvent<N> : never;
  container_transport: N extends ContainerTransportEventName
    ? ContainerTransportWebhookEvent<N>
    : never;
  container_change: N extends ContainerChangeEventName ? ContainerChangeWebhookEvent<N> : never;
  shipment_estimate: N extends ShipmentEstimateEventName ? ShipmentEstimateWebhookEvent<N> : never;
}

/** The typed event of one event name, e.g. `WebhookEventOf<'container.updated'>`. */
export type WebhookEventOf<N extends WebhookEventName> = EventOfFamily<N>[FamilyOf<N>];

/** Any event of a known name; `switch (event.name)` narrows it to the exact event. */
export type KnownWebhookEvent = { [N in WebhookEventName]: WebhookEventOf<N> }[WebhookEventName];

/**
 * What `constructEvent` returns: a known event, discriminated by `name`, or an
 * `UnknownWebhookEvent`. Narrow with `event.family !== 'unknown'` first, then
 * `switch (event.name)`.
 */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;
