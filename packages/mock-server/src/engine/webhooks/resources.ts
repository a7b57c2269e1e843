/**
 * JSON:API resource objects of the webhook subsystem: `webhook` and
 * `webhook_notification`, as both the REST endpoints and deliveries send them.
 */
import { DELIVERED_WITHOUT_INCLUDED } from '../event-included.js';
import { type ResourceObject, toOne } from '../serialize/resource-object.js';
import type { SpecResource } from '../serialize/spec-resource.js';
import type { NotificationRecord } from './notification-store.js';
import type { WebhookRecord } from './webhook-store.js';

/**
 * The `webhook` resource. Like the service, it shows the secret to the
 * account that owns the webhook, so the receiver can be configured from it.
 */
export function webhookResource(webhook: WebhookRecord): SpecResource<'Webhook'> {
  return {
    id: webhook.id,
    type: 'webhook',
    attributes: {
      url: webhook.url,
      active: webhook.active,
      events: [...webhook.events],
      secret: webhook.secret,
      headers: webhook.headers.map((header) => ({ name: header.name, value: header.value })),
      created_at: webhook.createdAt,
    },
    links: { self: `/v2/webhooks/${webhook.id}` },
  };
}

/** The `webhook_notification` resource with its `webhook` and `reference_object` relationships. */
export function notificationResource(
  notification: Pick<
    NotificationRecord,
    'id' | 'event' | 'deliveryStatus' | 'createdAt' | 'webhookId' | 'reference'
  >,
): SpecResource<'WebhookNotification'> {
  return {
    id: notification.id,
    type: 'webhook_notification',
    attributes: {
      event: notification.event,
      delivery_status: notification.deliveryStatus,
      created_at: notification.createdAt,
    },
    relationships: {
      webhook: toOne('webhook', notification.webhookId),
      reference_object: { data: { ...notification.reference } },
    },
    links: { self: `/v2/webhook_notifications/${notification.id}` },
  };
}

/**
 * The body of a delivery: the notification and the resources it refers to;
 * no `included` for the events the service sends without it.
 */
export interface DeliveryEnvelope {
  readonly data: ResourceObject;
  readonly included?: readonly ResourceObject[];
}

/** The delivery body of an event: `included` left out where the service leaves it out. */
export function deliveryEnvelope(
  data: ResourceObject,
  included: readonly ResourceObject[],
): DeliveryEnvelope {
  const event = data.attributes?.event;
  return typeof event === 'string' && DELIVERED_WITHOUT_INCLUDED.has(event)
    ? { data }
    : { data, included };
}

/** The resources of a delivery's `included`, each once, in their first order. */
export function uniqueResources(resources: readonly ResourceObject[]): ResourceObject[] {
  const seen = new Set<string>();
  return resources.filter((resource) => {
    const key = `${resource.type}:${resource.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
