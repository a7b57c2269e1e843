import type { CallOptions } from '../core/api-client.js';
import { APIPromise } from '../core/api-promise.js';
import { optionalText, requireText } from '../core/arguments.js';
import { InvalidArgumentError, ShiptrackError } from '../core/errors.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { SpecSchema } from '../core/operation.js';
import type { RequestOptions } from '../core/transport.js';
import type * as raw from '../generated/raw-documents.js';
import { WebhooksBase } from '../generated/resources/webhooks.js';
import { formatted, mapAll, mapPrimary } from '../internal/shape.js';
import type { KnownWebhookEventName } from '../mapped/enums.js';
import { mapWebhookTriggerResult } from '../mapped/plain.js';
import type {
  MappedCreatedWebhook,
  MappedWebhook,
  MappedWebhookEventCategory,
  MappedWebhookTriggerResult,
} from '../mapped/webhooks.js';

/** `POST /webhooks` as received: the webhook with its signing `secret`. */
export interface RawCreatedWebhookDocument extends raw.RawWebhookDocument {
  data: raw.RawWebhookDocument['data'] & {
    attributes: raw.RawWebhookDocument['data']['attributes'] & { secret: string };
  };
}
/** A header the service sends with every delivery. */
export interface WebhookDeliveryHeader extends SpecSchema<'WebhookHeader'> {}

/** What `webhooks.create` sends. */
export interface WebhookCreate {
  /** A public HTTPS address. */
  url: string;
  /** Events to deliver (at least one). */
  events: KnownWebhookEventName[];
  /** Whether deliveries start at once (default true). */
  active?: boolean;
  /** Headers to send with every delivery. */
  headers?: WebhookDeliveryHeader[];
}

/** What `webhooks.update` changes; members left out are not changed. */
export type WebhookUpdate = Partial<WebhookCreate>;

/** What `webhooks.trigger` sends. */
export interface WebhookTrigger {
  url: string;
  event: KnownWebhookEventName;
  /** Key to sign the sample with (a throw-away key when absent). */
  secret?: string;
}

/** The events of a subscription: a non-empty list, checked before sending. */
function eventList(call: string, events: unknown): KnownWebhookEventName[] {
  if (Array.isArray(events) && events.length > 0) return events;
  throw new InvalidArgumentError(
    'events',
    `${call} needs \`events\`: at least one event name (see webhooks.events()). Nothing was sent.`,
  );
}

/** `client.webhooks`: subscriptions, test deliveries and the delivery IP list. */
export class Webhooks<DF extends ResponseFormat> extends WebhooksBase<DF> {
  /**
   * Subscribes an HTTPS endpoint (`POST /webhooks`). The answer always
   * holds the signing `secret` (store it to verify deliveries); an answer
   * without one is rejected with a `ShiptrackError` rather than typed as if
   * it had one.
   */
  create<F extends ResponseFormat = DF>(
    webhook: WebhookCreate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, RawCreatedWebhookDocument, MappedCreatedWebhook>> {
    const call = 'webhooks.create';
    const format = this.core.formatOf(options);
    const sent = this.core.send('createWebhook', {
      options,
      extra,
      idempotent: false,
      body: () => ({
        data: {
          type: 'webhook',
          attributes: {
            url: requireText(call, 'url', webhook?.url, 'a public HTTPS address'),
            active: webhook.active ?? true,
            events: eventList(call, webhook.events),
            headers: webhook.headers,
          },
        },
      }),
    });
    return new APIPromise(
      sent.then((result) => {
        const { data } = result.data;
        const { secret } = data.attributes;
        if (typeof secret !== 'string') {
          throw new ShiptrackError(
            `The service created webhook ${data.id} but sent no signing secret${result.requestId ? ` (request id ${result.requestId})` : ''}. Delete it and create it again, and report the response to the service provider.`,
          );
        }
        const document: RawCreatedWebhookDocument = {
          ...result.data,
          data: { ...data, attributes: { ...data.attributes, secret } },
        };
        // Safe: `formatted` returns the branch that Formatted<F, ...> selects for `format`.
        const shaped = formatted(format, document, mapPrimary) as Formatted<
          F,
          RawCreatedWebhookDocument,
          MappedCreatedWebhook
        >;
        return result.with(shaped);
      }),
    );
  }

  /** Changes a webhook (`PATCH /webhooks/{id}`); members left out are not changed. */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: WebhookUpdate,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawWebhookDocument, MappedWebhook>> {
    const call = 'webhooks.update';
    return this.core.one('updateWebhook', {
      path: { id },
      options,
      extra,
      body: () => {
        const { url, active, events, headers } = changes ?? {};
        return {
          data: {
            type: 'webhook',
            id: id.trim(),
            attributes: {
              url: optionalText(call, 'url', url, 'a public HTTPS address'),
              active,
              events: events === undefined ? undefined : eventList(call, events),
              headers,
            },
          },
        };
      },
    });
  }

  /** Deletes a webhook (`DELETE /webhooks/{id}`); no further deliveries are made to it. */
  delete(id: string, options: RequestOptions = {}, ...extra: never[]): APIPromise<void> {
    return new APIPromise(
      this.core
        .send('deleteWebhook', { path: { id }, options, extra, idempotent: false })
        .then((result) => result.with(undefined)),
    );
  }

  /** The event names to subscribe to, by category (`GET /webhooks/events`). */
  events<F extends ResponseFormat = DF>(
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<
    Formatted<F, raw.RawWebhookEventCategoryListDocument, MappedWebhookEventCategory[]>
  > {
    return this.core.plain(
      'listWebhookEvents',
      { options, extra },
      (raw) =>
        // Safe: every item of this document is a webhook_event_category.
        mapAll(raw) as MappedWebhookEventCategory[],
    );
  }

  /**
   * Sends a signed sample delivery of one event to a URL and reports how
   * the endpoint answered (`POST /webhooks/trigger`).
   */
  trigger<F extends ResponseFormat = DF>(
    trigger: WebhookTrigger,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawWebhookTriggerResult, MappedWebhookTriggerResult>> {
    return this.core.plain(
      'triggerWebhook',
      {
        options,
        extra,
        idempotent: false,
        body: () => ({
          url: requireText('webhooks.trigger', 'url', trigger?.url, 'a public HTTPS address'),
          event: trigger.event,
          secret: trigger.secret,
        }),
      },
      mapWebhookTriggerResult,
    );
  }
}
