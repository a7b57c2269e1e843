import { ResourceIndex, resolveResource } from '../jsonapi/resolve.js';
import type { MappedContainer, MappedShipment } from '../mapped/cargo.js';
import type { MappedResource } from '../mapped/common.js';
import type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedTransportEvent,
} from '../mapped/events.js';
import {
  mapContainer,
  mapContainerUpdatedEvent,
  mapEstimatedEvent,
  mapPort,
  mapResource,
  mapShipment,
  mapTerminal,
  mapTrackingRequest,
  mapTransportEvent,
  mapWebhookNotification,
} from '../mapped/map.js';
import type { MappedPort, MappedTerminal } from '../mapped/places.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import type { MappedWebhookNotification } from '../mapped/webhooks.js';
import type { RawResource, RawWebhookDelivery } from './event-types.js';

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

/**
 * Maps the raw records of one delivery with the SDK's JSON:API resolver and
 * mapped models, the same ones REST responses use (camelCase, grouped
 * container facts, numeric coordinates, related records nested).
 */
export class DeliveryMapper {
  private readonly index: ResourceIndex;

  constructor(private readonly delivery: RawWebhookDelivery) {
    this.index = new ResourceIndex({ data: delivery.data, included: delivery.included ?? [] });
  }

  /** Maps one raw record with `map`, `undefined` in, `undefined` out. */
  one<M>(
    resource: RawResource | undefined,
    map: (node: ReturnType<typeof resolveResource>) => M,
  ): M | undefined {
    return resource === undefined ? undefined : map(resolveResource(resource, this.index));
  }

  /** The fields every mapped event has. */
  base(referenceObject: RawResource | undefined): MappedEventBase {
    return {
      notification: mapWebhookNotification(resolveResource(this.delivery.data, this.index)),
      referenceObject: this.one(referenceObject, mapResource),
    };
  }

  readonly container = (resource: RawResource | undefined) => this.one(resource, mapContainer);
  readonly shipment = (resource: RawResource | undefined) => this.one(resource, mapShipment);
  readonly trackingRequest = (resource: RawResource | undefined) =>
    this.one(resource, mapTrackingRequest);
  readonly transportEvent = (resource: RawResource | undefined) =>
    this.one(resource, mapTransportEvent);
  readonly containerUpdatedEvent = (resource: RawResource | undefined) =>
    this.one(resource, mapContainerUpdatedEvent);
  readonly estimatedEvent = (resource: RawResource | undefined) =>
    this.one(resource, mapEstimatedEvent);
  readonly port = (resource: RawResource | undefined) => this.one(resource, mapPort);
  readonly terminal = (resource: RawResource | undefined) => this.one(resource, mapTerminal);
  readonly any = (resource: RawResource | undefined) => this.one(resource, mapResource);
}
