/** Webhooks, their notifications and event catalogue, test deliveries, IPs and refresh answers. */
import type {
  WebhookNotificationSentMembers,
  WebhookSentMembers,
} from '../generated/mapped-members.js';
import type { MappedResource, MappedResourceBase } from './common.js';
import type { KnownWebhookEventName, OpenEnum, WebhookDeliveryStatus } from './enums.js';

/** A header the service sends with every delivery of a webhook. */
export interface WebhookHeader {
  name?: string;
  value?: string;
  [member: string]: unknown;
}

/** An HTTPS endpoint subscribed to events; `secret` signs its deliveries. */
export interface MappedWebhook extends MappedResourceBase, WebhookSentMembers {
  type: 'webhook';
  url: string | null;
  active: boolean | null;
  /** The subscribed event names; one the SDK does not know yet is kept as sent. */
  events: OpenEnum<KnownWebhookEventName>[] | null;
  headers?: WebhookHeader[] | null;
}

/** A webhook as `webhooks.create` returns it: the signing `secret` is always there. */
export interface MappedCreatedWebhook extends MappedWebhook {
  /** The key of the delivery signatures; store it to verify deliveries. */
  secret: string;
}

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

/** The addresses deliveries come from. */
export interface MappedWebhookIps {
  webhookNotificationIps: string[] | null;
  lastUpdated?: string | null;
  [member: string]: unknown;
}

/** Confirmation that a container refresh was queued. */
export interface MappedRefreshResult {
  message: string | null;
  [member: string]: unknown;
}
