/**
 * `POST /webhooks/trigger`: sends the sample delivery of one event to a URL
 * and reports what happened, so a receiver can be tested before it is
 * subscribed. Every trigger is a new notification (its own `data.id`), so a
 * receiver that deduplicates takes each one. Nothing is stored and nothing
 * is retried.
 */

import { deliver } from './delivery.js';
import { WebhookValidationError, type WebhookValidationIssue } from './errors.js';
import { isWebhookEventName } from './events.js';
import { receiverUrlProblem } from './receiver-url.js';
import { sampleDelivery } from './samples.js';
import { isRecord } from './webhook-input.js';
import { generateWebhookSecret } from './webhook-store.js';

/** A validated trigger request. */
export interface TriggerRequest {
  readonly url: string;
  readonly event: string;
  /** The key to sign with; a throw-away key is used when absent. */
  readonly secret?: string;
}

/** The answer of `POST /webhooks/trigger`. */
export interface TriggerResult {
  url: string;
  succeeded: boolean;
  error: string | null;
  status_code: number | null;
  request_headers: Record<string, string>;
  request_body: string;
  response_headers: Record<string, string> | null;
  /** Always `null`: the mock never echoes what a receiver answered (see `drain` in delivery.ts). */
  response_body: null;
}

const MEMBERS = new Set(['url', 'event', 'secret']);

/**
 * Validates the plain-JSON body of a trigger request. Throws
 * {@link WebhookValidationError} with a pointer per problem (`/url`, `/event`, ...).
 */
export function parseTriggerRequest(body: unknown): TriggerRequest {
  if (!isRecord(body)) {
    throw new WebhookValidationError([
      { pointer: '', code: 'invalid', detail: 'must be a JSON object {url, event, secret?}.' },
    ]);
  }
  const issues: WebhookValidationIssue[] = [];
  for (const key of Object.keys(body)) {
    if (!MEMBERS.has(key)) {
      issues.push({
        pointer: `/${key}`,
        code: 'unknown_attribute',
        detail: 'is not a member; send url, event and secret.',
      });
    }
  }
  const { url, event, secret } = body;
  const urlProblem = receiverUrlProblem(url);
  if (urlProblem !== undefined) {
    issues.push({
      pointer: '/url',
      code: url === undefined || url === '' ? 'blank' : 'invalid',
      detail: urlProblem,
    });
  }
  if (!isWebhookEventName(event)) {
    issues.push({
      pointer: '/event',
      code: event === undefined ? 'blank' : 'invalid',
      detail: `is not a known event name: ${JSON.stringify(event ?? null)} (see GET /webhooks/events).`,
    });
  }
  if (secret !== undefined && (typeof secret !== 'string' || secret === '')) {
    issues.push({ pointer: '/secret', code: 'invalid', detail: 'must be a non-empty string.' });
  }
  if (issues.length > 0 || typeof url !== 'string' || typeof event !== 'string') {
    throw new WebhookValidationError(issues);
  }
  return typeof secret === 'string' ? { url, event, secret } : { url, event };
}

/** How to send a trigger's sample. */
export interface TriggerOptions {
  /** The `data.id` of this delivery: a new one for every trigger. */
  readonly notificationId: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** Sends the sample of `request.event` to `request.url`, signed, and reports the outcome. */
export async function triggerSample(
  request: TriggerRequest,
  { notificationId, ...options }: TriggerOptions,
): Promise<TriggerResult> {
  const sample = sampleDelivery(request.event, notificationId);
  if (sample === undefined) {
    throw new WebhookValidationError([
      { pointer: '/event', code: 'invalid', detail: 'has no sample; see GET /webhooks/events.' },
    ]);
  }
  const body = JSON.stringify(sample);
  const outcome = await deliver({
    url: request.url,
    body,
    secret: request.secret ?? generateWebhookSecret(),
    ...options,
  });
  let error = outcome.error ?? null;
  if (error === null && !outcome.accepted) {
    error = `The receiver answered ${outcome.statusCode}; only 200, 201, 202 and 204 accept a delivery.`;
  }
  return {
    url: request.url,
    succeeded: outcome.accepted,
    error,
    status_code: outcome.statusCode ?? null,
    request_headers: { ...outcome.requestHeaders },
    request_body: body,
    response_headers: outcome.responseHeaders ? { ...outcome.responseHeaders } : null,
    response_body: null,
  };
}
