/** Webhooks, their notifications and event catalogue, test deliveries, IPs and refresh answers. */
import * as z from 'zod';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
  WEBHOOK_DELIVERY_STATUS_VALUES,
} from '../generated/enums.js';
import type {
  WebhookNotificationSentMembers,
  WebhookSentMembers,
} from '../generated/mapped-members.js';
import { webhookNotificationSentShape, webhookSentShape } from '../generated/mapped-shapes.js';
import {
  type Agrees,
  type Assert,
  built,
  declareSchema,
  type MappedResource,
  type MappedResourceBase,
  MappedResourceSchema,
  openEnum,
  resourceMembers,
  sent,
  sentText,
} from './common.js';
import type { KnownWebhookEventName, OpenEnum, WebhookDeliveryStatus } from './enums.js';

const webhookEventName = () =>
  openEnum([
    ...TRACKING_REQUEST_EVENT_NAME_VALUES,
    ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
    ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
    ...SHIPMENT_EVENT_NAME_VALUES,
  ]);

/** A header the service sends with every delivery of a webhook. */
export interface WebhookHeader {
  name?: string;
  value?: string;
  [member: string]: unknown;
}

/** Schema of {@link WebhookHeader}. */
export const WebhookHeaderSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    name: z.string().optional(),
    value: z.string().optional(),
  }),
);

/** An HTTPS endpoint subscribed to events; `secret` signs its deliveries. */
export interface MappedWebhook extends MappedResourceBase, WebhookSentMembers {
  type: 'webhook';
  url: string | null;
  active: boolean | null;
  /** The subscribed event names; one the SDK does not know yet is kept as sent. */
  events: OpenEnum<KnownWebhookEventName>[] | null;
  headers?: WebhookHeader[] | null;
}

/** Schema of {@link MappedWebhook}. */
export const MappedWebhookSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('webhook'),
    url: built(z.string()),
    active: built(z.boolean()),
    events: built(z.array(webhookEventName())),
    ...webhookSentShape,
    headers: sent(z.array(WebhookHeaderSchema)),
  }),
);

/** A webhook as `webhooks.create` returns it: the signing `secret` is always there. */
export interface MappedCreatedWebhook extends MappedWebhook {
  /** The key of the delivery signatures; store it to verify deliveries. */
  secret: string;
}

/** Schema of {@link MappedCreatedWebhook}. */
export const MappedCreatedWebhookSchema = /* @__PURE__ */ declareSchema(() =>
  MappedWebhookSchema.extend({ secret: z.string() }),
);

/** One notification about one event, and whether it was delivered. */
export interface MappedWebhookNotification
  extends MappedResourceBase,
    WebhookNotificationSentMembers {
  type: 'webhook_notification';
  event: OpenEnum<KnownWebhookEventName> | null;
  deliveryStatus: OpenEnum<WebhookDeliveryStatus> | null;
  createdAt: string | null;
  webhook?: MappedWebhook | null;
  /** The record the event is about, mapped by its own type, when included. */
  referenceObject?: MappedResource | null;
}

/** Schema of {@link MappedWebhookNotification}. */
export const MappedWebhookNotificationSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('webhook_notification'),
    event: built(webhookEventName()),
    deliveryStatus: built(openEnum(WEBHOOK_DELIVERY_STATUS_VALUES)),
    createdAt: built(z.string()),
    ...webhookNotificationSentShape,
    webhook: MappedWebhookSchema.nullable().optional(),
    referenceObject: MappedResourceSchema.nullable().optional(),
  }),
);

/** An event name of the catalogue, with its description. */
export interface WebhookEventDescription {
  name: OpenEnum<KnownWebhookEventName> | null;
  description?: string | null;
  [member: string]: unknown;
}

/** A group of related event names. */
export interface MappedWebhookEventCategory extends MappedResourceBase {
  type: 'webhook_event_category';
  name: string | null;
  events: WebhookEventDescription[] | null;
}

/** Schema of {@link MappedWebhookEventCategory}. */
export const MappedWebhookEventCategorySchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    ...resourceMembers,
    type: z.literal('webhook_event_category'),
    name: built(z.string()),
    events: built(
      z.array(z.looseObject({ name: built(webhookEventName()), description: sentText() })),
    ),
  }),
);

/** What happened when a sample delivery was sent (header names kept exactly as sent). */
export interface MappedWebhookTriggerResult {
  url: string | null;
  /** Whether the endpoint answered 200, 201, 202 or 204. */
  succeeded: boolean | null;
  error?: string | null;
  statusCode?: number | null;
  requestHeaders: Record<string, string> | null;
  /** The exact body that was sent and signed. */
  requestBody: string | null;
  responseHeaders?: Record<string, string> | null;
  responseBody?: string | null;
  [member: string]: unknown;
}

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

/** The addresses deliveries come from. */
export interface MappedWebhookIps {
  webhookNotificationIps: string[] | null;
  lastUpdated?: string | null;
  [member: string]: unknown;
}

/** Schema of {@link MappedWebhookIps}. */
export const MappedWebhookIpsSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    webhookNotificationIps: built(z.array(z.string())),
    lastUpdated: sentText(),
  }),
);

/** Confirmation that a container refresh was queued. */
export interface MappedRefreshResult {
  message: string | null;
  [member: string]: unknown;
}

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
