/**
 * The webhooks of every account, kept in memory. Each account sees only its
 * own webhooks; the dispatcher asks which active webhooks of an account are
 * subscribed to an event.
 */
import { WebhookResourceNotFoundError } from './errors.js';
import type { NewWebhookInput, WebhookAttributesInput, WebhookHeader } from './webhook-input.js';

/** A stored webhook. */
export interface WebhookRecord {
  readonly id: string;
  readonly accountId: string;
  readonly url: string;
  readonly active: boolean;
  readonly events: readonly string[];
  readonly headers: readonly WebhookHeader[];
  /** Key of the HMAC signature of every delivery; never logged. */
  readonly secret: string;
  /** ISO 8601 timestamp on the engine's clock. */
  readonly createdAt: string;
}

/** What a new webhook needs beyond its validated attributes. */
export interface WebhookStoreOptions {
  /** Next resource id (the engine's seeded generator). */
  readonly newId: () => string;
  /** The engine clock's current time as an ISO 8601 string. */
  readonly nowIso: () => string;
  /** A fresh secret; defaults to 32 random bytes in hex from WebCrypto. */
  readonly newSecret?: () => string;
}

/** 32 random bytes from WebCrypto, as 64 lower-case hex characters. */
export function generateWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** In-memory webhooks, scoped per account. */
export class WebhookStore {
  readonly #byId = new Map<string, WebhookRecord>();
  readonly #options: WebhookStoreOptions;

  constructor(options: WebhookStoreOptions) {
    this.#options = options;
  }

  /** Creates a webhook from validated attributes (`url`, `active` and `events` present). */
  create(accountId: string, input: NewWebhookInput): WebhookRecord {
    const record: WebhookRecord = {
      id: this.#options.newId(),
      accountId,
      url: input.url,
      active: input.active,
      events: [...input.events],
      headers: [...(input.headers ?? [])],
      secret: (this.#options.newSecret ?? generateWebhookSecret)(),
      createdAt: this.#options.nowIso(),
    };
    this.#byId.set(record.id, record);
    return record;
  }

  /** The account's webhooks, oldest first. */
  list(accountId: string): WebhookRecord[] {
    return [...this.#byId.values()].filter((webhook) => webhook.accountId === accountId);
  }

  /** One webhook of the account; throws {@link WebhookResourceNotFoundError} otherwise. */
  get(accountId: string, id: string): WebhookRecord {
    const record = this.#byId.get(id);
    if (record === undefined || record.accountId !== accountId) {
      throw new WebhookResourceNotFoundError('webhook', id);
    }
    return record;
  }

  /** A webhook by id whatever its account, or `undefined` once deleted (for retries). */
  find(id: string): WebhookRecord | undefined {
    return this.#byId.get(id);
  }

  /** Applies the attributes that were sent; the secret never changes. */
  update(accountId: string, id: string, input: WebhookAttributesInput): WebhookRecord {
    const current = this.get(accountId, id);
    const updated: WebhookRecord = {
      ...current,
      url: input.url ?? current.url,
      active: input.active ?? current.active,
      events: input.events ? [...input.events] : current.events,
      headers: input.headers ? [...input.headers] : current.headers,
    };
    this.#byId.set(id, updated);
    return updated;
  }

  /** Deletes a webhook of the account; its pending retries are abandoned. */
  delete(accountId: string, id: string): void {
    this.get(accountId, id);
    this.#byId.delete(id);
  }

  /** The account's active webhooks subscribed to `event`, oldest first. */
  subscribers(accountId: string, event: string): WebhookRecord[] {
    return this.list(accountId).filter(
      (webhook) => webhook.active && webhook.events.includes(event),
    );
  }

  /** Forgets every webhook (control API reset). */
  clear(): void {
    this.#byId.clear();
  }
}
