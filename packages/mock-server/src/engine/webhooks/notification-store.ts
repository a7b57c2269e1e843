/**
 * The webhook notifications of every account: one record per (event,
 * webhook) pair, created `pending` and moved once to `succeeded` or `failed`.
 * The envelope sent on the wire is frozen at creation, so every retry sends
 * the same bytes under the same `data.id`.
 */

import type { WebhookDeliveryStatus } from '@shiptrack/sdk/spec';
import type { ResourceRef } from '../events.js';
import type { ResourceObject } from '../serialize/resource-object.js';
import { WebhookResourceNotFoundError } from './errors.js';

/** `delivery_status` of a notification. */
export type DeliveryStatus = WebhookDeliveryStatus;

/** A stored notification. */
export interface NotificationRecord {
  readonly id: string;
  readonly accountId: string;
  readonly webhookId: string;
  readonly event: string;
  readonly createdAt: string;
  /** The record the event is about (the `reference_object` relationship). */
  readonly reference: ResourceRef;
  /** The delivery's `included`, reference object first, as they were when the event happened. */
  readonly included: readonly ResourceObject[];
  /** The exact JSON body POSTed on every attempt. */
  readonly body: string;
  deliveryStatus: DeliveryStatus;
  /** Attempts made so far (the first one plus retries). */
  attempts: number;
}

/** Filters of `GET /webhook_notifications`. */
export interface NotificationFilter {
  readonly event?: string;
  readonly deliveryStatus?: DeliveryStatus;
}

/** In-memory notifications, scoped per account. */
export class NotificationStore {
  readonly #byId = new Map<string, NotificationRecord>();

  /** Stores a new notification. */
  add(record: NotificationRecord): void {
    this.#byId.set(record.id, record);
  }

  /** The account's notifications matching the filter, newest first. */
  list(accountId: string, filter: NotificationFilter = {}): NotificationRecord[] {
    const matches: NotificationRecord[] = [];
    for (const record of this.#byId.values()) {
      if (record.accountId !== accountId) continue;
      if (filter.event !== undefined && record.event !== filter.event) continue;
      if (filter.deliveryStatus !== undefined && record.deliveryStatus !== filter.deliveryStatus) {
        continue;
      }
      matches.push(record);
    }
    return matches.reverse();
  }

  /** One notification of the account; throws {@link WebhookResourceNotFoundError} otherwise. */
  get(accountId: string, id: string): NotificationRecord {
    const record = this.#byId.get(id);
    if (record === undefined || record.accountId !== accountId) {
      throw new WebhookResourceNotFoundError('webhook_notification', id);
    }
    return record;
  }

  /**
   * Marks every `pending` notification of a webhook `failed` (the webhook was
   * deactivated or deleted): the dispatcher never attempts them again.
   */
  abandonPending(webhookId: string): void {
    for (const record of this.#byId.values()) {
      if (record.webhookId === webhookId && record.deliveryStatus === 'pending') {
        record.deliveryStatus = 'failed';
      }
    }
  }

  /** True while this very record is stored (false once a reset dropped it). */
  holds(record: NotificationRecord): boolean {
    return this.#byId.get(record.id) === record;
  }

  /** Forgets every notification (control API reset). */
  clear(): void {
    this.#byId.clear();
  }
}
