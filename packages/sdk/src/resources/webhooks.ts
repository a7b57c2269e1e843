import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/transport.js';
import type { components } from '../generated/openapi.js';
import { asMapped, mapAll, shapeList } from '../internal/shape.js';
import { mapWebhookIps, mapWebhookTriggerResult } from '../mapped/plain.js';
import type {
  MappedWebhook,
  MappedWebhookEventCategory,
  MappedWebhookIps,
  MappedWebhookTriggerResult,
} from '../mapped/webhooks.js';
import {
  type CallOptions,
  JSON_API_BODY,
  JSON_BODY,
  type PageParams,
  pageQuery,
  Resource,
  requestOptions,
} from './shared.js';

type Schemas = components['schemas'];

/** A webhook resource as the service sends it. */
export type RawWebhook = Schemas['Webhook'];
/** `GET /webhooks/{id}` (and create, update) as received. */
export type RawWebhookDocument = Schemas['WebhookDocument'];
/** `GET /webhooks` as received. */
export type RawWebhookListDocument = Schemas['WebhookListDocument'];
/** `GET /webhooks/events` as received. */
export type RawWebhookEventCategoryListDocument = Schemas['WebhookEventCategoryListDocument'];
/** `POST /webhooks/trigger` as received. */
export type RawWebhookTriggerResult = Schemas['WebhookTriggerResult'];
/** `GET /webhooks/ips` as received. */
export type RawWebhookIps = Schemas['WebhookIps'];
/** Any event name a webhook can subscribe to (exported as `WebhookEventName` by the webhooks module). */
type WebhookEventName = Schemas['WebhookEventName'];
/** A header sent with every delivery. */
export type WebhookHeader = Schemas['WebhookHeader'];

/** What `webhooks.create` sends. */
export interface WebhookCreate {
  /** A public HTTPS address. */
  url: string;
  /** Events to deliver (at least one). */
  events: WebhookEventName[];
  /** Whether deliveries start at once (default true). */
  active?: boolean;
  /** Headers to send with every delivery. */
  headers?: WebhookHeader[];
}

/** What `webhooks.update` changes; members left out are not changed. */
export type WebhookUpdate = Partial<WebhookCreate>;

/** What `webhooks.trigger` sends. */
export interface WebhookTrigger {
  url: string;
  event: WebhookEventName;
  /** Key to sign the sample with (a throw-away key when absent). */
  secret?: string;
}

/** `client.webhooks`: subscriptions, test deliveries and the delivery IP list. */
export class Webhooks<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists the webhooks of the account (`GET /webhooks`). */
  list<F extends ResponseFormat = DF>(
    params: PageParams & CallOptions<F> = {},
  ): PagePromise<Formatted<F, RawWebhook, MappedWebhook>, RawWebhookListDocument> {
    const format = this.formatOf(params);
    return this.core.list(
      'listWebhooks',
      (init) => this.core.api.GET('/webhooks', { ...init, params: { query: pageQuery(params) } }),
      requestOptions(params),
      (document: RawWebhookListDocument) => shapeList(format, document, asMapped<MappedWebhook>),
    );
  }

  /** Subscribes an HTTPS endpoint (`POST /webhooks`); the answer holds the signing `secret`. */
  async create<F extends ResponseFormat = DF>(
    webhook: WebhookCreate,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawWebhookDocument, MappedWebhook>> {
    const attributes: Schemas['WebhookCreateRequest']['data']['attributes'] = {
      url: webhook.url,
      active: webhook.active ?? true,
      events: webhook.events,
    };
    if (webhook.headers !== undefined) attributes.headers = webhook.headers;
    return this.one<F, RawWebhookDocument, MappedWebhook>(
      'createWebhook',
      (init) =>
        this.core.api.POST('/webhooks', {
          ...init,
          headers: JSON_API_BODY,
          body: { data: { type: 'webhook', attributes } },
        }),
      options,
      asMapped<MappedWebhook>,
      false,
    );
  }

  /** Gets one webhook (`GET /webhooks/{id}`). */
  async get<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawWebhookDocument, MappedWebhook>> {
    return this.one<F, RawWebhookDocument, MappedWebhook>(
      'getWebhook',
      (init) => this.core.api.GET('/webhooks/{id}', { ...init, params: { path: { id } } }),
      options,
      asMapped<MappedWebhook>,
    );
  }

  /** Changes a webhook (`PATCH /webhooks/{id}`). */
  async update<F extends ResponseFormat = DF>(
    id: string,
    changes: WebhookUpdate,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawWebhookDocument, MappedWebhook>> {
    const attributes: Schemas['WebhookUpdateRequest']['data']['attributes'] = {};
    if (changes.url !== undefined) attributes.url = changes.url;
    if (changes.active !== undefined) attributes.active = changes.active;
    if (changes.events !== undefined) attributes.events = changes.events;
    if (changes.headers !== undefined) attributes.headers = changes.headers;
    return this.one<F, RawWebhookDocument, MappedWebhook>(
      'updateWebhook',
      (init) =>
        this.core.api.PATCH('/webhooks/{id}', {
          ...init,
          headers: JSON_API_BODY,
          params: { path: { id } },
          body: { data: { type: 'webhook', id, attributes } },
        }),
      options,
      asMapped<MappedWebhook>,
    );
  }

  /** Deletes a webhook (`DELETE /webhooks/{id}`); no further deliveries are made to it. */
  async delete(id: string, options: RequestOptions = {}): Promise<void> {
    await this.core.call<undefined>(
      'deleteWebhook',
      (init) => this.core.api.DELETE('/webhooks/{id}', { ...init, params: { path: { id } } }),
      { ...requestOptions(options), idempotent: false },
    );
  }

  /** The event names to subscribe to, by category (`GET /webhooks/events`). */
  events<F extends ResponseFormat = DF>(
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawWebhookEventCategoryListDocument, MappedWebhookEventCategory[]>> {
    return this.plain<F, RawWebhookEventCategoryListDocument, MappedWebhookEventCategory[]>(
      'listWebhookEvents',
      (init) => this.core.api.GET('/webhooks/events', { ...init }),
      options,
      (raw) => mapAll(raw, asMapped<MappedWebhookEventCategory>),
    );
  }

  /**
   * Sends a signed sample delivery of one event to a URL and reports how
   * the endpoint answered (`POST /webhooks/trigger`).
   */
  trigger<F extends ResponseFormat = DF>(
    trigger: WebhookTrigger,
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawWebhookTriggerResult, MappedWebhookTriggerResult>> {
    return this.plain<F, RawWebhookTriggerResult, MappedWebhookTriggerResult>(
      'triggerWebhook',
      (init) =>
        this.core.api.POST('/webhooks/trigger', { ...init, headers: JSON_BODY, body: trigger }),
      options,
      mapWebhookTriggerResult,
      false,
    );
  }

  /** The addresses deliveries come from (`GET /webhooks/ips`); cache it and refresh now and then. */
  async ips<F extends ResponseFormat = DF>(
    options: CallOptions<F> = {},
  ): Promise<Formatted<F, RawWebhookIps, MappedWebhookIps>> {
    return this.plain<F, RawWebhookIps, MappedWebhookIps>(
      'listWebhookIps',
      (init) => this.core.api.GET('/webhooks/ips', { ...init }),
      options,
      mapWebhookIps,
    );
  }
}
