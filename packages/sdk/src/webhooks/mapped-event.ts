import { ResourceIndex, resolveResource } from '../jsonapi/resolve.js';
import type { ResolvedResource } from '../jsonapi/resolved.js';
import type { MappedModelOf } from '../mapped/models.js';
import { MAPPED } from '../mapped/shapes.js';
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

  /** The mapped model of a record, by its `type` (any mapped resource when the type is open). */
  model<R extends RawResource>(resource: R | undefined): MappedModelOf<R['type']> | undefined {
    // Safe: resolving a record with the mapped shapes builds the model of its type.
    return this.map(resource) as MappedModelOf<R['type']> | undefined;
  }
}
