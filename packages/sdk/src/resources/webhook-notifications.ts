import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type {
  ListWebhookNotificationsFilter,
  ListWebhookNotificationsParams,
} from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import { WebhookNotificationsBase } from '../generated/resources/webhook-notifications.js';
import { mapAll } from '../internal/shape.js';
import type { KnownWebhookEventName } from '../mapped/enums.js';
import type { MappedWebhookNotification } from '../mapped/webhooks.js';
import type { IncludeOf } from './shared.js';

/** What `include` accepts on webhook notifications. */
export type WebhookNotificationInclude = IncludeOf<'listWebhookNotifications'>;

/** Filters of `webhookNotifications.list`, sent as `filter[...]`; an unknown one is an error. */
export interface WebhookNotificationFilter extends ListWebhookNotificationsFilter {}

/** Parameters of `webhookNotifications.list`. */
export interface WebhookNotificationListParams<F extends ResponseFormat>
  extends ListWebhookNotificationsParams<F> {}

/** `client.webhookNotifications`: what was sent to your webhooks, and sample payloads. */
export class WebhookNotifications<DF extends ResponseFormat> extends WebhookNotificationsBase<DF> {
  /**
   * Sample notifications of one event, shaped like deliveries
   * (`GET /webhook_notifications/examples`).
   */
  examples<F extends ResponseFormat = DF>(
    event: KnownWebhookEventName,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<
    Formatted<F, raw.RawWebhookNotificationExamplesDocument, MappedWebhookNotification[]>
  > {
    return this.core.plain(
      'getWebhookNotificationExamples',
      { query: { event }, options, extra },
      // Safe: every item of this document is a webhook_notification.
      (raw) => mapAll(raw) as MappedWebhookNotification[],
    );
  }
}
