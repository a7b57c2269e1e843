/** Schemas of webhooks, their notifications, event catalogue, test deliveries, IPs and refresh answers (`../webhooks.ts`). */
import * as z from 'zod';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
  WEBHOOK_DELIVERY_STATUS_VALUES,
} from '../../generated/enums.js';
import { webhookNotificationSentShape, webhookSentShape } from '../../generated/mapped-shapes.js';
import type {
  MappedCreatedWebhook,
  MappedRefreshResult,
  MappedWebhook,
  MappedWebhookEventCategory,
  MappedWebhookIps,
  MappedWebhookNotification,
  MappedWebhookTriggerResult,
  WebhookHeader,
} from '../webhooks.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  MappedResourceSchema,
  openEnum,
  resourceSchema,
  sent,
  sentText,
} from './common.js';

const webhookEventName = () =>
  openEnum([
    ...TRACKING_REQUEST_EVENT_NAME_VALUES,
    ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
    ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
    ...SHIPMENT_EVENT_NAME_VALUES,
  ]);

/** Schema of {@link WebhookHeader}. */
export const WebhookHeaderSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    name: z.string().optional(),
    value: z.string().optional(),
  }),
);

/** Schema of {@link MappedWebhook}. */
export const MappedWebhookSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('webhook', {
    url: built(z.string()),
    active: built(z.boolean()),
    events: built(z.array(webhookEventName())),
    ...webhookSentShape,
    headers: sent(z.array(WebhookHeaderSchema)),
  }),
);

/** Schema of {@link MappedCreatedWebhook}. */
export const MappedCreatedWebhookSchema = /* @__PURE__ */ declareSchema(() =>
  MappedWebhookSchema.extend({ secret: z.string() }),
);

/** Schema of {@link MappedWebhookNotification}. */
export const MappedWebhookNotificationSchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('webhook_notification', {
    event: built(webhookEventName()),
    deliveryStatus: built(openEnum(WEBHOOK_DELIVERY_STATUS_VALUES)),
    createdAt: built(z.string()),
    ...webhookNotificationSentShape,
    webhook: MappedWebhookSchema.nullable().optional(),
    referenceObject: MappedResourceSchema.nullable().optional(),
  }),
);

/** Schema of {@link MappedWebhookEventCategory}. */
export const MappedWebhookEventCategorySchema = /* @__PURE__ */ declareSchema(() =>
  resourceSchema('webhook_event_category', {
    name: built(z.string()),
    events: built(
      z.array(z.looseObject({ name: built(webhookEventName()), description: sentText() })),
    ),
  }),
);

/** Schema of {@link MappedWebhookTriggerResult}. */
export const MappedWebhookTriggerResultSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    url: built(z.string()),
    succeeded: built(z.boolean()),
    error: sentText(),
    statusCode: sent(z.number()),
    requestHeaders: built(z.record(z.string(), z.string())),
    requestBody: built(z.string()),
    responseHeaders: sent(z.record(z.string(), z.string())),
    responseBody: sentText(),
  }),
);

/** Schema of {@link MappedWebhookIps}. */
export const MappedWebhookIpsSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    webhookNotificationIps: built(z.array(z.string())),
    lastUpdated: sentText(),
  }),
);

/** Schema of {@link MappedRefreshResult}. */
export const MappedRefreshResultSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ message: built(z.string()) }),
);

type _WebhooksAgree = Assert<
  | Agrees<WebhookHeader, typeof WebhookHeaderSchema>
  | Agrees<MappedWebhook, typeof MappedWebhookSchema>
  | Agrees<MappedCreatedWebhook, typeof MappedCreatedWebhookSchema>
  | Agrees<MappedWebhookNotification, typeof MappedWebhookNotificationSchema>
  | Agrees<MappedWebhookEventCategory, typeof MappedWebhookEventCategorySchema>
  | Agrees<MappedWebhookTriggerResult, typeof MappedWebhookTriggerResultSchema>
  | Agrees<MappedWebhookIps, typeof MappedWebhookIpsSchema>
  | Agrees<MappedRefreshResult, typeof MappedRefreshResultSchema>
>;
