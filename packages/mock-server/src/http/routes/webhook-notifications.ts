/**
 * The webhook notification endpoints: the account's notifications with their
 * delivery status, one notification, and sample notifications per event.
 */
import { Hono } from 'hono';
import type { ResourceObject, Serializer } from '../../engine/serialize/resource-object.js';
import { WebhookParameterError } from '../../engine/webhooks/errors.js';
import { isWebhookEventName } from '../../engine/webhooks/events.js';
import type { NotificationRecord } from '../../engine/webhooks/notification-store.js';
import { notificationResource, webhookResource } from '../../engine/webhooks/resources.js';
import { sampleDelivery } from '../../engine/webhooks/samples.js';
import type { WebhookSubsystem } from '../../engine/webhooks/subsystem.js';
import { readListWebhookNotificationsQuery } from '../../generated/queries.js';
import { definedOnly } from '../defined-only.js';
import { jsonApi, listDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { readListRequest } from '../list-answer.js';
import { parseInclude, queryOf } from '../query.js';

/** What the notification routes need from the engine. */
export interface WebhookNotificationRoutesEngine {
  readonly webhooks: WebhookSubsystem;
  readonly serializer: Serializer;
}

/**
 * The records `include` asks for: the webhook (while it exists) and the
 * reference object as it is now (or as it was delivered, once gone).
 */
function includedOf(
  engine: WebhookNotificationRoutesEngine,
  notifications: readonly NotificationRecord[],
  includes: readonly string[],
): ResourceObject[] {
  const included = new Map<string, ResourceObject>();
  const add = (resource: ResourceObject | undefined) => {
    if (resource) included.set(`${resource.type}:${resource.id}`, resource);
  };
  for (const notification of notifications) {
    if (includes.includes('webhook')) {
      const webhook = engine.webhooks.webhooks.find(notification.webhookId);
      add(webhook && webhookResource(webhook));
    }
    if (includes.includes('reference_object')) {
      const { type, id } = notification.reference;
      add(
        engine.serializer.serializeResource(type, id) ??
          notification.included.find((r) => r.type === type && r.id === id),
      );
    }
  }
  return [...included.values()];
}

/** The router of `/webhook_notifications...`. */
export function webhookNotificationRoutes(engine: WebhookNotificationRoutesEngine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { notifications } = engine.webhooks;

  app.get('/webhook_notifications', (c) => {
    const { params, page, includes } = readListRequest(c);
    const accountId = c.get('account').id;
    const filter = definedOnly(readListWebhookNotificationsQuery(params));
    const matches = notifications.list(accountId, filter);
    const document = listDocument(engine.serializer, {
      type: 'webhook_notification',
      ids: matches.map((notification) => notification.id),
      page,
      includes: [],
      requestUrl: c.req.url,
      serialize: (id) => notificationResource(notifications.get(accountId, id)),
    });
    if (includes.length === 0) return jsonApi(document);
    const start = (page.number - 1) * page.size;
    const shown = matches.slice(start, start + page.size);
    return jsonApi({ ...document, included: includedOf(engine, shown, includes) });
  });

  // Before `:id`, which would match it too.
  app.get('/webhook_notifications/examples', (c) => {
    const event = queryOf(c).get('event');
    if (event === null || event === '') {
      throw new WebhookParameterError(
        'event',
        'The event parameter is required: name the event to get examples of, e.g. ?event=container.transport.vessel_arrived.',
      );
    }
    const sample = isWebhookEventName(event) ? sampleDelivery(event) : undefined;
    if (sample === undefined) {
      throw new WebhookParameterError(
        'event',
        `"${event}" is not a known event name. GET /webhooks/events lists them.`,
      );
    }
    return jsonApi({ data: [sample.data], included: sample.included });
  });

  app.get('/webhook_notifications/:id', (c) => {
    const params = queryOf(c);
    const includes = parseInclude(c, params);
    const notification = notifications.get(c.get('account').id, c.req.param('id'));
    return jsonApi({
      data: notificationResource(notification),
      ...(includes.length > 0 ? { included: includedOf(engine, [notification], includes) } : {}),
      links: { self: c.req.url },
    });
  });

  return app;
}
