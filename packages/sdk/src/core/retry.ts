import {
  APIConnectionError,
  APIError,
  APIStatusError,
  APITimeoutError,
  IncompleteResponseError,
  RateLimitError,
} from './errors.js';

/** Backoff without `Retry-After`: 0.5 s, 1 s, 2 s, ... capped at 8 s, with jitter. */
export const BACKOFF = { baseMs: 500, factor: 2, capMs: 8_000 } as const;

/**
 * Reads a `Retry-After` header: integer seconds or an HTTP date. Returns
 * the wait in ms, or undefined when the value is absent, malformed,
 * negative or a date in the past (the caller then backs off instead).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at) || at < now) return undefined;
  return at - now;
}

/**
 * Exponential backoff for retry number `retry` (0 for the first retry):
 * `base * factor^retry`, capped, scaled by a random factor in [0.5, 1) so
 * that clients that failed together do not retry together.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * BACKOFF.factor ** retry);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Statuses worth retrying: the request was throttled, timed out or the service failed. */
function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500;
}

/**
 * Tells whether repeating a failed request is safe and useful.
 * Idempotent requests (GET, PATCH edits, inference) are retried on 408,
 * 429, 5xx, connection failures and answers whose body was cut off. Other
 * writes are retried only when the service cannot have processed them: a
 * 429, or a connection that was refused before anything was sent.
 */
export function isRetryable(error: unknown, idempotent: boolean): boolean {
  if (error instanceof RateLimitError && error.clientSide) return false;
  if (error instanceof IncompleteResponseError) return idempotent;
  if (error instanceof APIStatusError) {
    if (!isRetryableStatus(error.status)) return false;
    return idempotent || error.status === 429;
  }
  if (error instanceof APITimeoutError) return idempotent;
  if (error instanceof APIConnectionError) return idempotent || isBeforeSend(error);
  return false;
}

/** Error codes that mean the connection never opened, so nothing was sent. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function codesOf(error: unknown, depth = 0): string[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [];
  const codes: string[] = [];
  if ('code' in error && typeof error.code === 'string') codes.push(error.code);
  if ('cause' in error) codes.push(...codesOf(error.cause, depth + 1));
  if ('errors' in error && Array.isArray(error.errors)) {
    for (const inner of error.errors) codes.push(...codesOf(inner, depth + 1));
  }
  return codes;
}

/** Tells whether a connection error happened before the request left the client. */
export function isBeforeSend(error: APIConnectionError): boolean {
  const codes = codesOf(error.cause);
  return codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
}

/** A failure in a few words: `status 503`, `a body cut off (status 200)`, `APIConnectionError`. */
export function describeFailure(error: unknown): string {
  if (error instanceof IncompleteResponseError) return `a body cut off (status ${error.status})`;
  if (error instanceof APIError && error.status !== undefined) return `status ${error.status}`;
  if (error instanceof Error) return error.name;
  return 'an error';
}
