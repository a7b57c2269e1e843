import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { components } from '../generated/openapi.js';
import { asMapped, mapAll, shapeList } from '../internal/shape.js';
import type { MappedWebhookNotification } from '../mapped/webhooks.js';
import {
  type CallOptions,
  type IncludeOf,
  type PageParams,
  pageQuery,
  type QueryOf,
  Resource,
  requestOptions,
} from './shared.js';

type Schemas = components['schemas'];
type WebhookEventName = Schemas['WebhookEventName'];

/** A webhook notification resource as the service sends it. */
export type RawWebhookNotificationResource = Schemas['WebhookNotification'];
/** `GET /webhook_notifications/{id}` as received. */
export type RawWebhookNotificationDocument = Schemas['WebhookNotificationDocument'];
/** `GET /webhook_notifications` as received. */
export type RawWebhookNotificationListDocument = Schemas['WebhookNotificationListDocument'];
/** `GET /webhook_notifications/examples` as received. */
export type RawWebhookNotificationExamplesDocument = Schemas['WebhookNotificationExamplesDocument'];

/** What `include` accepts on webhook notifications. */
export type WebhookNotificationInclude = IncludeOf<'listWebhookNotifications'>;

/** Filters of `webhookNotifications.list`, sent as `filter[...]`. */
export interface WebhookNotificationFilter {
  event?: WebhookEventName;
  deliveryStatus?: QueryOf<'listWebhookNotifications'>['filter[delivery_status]'];
}

/** Parameters of `webhookNotifications.list`. */
export interface WebhookNotificationListParams<F extends ResponseFormat>
  extends PageParams,
    CallOptions<F> {
  include?: WebhookNotificationInclude[];
  filter?: WebhookNotificationFilter;
}

/** `client.webhookNotifications`: what was sent to your webhooks, and sample payloads. */
export class WebhookNotifications<DF extends ResponseFormat> extends Resource<DF> {
  /**
   * Lists recent notifications, newest first (`GET /webhook_notifications`).
   * Those with `deliveryStatus` `failed` were missed: re-read the records they name.
   */
  list<F extends ResponseFormat = DF>(
    params: WebhookNotificationListParams<F> = {},
  ): PagePromise<
    Formatted<F, RawWebhookNotificationResource, MappedWebhookNotification>,
    RawWebhookNotificationListDocument
  > {
    const format = this.formatOf(params);
    const { filter = {} } = params;
    return this.core.list(
      'listWebhookNotifications',
      (init) =>
        this.core.api.GET('/webhook_notifications', {
          ...init,
          params: {
            query: {
              ...pageQuery(params),
              include: params.include,
              'filter[event]': filter.event,
              'filter[delivery_status]': filter.deliveryStatus,
            },
          },
        }),
      requestOptions(params),
      (document: RawWebhookNotificationListDocument) =>
        shapeList(format, document, asMapped<MappedWebhookNotification>),
    );
  }

  /** Gets one notification (`GET /webhook_notifications/{id}`). */
  async get<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> & { include?: WebhookNotificationInclude[] } = {},
  ): Promise<Formatted<F, RawWebhookNotificationDocument, MappedWebhookNotification>> {
    return this.one<F, RawWebhookNotificationDocument, MappedWebhookNotification>(
      'getWebhookNotification',
      (init) =>
        this.core.api.GET('/webhook_notifications/{id}', {
          ...init,
          params: { path: { id }, query: { include: options.include } },
        }),
      options,
      asMapped<MappedWebhookNotification>,
    );
  }

  /**
   * Sample notifications of one event, shaped like deliveries
   * (`GET /webhook_notifications/examples`).
   */
  async examples<F extends ResponseFormat = DF>(
    event: WebhookEventName,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawWebhookNotificationExamplesDocument, MappedWebhookNotification[]>> {
    return this.plain<F, RawWebhookNotificationExamplesDocument, MappedWebhookNotification[]>(
      'getWebhookNotificationExamples',
      (init) =>
        this.core.api.GET('/webhook_notifications/examples', {
          ...init,
          params: { query: { event } },
        }),
      options,
      (raw) => mapAll(raw, asMapped<MappedWebhookNotification>),
    );
  }
}
