import { ResourceIndex, resolveResource } from '../jsonapi/resolve.js';
import type { ResolvedResource } from '../jsonapi/resolved.js';
import type { MappedResource } from '../mapped/common.js';
import type { MappedContainer } from '../mapped/container.js';
import type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedTransportEvent,
} from '../mapped/events.js';
import type { MappedPort, MappedTerminal } from '../mapped/places.js';
import { MAPPED } from '../mapped/shapes.js';
import type { MappedShipment } from '../mapped/shipment.js';
import type { MappedTrackingRequest } from '../mapped/tracking.js';
import type { MappedWebhookNotification } from '../mapped/webhooks.js';
import type { MappedEventBase } from './event-records.js';
import type { RawResource, RawWebhookDelivery } from './event-types.js';

/**
 * Maps the raw records of one delivery with the SDK's JSON:API resolver and
 * mapped models, the same ones REST responses use (camelCase, grouped
 * container facts, numeric coordinates, related records nested).
 */
export class DeliveryMapper {
  private readonly index: ResourceIndex;

  /** `included`: the delivery's resource objects (what is not one is left out before). */
  constructor(
    private readonly delivery: RawWebhookDelivery,
    included: readonly RawResource[],
  ) {
    this.index = new ResourceIndex({ data: delivery.data, included: [...included] });
  }

  /** The mapped model of a record; `undefined` in, `undefined` out. */
  private map(resource: RawResource | undefined): ResolvedResource | undefined {
    return resource === undefined ? undefined : resolveResource(resource, this.index, MAPPED);
  }

  /** The fields every mapped event has. */
  base(referenceObject: RawResource | undefined): MappedEventBase {
    return {
      // Safe: resolving a webhook_notification with the mapped shapes builds its model.
      notification: this.map(this.delivery.data) as MappedWebhookNotification,
      referenceObject: this.map(referenceObject),
    };
  }

  // Safe (each below): the caller passes a record of the named type, which the mapped shapes build into its model.
  readonly container = (resource: RawResource | undefined) =>
    this.map(resource) as MappedContainer | undefined;
  readonly shipment = (resource: RawResource | undefined) =>
    this.map(resource) as MappedShipment | undefined;
  readonly trackingRequest = (resource: RawResource | undefined) =>
    this.map(resource) as MappedTrackingRequest | undefined;
  readonly transportEvent = (resource: RawResource | undefined) =>
    this.map(resource) as MappedTransportEvent | undefined;
  readonly containerUpdatedEvent = (resource: RawResource | undefined) =>
    this.map(resource) as MappedContainerUpdatedEvent | undefined;
  readonly estimatedEvent = (resource: RawResource | undefined) =>
    this.map(resource) as MappedEstimatedEvent | undefined;
  readonly port = (resource: RawResource | undefined) =>
    this.map(resource) as MappedPort | undefined;
  readonly terminal = (resource: RawResource | undefined) =>
    this.map(resource) as MappedTerminal | undefined;
  readonly any = (resource: RawResource | undefined): MappedResource | undefined =>
    this.map(resource);
}
