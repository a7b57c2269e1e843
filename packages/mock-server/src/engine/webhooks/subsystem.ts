/**
 * The webhook subsystem of the engine: its two stores and the dispatcher,
 * subscribed to the engine's event bus. The engine builds one and the HTTP
 * routes reach it through `engine.webhooks`.
 */

import type { Logger } from '../context.js';
import type { EngineEvent, ResourceRef } from '../events.js';
import type { ResourceObject } from '../serialize/resource-object.js';
import { toIso } from '../time.js';
import { logDeliveryAttempt } from './delivery-log.js';
import { WebhookDispatcher } from './dispatcher.js';
import { WebhookValidationError } from './errors.js';
import { NotificationStore } from './notification-store.js';
import { ReceiverGuards } from './receiver-guard.js';
import { type TriggerRequest, type TriggerResult, triggerSample } from './trigger.js';
import type { WebhookAttributesInput } from './webhook-input.js';
import { type WebhookRecord, WebhookStore } from './webhook-store.js';

/** An epoch-millisecond instant in the engine's wire format. */
function isoAt(ms: number): string {
  // toIso returns null only for a null input.
  return toIso(ms) ?? new Date(ms).toISOString();
}

/** What the subsystem needs from the engine. */
export interface WebhookSubsystemOptions {
  /** The engine's event bus. */
  readonly bus: { on(listener: (event: EngineEvent) => void): () => void };
  /** Serializes a record as it is now, or `undefined` when it does not exist. */
  readonly serialize: (ref: ResourceRef) => ResourceObject | undefined;
  /** The engine clock. */
  readonly clock: {
    now(): number;
    scheduleIn(delayMs: number, job: () => Promise<void>, label?: string): unknown;
  };
  /** The engine's in-flight registry, awaited by clock advances. */
  readonly pending: { track<T>(work: Promise<T>): Promise<T> };
  /** The engine's seeded id generator. */
  readonly newId: () => string;
  /** Time-out of one delivery attempt in wall-clock milliseconds (default 10 000). */
  readonly deliveryTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Where each delivery attempt is logged (origin only, never a secret). */
  readonly logger?: Logger;
}

/** Webhooks, notifications and the dispatcher, wired to the engine. */
export class WebhookSubsystem {
  readonly webhooks: WebhookStore;
  readonly notifications: NotificationStore;
  readonly dispatcher: WebhookDispatcher;
  /** Where deliveries must never go (the mock itself); adapters add to it. */
  readonly receiverGuards = new ReceiverGuards();
  readonly #unsubscribe: () => void;
  readonly #options: WebhookSubsystemOptions;

  constructor(options: WebhookSubsystemOptions) {
    const nowIso = () => isoAt(options.clock.now());
    const { logger } = options;
    this.#options = options;
    this.webhooks = new WebhookStore({ newId: options.newId, nowIso });
    this.notifications = new NotificationStore();
    this.dispatcher = new WebhookDispatcher({
      webhooks: this.webhooks,
      notifications: this.notifications,
      newId: options.newId,
      schedule: (delayMs, job) => {
        options.clock.scheduleIn(delayMs, job, 'webhook delivery retry');
      },
      track: (work) => {
        void options.pending.track(work);
      },
      refusal: (url) => this.receiverGuards.refusal(url),
      ...(options.deliveryTimeoutMs === undefined ? {} : { timeoutMs: options.deliveryTimeoutMs }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(logger === undefined
        ? {}
        : { onAttempt: (report) => logDeliveryAttempt(logger, report) }),
    });
    this.#unsubscribe = options.bus.on((event) => this.#onEvent(event));
  }

  /**
   * Throws a 422 {@link WebhookValidationError} on `pointer` when a guard
   * refuses deliveries to `url` (it points at the mock itself).
   */
  async assertReceiverAllowed(url: string, pointer: string): Promise<void> {
    const refusal = await this.receiverGuards.refusal(url);
    if (refusal !== undefined) {
      throw new WebhookValidationError([{ pointer, code: 'self_delivery', detail: refusal }]);
    }
  }

  /**
   * Applies an edit of a webhook (`PATCH /webhooks/{id}`). Deactivating it
   * abandons its pending notifications at once: they become `failed` and are
   * never attempted again.
   */
  updateWebhook(accountId: string, id: string, input: WebhookAttributesInput): WebhookRecord {
    const webhook = this.webhooks.update(accountId, id, input);
    if (!webhook.active) this.notifications.abandonPending(id);
    return webhook;
  }

  /** Deletes a webhook; its pending notifications become `failed` at once. */
  deleteWebhook(accountId: string, id: string): void {
    this.webhooks.delete(accountId, id);
    this.notifications.abandonPending(id);
  }

  /**
   * Sends the sample of an event to a URL (`POST /webhooks/trigger`) with the
   * delivery time-out and fetch of the subsystem; each call is a new
   * notification id from the engine's sequence. A URL that points at the
   * mock itself is a 422 on `/url`, checked now (names resolved now).
   */
  async trigger(request: TriggerRequest): Promise<TriggerResult> {
    await this.assertReceiverAllowed(request.url, '/url');
    const { deliveryTimeoutMs, fetch, newId } = this.#options;
    return triggerSample(request, {
      notificationId: newId(),
      ...(deliveryTimeoutMs === undefined ? {} : { timeoutMs: deliveryTimeoutMs }),
      ...(fetch === undefined ? {} : { fetch }),
    });
  }

  /** Records and delivers the notifications of one engine event. */
  #onEvent(event: EngineEvent): void {
    // Serializing costs something: skip it when nobody listens to this event.
    if (this.webhooks.subscribers(event.accountId, event.name).length === 0) return;
    const serialize = this.#options.serialize;
    const referenceObject = serialize(event.referenceObject);
    // A record deleted before its event was handled cannot be described: nothing to send.
    if (referenceObject === undefined) return;
    const included: ResourceObject[] = [referenceObject];
    for (const ref of event.included) {
      if (ref.type === referenceObject.type && ref.id === referenceObject.id) continue;
      const resource = serialize(ref);
      if (resource !== undefined) included.push(resource);
    }
    this.dispatcher.dispatch({
      name: event.name,
      accountId: event.accountId,
      at: isoAt(event.at),
      reference: event.referenceObject,
      included,
    });
  }

  /** Forgets every webhook and notification (control API reset). */
  reset(): void {
    this.webhooks.clear();
    this.notifications.clear();
  }

  /** Unsubscribes from the event bus. */
  dispose(): void {
    this.#unsubscribe();
  }
}
