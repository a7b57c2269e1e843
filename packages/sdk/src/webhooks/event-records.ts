/**
 * What an event carries besides its raw records: what changed, and the
 * mapped records (`event.mapped`). Types only, so the raw event types, the
 * mapper and the change reader can all name them.
 */
import type { MappedResource } from '../mapped/common.js';
import type { MappedContainer } from '../mapped/container.js';
import type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedTransportEvent,
} from '../mapped/events.js';
import type { MappedPort, MappedTerminal } from '../mapped/places.js';
import type { MappedShipment } from '../mapped/shipment.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import type { MappedWebhookNotification } from '../mapped/webhooks.js';

/**
 * One attribute of a container that a change event changed, however the
 * service sent it: from a `container_updated_event`'s `changeset`, or from
 * a `transport_event` whose `value` holds the new value.
 */
export interface ContainerChange {
  /**
   * The attribute as a changeset names it (`pickup_lfd_terminal`,
   * `pickup_appointment_at`, ...); camelCased in the mapped form.
   */
  readonly field: string;
  /** The value before; absent when the service did not send it (a transport event's `value`). */
  readonly from?: unknown;
  /** The new value, as sent. */
  readonly to: unknown;
}

/** What every mapped event holds: the notification and the record it is about. */
export interface MappedEventBase {
  /** The notification (`data`), camelCased. */
  readonly notification: MappedWebhookNotification;
  /** The reference object, mapped by its type. */
  readonly referenceObject: MappedResource | undefined;
}

/** Mapped records of a `tracking_request.*` event. */
export interface MappedTrackingRequestRecords extends MappedEventBase {
  readonly trackingRequest: MappedTrackingRequest | undefined;
  readonly shipment: MappedShipment | undefined;
  readonly containers: readonly MappedContainer[];
}

/** Mapped records of a `container.transport.*` event. */
export interface MappedContainerTransportRecords extends MappedEventBase {
  readonly transportEvent: MappedTransportEvent | undefined;
  readonly container: MappedContainer | undefined;
  readonly shipment: MappedShipment | undefined;
  readonly location: MappedResource | undefined;
  readonly terminal: MappedResource | undefined;
}

/** Mapped records of a container change event. */
export interface MappedContainerChangeRecords extends MappedEventBase {
  readonly containerUpdatedEvent: MappedContainerUpdatedEvent | undefined;
  readonly transportEvent: MappedTransportEvent | undefined;
  /** What changed, with camelCased field names (`pickupLfdTerminal`). */
  readonly changes: readonly ContainerChange[];
  readonly container: MappedContainer | undefined;
  readonly shipment: MappedShipment | undefined;
  readonly terminal: MappedTerminal | undefined;
}

/** Mapped records of `shipment.estimated.arrival`. */
export interface MappedShipmentEstimateRecords extends MappedEventBase {
  readonly estimatedEvent: MappedEstimatedEvent | undefined;
  readonly shipment: MappedShipment | undefined;
  readonly port: MappedPort | undefined;
}
