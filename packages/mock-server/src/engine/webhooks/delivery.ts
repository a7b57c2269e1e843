/**
 * One delivery attempt: a signed JSON `POST` to a receiver with a time-out.
 * Shared by the dispatcher (real notifications) and `POST /webhooks/trigger`
 * (sample payloads). It never throws: every failure becomes an outcome.
 */
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';
import type { WebhookHeader } from './webhook-input.js';

/** Statuses by which a receiver accepts a delivery; anything else is retried. */
export const ACCEPTED_STATUSES: ReadonlySet<number> = new Set([200, 201, 202, 204]);

/** Default time-out of one attempt, in milliseconds. */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

const USER_AGENT = 'shiptrack-mock-server/webhooks';

/** What to send. */
export interface DeliveryRequest {
  readonly url: string;
  /** The raw JSON body; it is signed and sent byte for byte. */
  readonly body: string;
  /** The webhook secret; without it the delivery is sent unsigned. */
  readonly secret?: string;
  /** Custom headers of the webhook, sent as they are. */
  readonly headers?: readonly WebhookHeader[];
  /** Time-out of the whole attempt (connect, response, body), in milliseconds. */
  readonly timeoutMs?: number;
  /** The `fetch` to use; defaults to the global one. */
  readonly fetch?: typeof fetch;
}

/** What happened. */
export interface DeliveryOutcome {
  /** True when the receiver answered 200, 201, 202 or 204. */
  readonly accepted: boolean;
  /** The receiver's status, when it answered at all. */
  readonly statusCode?: number;
  /** Why the attempt failed without an answer (network error or time-out). */
  readonly error?: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly responseHeaders?: Readonly<Record<string, string>>;
}

/** Builds the request headers: custom ones first, then those the service owns. */
async function requestHeadersFor(request: DeliveryRequest): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const header of request.headers ?? []) headers[header.name] = header.value;
  headers['Content-Type'] = 'application/json';
  headers['User-Agent'] = USER_AGENT;
  if (request.secret !== undefined) {
    headers[WEBHOOK_SIGNATURE_HEADER] = await signPayload(request.body, request.secret);
  }
  return headers;
}

function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `The receiver did not answer within ${timeoutMs} ms.`;
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
      ? cause.code
      : undefined;
  const reason = code ?? (error instanceof Error ? error.message : 'unknown error');
  return `Could not reach the receiver (${reason}).`;
}

/**
 * Reads an answer to its end without keeping it: the time-out covers a
 * receiver that never finishes, and nothing a receiver says is ever echoed
 * (the mock would otherwise read any local URL for whoever holds a key).
 */
async function drain(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (body === null) return;
  const reader = body.getReader();
  while (!(await reader.read()).done) {
    // Discarded.
  }
}

/**
 * Sends one delivery and reports the outcome. Redirects are not followed (a
 * 3xx is not an acceptance), and the time-out covers reading the answer.
 */
export async function deliver(request: DeliveryRequest): Promise<DeliveryOutcome> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const requestHeaders = await requestHeadersFor(request);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await (request.fetch ?? fetch)(request.url, {
      method: 'POST',
      headers: requestHeaders,
      body: request.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    await drain(response.body);
    return {
      accepted: ACCEPTED_STATUSES.has(response.status),
      statusCode: response.status,
      requestHeaders,
      responseHeaders: Object.fromEntries(response.headers.entries()),
    };
  } catch (error) {
    return { accepted: false, error: describeFailure(error, timedOut, timeoutMs), requestHeaders };
  } finally {
    clearTimeout(timer);
  }
}
