import { SAMPLE_DELIVERIES } from '../generated/sample-deliveries.js';
import { WebhookConfigurationError } from './errors.js';
import { isWebhookEventName, type WebhookEventName } from './event-names.js';
import type { RawDeliveryNotification, RawWebhookDelivery } from './event-types.js';
import { SAMPLE_WORLD } from './sample-world.js';

/** Options of `createSampleWebhookPayload`. */
export interface SampleWebhookPayloadOptions {
  /** The notification id (`data.id`). Default: a fresh random UUID, as the service does per notification. */
  id?: string;
  /** `data.attributes.created_at`. Default: now. */
  createdAt?: string;
  /** The id of the webhook the delivery is for. Default: `SAMPLE_WORLD.ids.webhook`. */
  webhookId?: string;
}

/**
 * A realistic delivery body for an event, as the service sends it: the
 * `webhook_notification` in `data` (with its `webhook` and `reference_object`
 * relationships) and the related records in `included`, or no `included`
 * for the events the service delivers without it. It is the mock server's
 * sample of the event (`POST /v2/webhooks/trigger`), byte for byte, with
 * the id, time and webhook of `options`, and it validates against the
 * spec's webhook schemas. Each call returns a new object, yours to change.
 * For tests of your own handlers.
 *
 * @throws {WebhookConfigurationError} when `eventName` is not one of `WEBHOOK_EVENT_NAMES`.
 */
export function createSampleWebhookPayload(
  eventName: WebhookEventName,
  options: SampleWebhookPayloadOptions = {},
): RawWebhookDelivery {
  if (!isWebhookEventName(eventName)) {
    throw new WebhookConfigurationError(
      `${JSON.stringify(eventName)} is not a webhook event name this SDK knows, so it has no sample; WEBHOOK_EVENT_NAMES lists the names it has.`,
    );
  }
  const sample = SAMPLE_DELIVERIES[eventName];
  const id = options.id ?? crypto.randomUUID();
  const data: RawDeliveryNotification = {
    id,
    type: 'webhook_notification',
    attributes: {
      event: eventName,
      delivery_status: 'pending',
      created_at: options.createdAt ?? new Date().toISOString(),
    },
    relationships: {
      webhook: { data: { type: 'webhook', id: options.webhookId ?? SAMPLE_WORLD.ids.webhook } },
      reference_object: { data: { ...sample.reference } },
    },
    links: { self: `/v2/webhook_notifications/${id}` },
  };
  // As the service: some deliveries name their reference object but carry no `included`.
  return sample.included === undefined
    ? { data }
    : { data, included: structuredClone([...sample.included]) };
}
