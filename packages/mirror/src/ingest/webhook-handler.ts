import {
  createWebhookHandler,
  toWebhookHandler,
  type WebhookAnswer,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookHandler,
  type WebhookSecret,
} from '@shiptrack/sdk/webhooks';
import type { OpenedDatabase } from '../database/open.js';
import { isDatabaseUnavailable, MirrorRecordError } from '../errors.js';
import { type DeliveryResult, storeDelivery } from './delivery.js';

/** What a receiver logs about one delivery (never a secret or a signature). */
export interface DeliveryReport {
  /** The HTTP status the delivery was answered with. */
  readonly status: number;
  /**
   * `applied`, `duplicate`, `refused` (signature, envelope or records: nothing
   * written, 4xx), `unavailable` (database down: 503) or `failed` (500).
   */
  readonly outcome: 'applied' | 'duplicate' | 'refused' | 'unavailable' | 'failed';
  /** The notification id, once the delivery was verified. */
  readonly notificationId: string | null;
  /** The event name, once the delivery was verified. */
  readonly event: string | null;
  /** When the service created the notification (`created_at`), once verified and when it says. */
  readonly createdAt: string | null;
  /** Mirrored records the delivery carried, and how many it made newer. */
  readonly records: number;
  readonly changed: number;
  readonly durationMs: number;
  /** Why it was not applied: the error's name and message. */
  readonly error: string | null;
}

/** Options of `mirror.webhookHandler`. */
export interface MirrorWebhookHandlerOptions {
  /** The webhook's secret, or several during a rotation (see the SDK's `createWebhookHandler`). */
  secret: WebhookSecret;
  /** Told about every delivery after it was answered; a receiver logs one line from it. */
  onDelivery?: (report: DeliveryReport) => unknown;
  /** The largest body read, in bytes (default the SDK's 5 MiB). */
  maxBodyBytes?: number;
  /** Seconds a 503 asks the service to wait (`Retry-After`). Default 30. */
  retryAfterSeconds?: number;
}

/** The error that made the SDK's handler answer, unwrapped from its `WebhookHandlerError`. */
function rootError(error: Error): Error {
  return error.name === 'WebhookHandlerError' && error.cause instanceof Error ? error.cause : error;
}

/**
 * The mirror's webhook endpoint, `(Request) => Promise<Response>`, whose
 * `answer` takes a delivery as its parts (what `toNodeHandler` and the
 * `serve` command use, with no `Request` or `Response` built): the SDK's
 * handler verifies the signature and parses the envelope; each verified
 * delivery is stored in one transaction (see `storeDelivery`) and answered
 * 200 only after the commit. A duplicate is 200 with `duplicate: true`; a
 * record that fails validation is 422 (nothing written); a database that
 * cannot be reached is 503 with `Retry-After`, so the service retries.
 */
export function createMirrorWebhookHandler(
  database: OpenedDatabase,
  options: MirrorWebhookHandlerOptions,
): WebhookHandler {
  const retryAfter = String(options.retryAfterSeconds ?? 30);
  // Built once to check the options (secret, body limit) before the first delivery.
  createWebhookHandler({
    secret: options.secret,
    idempotency: false,
    maxBodyBytes: options.maxBodyBytes,
  });

  const answer = async (delivery: WebhookDelivery): Promise<WebhookAnswer> => {
    const started = performance.now();
    let stored: DeliveryResult | undefined;
    let verified: WebhookEvent | undefined;
    let failure: Error | undefined;
    // One SDK handler per delivery, so what it learns stays with this request.
    const sdkHandler = createWebhookHandler({
      secret: options.secret,
      idempotency: false,
      maxBodyBytes: options.maxBodyBytes,
      onAny: async (event) => {
        verified = event;
        stored = await storeDelivery(database, event);
      },
      onError: (error) => {
        failure = rootError(error);
      },
    });
    let response: WebhookAnswer = await sdkHandler.answer(delivery);
    let outcome: DeliveryReport['outcome'];
    if (stored !== undefined) {
      outcome = stored.outcome;
      if (stored.outcome === 'duplicate') {
        response = { status: 200, body: { received: true, duplicate: true } };
      }
    } else if (failure instanceof MirrorRecordError) {
      outcome = 'refused';
      response = { status: 422, body: { error: failure.name, problems: failure.problems } };
    } else if (failure !== undefined && isDatabaseUnavailable(failure)) {
      outcome = 'unavailable';
      response = {
        status: 503,
        body: { error: 'MirrorDatabaseUnavailableError' },
        headers: { 'retry-after': retryAfter },
      };
    } else {
      outcome = response.status >= 500 ? 'failed' : 'refused';
    }
    if (options.onDelivery !== undefined) {
      const report: DeliveryReport = {
        status: response.status,
        outcome,
        notificationId: verified?.id ?? null,
        event: verified?.name ?? null,
        createdAt: verified?.createdAt ?? null,
        records: stored?.records ?? 0,
        changed: stored?.changed.length ?? 0,
        durationMs: Math.round(performance.now() - started),
        error: failure === undefined ? null : `${failure.name}: ${failure.message}`,
      };
      try {
        await options.onDelivery(report);
      } catch {
        // A failing reporter must not change what the service is told.
      }
    }
    return response;
  };
  return toWebhookHandler(answer, { maxBodyBytes: options.maxBodyBytes });
}
