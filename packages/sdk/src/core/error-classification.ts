import { AmbiguousNumberError, RecordNotFoundError } from '../lookup/errors.js';
import {
  APIConnectionError,
  APIError,
  APIStatusError,
  APIUserAbortError,
  ConfigurationError,
  IncompleteResponseError,
  InvalidArgumentError,
  RateLimitError,
  ShiptrackError,
} from './errors.js';
import {
  CarrierNotDeterminedError,
  InvalidTrackingNumberError,
  NumberTypeNotDeterminedError,
  WaitTimeoutError,
} from './tracking-errors.js';

/**
 * What kind of failure an error is, the same for every surface (the CLI
 * and MCP word it their own way):
 * - `unauthorized`: no key configured, or the service refused it (401);
 * - `feature_not_enabled`: the account lacks the feature (403);
 * - `not_found` (404); `conflict` (409: the record exists already);
 * - `invalid_argument`: the caller's input (refused before sending, or a
 *   400/422; a 413/414/431: the request is too large);
 * - `rate_limited` (429); `unreachable` (no answer: connection, time-out);
 * - `cancelled`: the caller's signal;
 * - `service_error`: the service failed (5xx) or an answer was cut off;
 * - `upstream_error`: an answer the interface does not allow (not JSON, an
 *   HTML page from a proxy): the service's or a proxy's fault, not ours;
 * - `internal_error`: anything else, a bug to report.
 */
export type ErrorCategory =
  | 'unauthorized'
  | 'feature_not_enabled'
  | 'not_found'
  | 'conflict'
  | 'invalid_argument'
  | 'rate_limited'
  | 'unreachable'
  | 'cancelled'
  | 'service_error'
  | 'upstream_error'
  | 'internal_error';

/** Whose fault a failure is, by category: what a person should do first. */
export type ErrorFault = 'caller' | 'account' | 'service' | 'network' | 'shiptrack';

/** The classification of a failure. */
export interface ErrorClassification {
  readonly category: ErrorCategory;
  readonly fault: ErrorFault;
  /** Whether the same call, unchanged, may succeed later. */
  readonly retryable: boolean;
  /** How long to wait before it may (a 429's `Retry-After`); `null` when not said. */
  readonly retryAfterMs: number | null;
  /** The HTTP status the service answered; `null` when none came. */
  readonly httpStatus: number | null;
  /** The argument or field at fault (`source.parameter` or the pointer's last part); `null` when none. */
  readonly field: string | null;
  /** The service's request id, for support; `null` when there was no answer. */
  readonly requestId: string | null;
}

const FAULT: Readonly<Record<ErrorCategory, ErrorFault>> = {
  unauthorized: 'account',
  feature_not_enabled: 'account',
  not_found: 'caller',
  conflict: 'caller',
  invalid_argument: 'caller',
  rate_limited: 'account',
  unreachable: 'network',
  cancelled: 'caller',
  service_error: 'service',
  upstream_error: 'service',
  internal_error: 'shiptrack',
};

const RETRYABLE: Readonly<Record<ErrorCategory, boolean>> = {
  unauthorized: false,
  feature_not_enabled: false,
  not_found: false,
  conflict: false,
  invalid_argument: false,
  rate_limited: true,
  unreachable: true,
  cancelled: true,
  service_error: true,
  upstream_error: true,
  internal_error: false,
};

/** The category of an answered status, when its class says it (after the typed subclasses). */
function statusCategory(status: number): ErrorCategory {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'feature_not_enabled';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'service_error';
  // 400, 413, 414, 422, 431 and the rest of 4xx: the request as sent cannot succeed.
  return 'invalid_argument';
}

function fieldOf(error: APIStatusError): string | null {
  const first = error.errors[0];
  return first?.source?.parameter ?? first?.source?.pointer?.split('/').pop() ?? null;
}

/** Whether a failure was caused by an answer that is not JSON (the SDK's parse of a success body). */
function notJsonAnswer(error: ShiptrackError): boolean {
  return error.cause instanceof SyntaxError;
}

function categoryOf(error: unknown): ErrorCategory {
  if (error instanceof ConfigurationError) return 'unauthorized';
  if (error instanceof RecordNotFoundError) return 'not_found';
  if (error instanceof AmbiguousNumberError) return 'invalid_argument';
  if (
    error instanceof InvalidArgumentError ||
    error instanceof InvalidTrackingNumberError ||
    error instanceof NumberTypeNotDeterminedError ||
    error instanceof CarrierNotDeterminedError
  ) {
    return 'invalid_argument';
  }
  if (error instanceof WaitTimeoutError) return 'unreachable';
  if (error instanceof APIStatusError) return statusCategory(error.status);
  if (error instanceof IncompleteResponseError) return 'service_error';
  if (error instanceof APIUserAbortError) return 'cancelled';
  if (error instanceof APIConnectionError) return 'unreachable';
  if (error instanceof APIError) return 'service_error';
  if (error instanceof ShiptrackError && notJsonAnswer(error)) return 'upstream_error';
  return 'internal_error';
}

/**
 * Classifies any failure of an SDK call: its category, whose fault it is,
 * whether the unchanged call may pass later and after how long, the
 * status, the field at fault and the request id. Computed once here so
 * that the CLI, MCP and the mirror tell the same failure the same way.
 */
export function classifyError(error: unknown): ErrorClassification {
  const category = categoryOf(error);
  const answered = error instanceof APIError ? error : undefined;
  const status =
    error instanceof APIStatusError || error instanceof IncompleteResponseError
      ? error.status
      : null;
  const limited = error instanceof RateLimitError ? error : undefined;
  return {
    category,
    fault: FAULT[category],
    // A client-side limit passes once the window moves, as the service's does.
    retryable: RETRYABLE[category],
    retryAfterMs: limited?.retryAfterMs ?? null,
    httpStatus: status ?? null,
    field: error instanceof APIStatusError ? fieldOf(error) : argumentOf(error),
    requestId: answered?.requestId ?? null,
  };
}

function argumentOf(error: unknown): string | null {
  return error instanceof InvalidArgumentError ? error.argument : null;
}
