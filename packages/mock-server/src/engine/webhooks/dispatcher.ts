/**
 * The webhook dispatcher: turns an engine event into one notification per
 * subscribed webhook, delivers each, and retries failures on the engine's
 * clock until the retry budget is spent.
 *
 * Ordering: each webhook has one delivery queue, so attempts to the same
 * receiver never overlap and first attempts go out in event order. A retry
 * joins the back of the queue when its time comes on the clock, so it may
 * arrive after later notifications; receivers deduplicate on `data.id`.
 */

import type { ResourceRef } from '../events.js';
import type { ResourceObject } from '../serialize/resource-object.js';
import { retryDelayMs } from './backoff.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, type DeliveryOutcome, deliver } from './delivery.js';
import type { NotificationRecord, NotificationStore } from './notification-store.js';
import { deliveryEnvelope, notificationResource, uniqueResources } from './resources.js';
import type { WebhookStore } from './webhook-store.js';

/** An engine event, with its resources already serialized as they are now. */
export interface DispatchableEvent {
  /** Event name of the catalogue, e.g. `container.transport.vessel_departed`. */
  readonly name: string;
  readonly accountId: string;
  /** When it happened (ISO 8601); becomes the notification's `created_at`. */
  readonly at: string;
  /** The record the notification's `reference_object` points at. */
  readonly reference: ResourceRef;
  /** What a delivery carries in `included`, the reference object first. */
  readonly included: readonly ResourceObject[];
}

/** What one delivery attempt ended in, for observers (logs, tests). Holds no secret. */
export interface DeliveryReport {
  readonly notificationId: string;
  readonly event: string;
  readonly url: string;
  /** 1 for the first attempt, 2 for the first retry, ... */
  readonly attempt: number;
  readonly outcome: DeliveryOutcome;
  readonly deliveryStatus: NotificationRecord['deliveryStatus'];
  /** Clock time until the next attempt, when one is scheduled. */
  readonly retryInMs?: number;
}

/** What the dispatcher needs from the engine. */
export interface WebhookDispatcherOptions {
  readonly webhooks: WebhookStore;
  readonly notifications: NotificationStore;
  /** Next notification id (the engine's seeded generator). */
  readonly newId: () => string;
  /** Runs `job` after `delayMs` of clock time; a manual clock runs it when advanced. */
  readonly schedule: (delayMs: number, job: () => Promise<void>) => void;
  /** Registers work that the control API's clock advance must await. */
  readonly track: (work: Promise<unknown>) => void;
  /**
   * Why deliveries to a URL are refused (it points at the mock itself), asked
   * before every attempt; a refused notification fails at once, unsent.
   */
  readonly refusal?: (url: string) => Promise<string | undefined>;
  /** Time-out of one attempt; default 10 s of wall time. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Called after every attempt; it must not throw. */
  readonly onAttempt?: (report: DeliveryReport) => void;
}

/** Records notifications and delivers them with retries. */
export class WebhookDispatcher {
  readonly #options: WebhookDispatcherOptions;
  readonly #queues = new Map<string, Promise<void>>();

  constructor(options: WebhookDispatcherOptions) {
    this.#options = options;
  }

  /**
   * Records a `pending` notification for every active webhook of the account
   * subscribed to the event, starts delivering them, and returns them.
   */
  dispatch(event: DispatchableEvent): NotificationRecord[] {
    const { webhooks, notifications, newId } = this.#options;
    const included = uniqueResources(event.included);
    return webhooks.subscribers(event.accountId, event.name).map((webhook) => {
      const fields = {
        id: newId(),
        event: event.name,
        deliveryStatus: 'pending' as const,
        createdAt: event.at,
        webhookId: webhook.id,
        reference: event.reference,
      };
      const envelope = deliveryEnvelope(notificationResource(fields), included);
      const record: NotificationRecord = {
        ...fields,
        accountId: event.accountId,
        included,
        body: JSON.stringify(envelope),
        attempts: 0,
      };
      notifications.add(record);
      this.#enqueue(record);
      return record;
    });
  }

  /** Queues one attempt behind the webhook's earlier ones and registers it as in flight. */
  #enqueue(record: NotificationRecord): Promise<void> {
    const previous = this.#queues.get(record.webhookId) ?? Promise.resolve();
    // An attempt that threw must not stall the attempts queued behind it.
    const next = previous.catch(() => undefined).then(() => this.#attempt(record));
    this.#queues.set(record.webhookId, next);
    void next.finally(() => {
      if (this.#queues.get(record.webhookId) === next) this.#queues.delete(record.webhookId);
    });
    this.#options.track(next);
    return next;
  }

  async #attempt(record: NotificationRecord): Promise<void> {
    // A reset dropped the record: its retries die with it.
    if (record.deliveryStatus !== 'pending' || !this.#options.notifications.holds(record)) return;
    const webhook = this.#options.webhooks.find(record.webhookId);
    if (webhook === undefined || !webhook.active) {
      // The webhook was deleted or switched off since: its retries are abandoned.
      record.deliveryStatus = 'failed';
      return;
    }
    record.attempts += 1;
    // Checked again now: the URL predates a guard, or its name resolves elsewhere than it did.
    const refusal = await this.#options.refusal?.(webhook.url);
    const outcome: DeliveryOutcome =
      refusal === undefined
        ? await deliver({
            url: webhook.url,
            body: record.body,
            secret: webhook.secret,
            headers: webhook.headers,
            timeoutMs: this.#options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
            ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
          })
        : { accepted: false, error: `Not sent: the URL ${refusal}`, requestHeaders: {} };
    // Abandoned meanwhile (webhook deactivated or deleted), or refused: no retry.
    const abandoned = record.deliveryStatus !== 'pending' || refusal !== undefined;
    const delay = outcome.accepted || abandoned ? undefined : retryDelayMs(record.attempts);
    if (outcome.accepted) record.deliveryStatus = 'succeeded';
    else if (delay === undefined) record.deliveryStatus = 'failed';
    else this.#options.schedule(delay, () => this.#enqueue(record));
    this.#options.onAttempt?.({
      notificationId: record.id,
      event: record.event,
      url: webhook.url,
      attempt: record.attempts,
      outcome,
      deliveryStatus: record.deliveryStatus,
      ...(delay === undefined ? {} : { retryInMs: delay }),
    });
  }
}
