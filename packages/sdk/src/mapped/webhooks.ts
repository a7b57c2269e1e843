import { z } from 'zod';
import { MappedResourceSchema, optionalText, relationId } from './common.js';
import { WebhookDeliveryStatusSchema } from './enums.js';

/** A header the service sends with every delivery of a webhook. */
export const WebhookHeaderSchema = z.object({ name: z.string(), value: z.string() });

/** An HTTPS endpoint subscribed to events; `secret` signs its deliveries. */
export const MappedWebhookSchema = z.looseObject({
  id: z.string(),
  type: z.literal('webhook'),
  url: z.string(),
  active: z.boolean(),
  events: z.array(z.string()),
  secret: z.string().optional(),
  headers: z.array(WebhookHeaderSchema).nullable().optional(),
  createdAt: z.string().optional(),
});

/** A mapped webhook. */
export type MappedWebhook = z.infer<typeof MappedWebhookSchema>;

/**
 * One notification about one event and whether it was delivered;
 * `referenceObject` is the record the event is about, when included.
 */
export const MappedWebhookNotificationSchema = z.looseObject({
  id: z.string(),
  type: z.literal('webhook_notification'),
  event: z.string(),
  deliveryStatus: WebhookDeliveryStatusSchema,
  createdAt: z.string(),
  webhookId: relationId(),
  webhook: MappedWebhookSchema.nullable().optional(),
  referenceObjectId: relationId(),
  referenceObject: MappedResourceSchema.nullable().optional(),
});

/** A mapped webhook notification. */
export type MappedWebhookNotification = z.infer<typeof MappedWebhookNotificationSchema>;

/** A group of related event names, each with a description. */
export const MappedWebhookEventCategorySchema = z.looseObject({
  id: z.string(),
  type: z.literal('webhook_event_category'),
  name: z.string(),
  events: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })),
});

/** A mapped webhook event category. */
export type MappedWebhookEventCategory = z.infer<typeof MappedWebhookEventCategorySchema>;

/** What happened when a sample delivery was sent (header names kept as sent). */
export const MappedWebhookTriggerResultSchema = z.looseObject({
  url: z.string(),
  succeeded: z.boolean(),
  error: optionalText(),
  statusCode: z.number().nullable().optional(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  responseHeaders: z.record(z.string(), z.string()).nullable().optional(),
  responseBody: optionalText(),
});

/** A mapped trigger result. */
export type MappedWebhookTriggerResult = z.infer<typeof MappedWebhookTriggerResultSchema>;

/** The addresses deliveries come from. */
export const MappedWebhookIpsSchema = z.looseObject({
  webhookNotificationIps: z.array(z.string()),
  lastUpdated: optionalText(),
});

/** A mapped webhook IP list. */
export type MappedWebhookIps = z.infer<typeof MappedWebhookIpsSchema>;

/** Confirmation that a container refresh was queued. */
export const MappedRefreshResultSchema = z.looseObject({ message: z.string() });

/** A mapped refresh confirmation. */
export type MappedRefreshResult = z.infer<typeof MappedRefreshResultSchema>;
