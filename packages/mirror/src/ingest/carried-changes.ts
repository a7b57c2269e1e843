import type { ContainerChange, WebhookEvent } from '@shiptrack/sdk/webhooks';
import { isObject } from './envelope.js';

/**
 * Why a record waits in `refetch_queue`: deliveries of one instant that tie
 * (queued by `mirror_apply`), a delivery without `included`, or a change
 * carried for a container the delivery did not include.
 */
export type RefetchReason = 'tie' | 'no_included' | 'change_without_record';

/** A record a delivery asks the next sync to read from REST: a row of `refetch_queue`. */
export interface RefetchRequest {
  /** `container`, `shipment`, `tracking_request`, or `webhook_notification` (resolved by the sync). */
  readonly entity_type: string;
  readonly entity_id: string;
  readonly reason: Exclude<RefetchReason, 'tie'>;
  /** The delivery's version time: the read is needed while the mirror holds nothing newer. */
  readonly since: string;
}

/** What to store of a delivery: its resources (changes applied) and the reads it leaves to the sync. */
export interface DeliveryPlan {
  readonly resources: unknown[];
  readonly refetches: RefetchRequest[];
}

/** The types a sync reads by id; any other reference object is resolved through its notification. */
const READABLE = new Set(['container', 'shipment', 'tracking_request']);

/** The last free days the service models per party, under the container's `import_deadlines`. */
const DEADLINES = new Set(['pickup_lfd_line', 'pickup_lfd_terminal', 'pickup_lfd_rail']);

type Json = Record<string, unknown>;

/** Container attributes a transport event's `value` may set directly. */
const ATTRIBUTES = new Set(['pickup_lfd', 'pickup_appointment_at']);

/** The container attributes with one change applied; a field the mirror does not know is left out. */
function withChange(attributes: Json, change: ContainerChange): Json {
  if (DEADLINES.has(change.field)) {
    const deadlines = isObject(attributes.import_deadlines) ? attributes.import_deadlines : {};
    return { ...attributes, import_deadlines: { ...deadlines, [change.field]: change.to } };
  }
  return ATTRIBUTES.has(change.field) ? { ...attributes, [change.field]: change.to } : attributes;
}

function relatedId(relationships: unknown, name: string): string | undefined {
  const data = isObject(relationships) ? relationships[name] : undefined;
  const identifier = isObject(data) ? data.data : undefined;
  return isObject(identifier) && typeof identifier.id === 'string' ? identifier.id : undefined;
}

/** What the sync should read for a delivery that did not include its reference object. */
function referenceRefetch(event: WebhookEvent, since: string): RefetchRequest[] {
  const { referenceObjectType: type, referenceObjectId: id } = event;
  if (type === undefined || id === undefined) return [];
  const reason = 'no_included';
  return READABLE.has(type)
    ? [{ entity_type: type, entity_id: id, reason, since }]
    : [{ entity_type: 'webhook_notification', entity_id: event.id, reason, since }];
}

/**
 * How a delivery is stored. A delivery without `included` schedules a read
 * of its reference object (a container, shipment or tracking request by
 * id; any other type through its notification, with
 * `include=reference_object`). A change carried by a transport event's
 * `value` (last free days, appointment) is applied to the container the
 * delivery includes, as a new version at the notification's time; when the
 * container is not included, the record the transport event names (its
 * container, else its shipment, else the notification) is queued instead.
 * A queued read is needed only while the mirror holds nothing newer than
 * `since`, the delivery's version time.
 */
export function planDelivery(
  event: WebhookEvent,
  resources: unknown[],
  since: string,
): DeliveryPlan {
  if (resources.length === 0) return { resources, refetches: referenceRefetch(event, since) };
  if (
    event.family !== 'container_change' ||
    event.containerUpdatedEvent !== undefined ||
    event.transportEvent === undefined ||
    event.changes.length === 0
  ) {
    return { resources, refetches: [] };
  }
  const { container, changes, transportEvent } = event;
  if (container !== undefined) {
    const attributes = changes.reduce(withChange, container.attributes);
    const patched = resources.map((resource) =>
      isObject(resource) && resource.type === 'container' && resource.id === container.id
        ? { ...resource, attributes }
        : resource,
    );
    return { resources: patched, refetches: [] };
  }
  const reason = 'change_without_record';
  const containerId = relatedId(transportEvent.relationships, 'container');
  if (containerId !== undefined) {
    return {
      resources,
      refetches: [{ entity_type: 'container', entity_id: containerId, reason, since }],
    };
  }
  const shipmentId = relatedId(transportEvent.relationships, 'shipment');
  return {
    resources,
    refetches: [
      shipmentId === undefined
        ? { entity_type: 'webhook_notification', entity_id: event.id, reason, since }
        : { entity_type: 'shipment', entity_id: shipmentId, reason, since },
    ],
  };
}
