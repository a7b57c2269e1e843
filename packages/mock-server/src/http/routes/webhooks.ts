/**
 * The webhook endpoints: CRUD of `/webhooks`, the event catalogue, the
 * trigger of sample deliveries and the source IP list; the notification
 * endpoints are mounted from `webhook-notifications.ts`. Authentication and
 * rate limiting run before these handlers (see `app.ts`).
 */
import { Hono } from 'hono';
import type { Serializer } from '../../engine/serialize/resource-object.js';
import type { SpecResource } from '../../engine/serialize/spec-resource.js';
import { WebhookValidationError } from '../../engine/webhooks/errors.js';
import { WEBHOOK_EVENT_CATEGORIES } from '../../engine/webhooks/events.js';
import { webhookResource } from '../../engine/webhooks/resources.js';
import { WEBHOOK_SOURCE_IPS } from '../../engine/webhooks/source-ips.js';
import type { WebhookSubsystem } from '../../engine/webhooks/subsystem.js';
import { parseTriggerRequest } from '../../engine/webhooks/trigger.js';
import { parseNewWebhook, parseWebhookChanges } from '../../engine/webhooks/webhook-input.js';
import { readJsonBody } from '../body.js';
import { jsonApi, plainJson } from '../documents.js';
import type { AppEnv } from '../env.js';
import { listAnswer } from '../list-answer.js';
import { parsePage, queryOf } from '../query.js';
import { type BodyCheck, resourceBody } from '../validation.js';
import { webhookNotificationRoutes } from './webhook-notifications.js';

const URL_POINTER = '/data/attributes/url';

/** What the webhook routes need from the engine. */
export interface WebhookRoutesEngine {
  readonly webhooks: WebhookSubsystem;
  readonly serializer: Serializer;
}

/**
 * Runs the attribute checks after the envelope's, so one 422 lists the
 * problems of both.
 */
function withEnvelopeIssues<T>(check: BodyCheck, parse: () => T): T {
  try {
    const value = parse();
    check.finish();
    return value;
  } catch (error) {
    if (!(error instanceof WebhookValidationError)) throw error;
    for (const issue of error.issues) check.add(issue.pointer, issue.code, issue.detail);
    check.finish();
    throw error;
  }
}

/** The body of `GET /webhooks/events`: every category with its events. */
function eventCategoriesDocument() {
  return {
    data: WEBHOOK_EVENT_CATEGORIES.map(
      (category): SpecResource<'WebhookEventCategory'> => ({
        id: category.key,
        type: 'webhook_event_category',
        attributes: {
          name: category.name,
          events: category.events.map(({ name, description }) => ({ name, description })),
        },
      }),
    ),
  };
}

/** The router of `/webhooks...` and `/webhook_notifications...`, mounted under `/v2`. */
export function webhookRoutes(engine: WebhookRoutesEngine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { webhooks } = engine.webhooks;

  app.get('/webhooks', (c) => {
    const params = queryOf(c);
    const accountId = c.get('account').id;
    const ids = webhooks
      .list(accountId)
      .map((webhook) => webhook.id)
      .reverse();
    return listAnswer(c, engine.serializer, {
      type: 'webhook',
      ids,
      page: parsePage(params),
      serialize: (id) => webhookResource(webhooks.get(accountId, id)),
    });
  });

  app.post('/webhooks', async (c) => {
    const { attributes, check } = resourceBody(
      await readJsonBody(c, { required: true }),
      'webhook',
      {
        attributesRequired: true,
      },
    );
    const input = withEnvelopeIssues(check, () => parseNewWebhook(attributes));
    await engine.webhooks.assertReceiverAllowed(input.url, URL_POINTER);
    const webhook = webhooks.create(c.get('account').id, input);
    return jsonApi({ data: webhookResource(webhook) }, 201);
  });

  // Fixed paths first: hono tries handlers in registration order, and `:id` would match them.
  app.get('/webhooks/events', () => jsonApi(eventCategoriesDocument()));

  app.get('/webhooks/ips', () => plainJson(WEBHOOK_SOURCE_IPS));

  app.post('/webhooks/trigger', async (c) => {
    const request = parseTriggerRequest(await readJsonBody(c, { required: true }));
    return plainJson(await engine.webhooks.trigger(request));
  });

  app.get('/webhooks/:id', (c) => {
    const webhook = webhooks.get(c.get('account').id, c.req.param('id'));
    return jsonApi({ data: webhookResource(webhook), links: { self: c.req.url } });
  });

  app.patch('/webhooks/:id', async (c) => {
    const accountId = c.get('account').id;
    const id = c.req.param('id');
    webhooks.get(accountId, id);
    const body = resourceBody(await readJsonBody(c, { required: true }), 'webhook', {
      attributesRequired: true,
      urlId: id,
    });
    const input = withEnvelopeIssues(body.check, () => parseWebhookChanges(body.attributes));
    if (input.url !== undefined) {
      await engine.webhooks.assertReceiverAllowed(input.url, URL_POINTER);
    }
    return jsonApi({
      data: webhookResource(engine.webhooks.updateWebhook(accountId, id, input)),
    });
  });

  app.delete('/webhooks/:id', (c) => {
    engine.webhooks.deleteWebhook(c.get('account').id, c.req.param('id'));
    return new Response(null, { status: 204 });
  });

  app.route('/', webhookNotificationRoutes(engine));
  return app;
}
