import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  APIConnectionError,
  APIError,
  APIStatusError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  InternalServerError,
  InvalidArgumentError,
  InvalidTrackingNumberError,
  NotFoundError,
  NumberTypeNotDeterminedError,
  PermissionDeniedError,
  RateLimitError,
  RequestTooLargeError,
  UnprocessableEntityError,
} from '@shiptrack/sdk';
import { inline } from '../render/inline.js';

/**
 * The stable codes of a tool failure (documented in the README): an agent
 * branches on the code, never on the words.
 */
export type ToolErrorCode =
  | 'unauthorized'
  | 'not_found'
  | 'feature_not_enabled'
  | 'rate_limited'
  | 'unreachable'
  | 'invalid_argument'
  | 'cancelled'
  | 'service_error'
  | 'internal_error';

/**
 * The key of an error result's `_meta` that carries its {@link ToolErrorDetail}.
 * `_meta`, not `structuredContent`: the protocol requires `structuredContent`
 * to conform to the tool's output schema, which describes the success answer.
 */
export const ERROR_META_KEY = 'shiptrack/error';

/** The machine-readable part of a tool failure. */
export interface ToolErrorDetail {
  code: ToolErrorCode;
  /** The tracking service's HTTP status, when it answered. */
  httpStatus?: number;
  /** For `rate_limited`: how long to wait before the next call. */
  retryAfterSeconds?: number;
  /** Whether the same call may succeed later without changing it. */
  retryable: boolean;
  /** What to do next. */
  next: string;
}

/** What a tool was looking for, so a 404 can say "no container with this id". */
export interface ErrorSubject {
  /** `container`, `shipment`, `tracking request`, ... */
  kind: string;
  id: string;
  /** The tool that finds valid values, for the advice. */
  foundBy?: string;
}

/** Options of a {@link ToolError}. */
export interface ToolErrorOptions {
  /** What to do next (default: per code). */
  next?: string;
  httpStatus?: number;
  retryAfterSeconds?: number;
  cause?: unknown;
}

const RETRYABLE: Record<ToolErrorCode, boolean> = {
  unauthorized: false,
  not_found: false,
  feature_not_enabled: false,
  rate_limited: true,
  unreachable: true,
  invalid_argument: false,
  cancelled: true,
  service_error: true,
  internal_error: true,
};

const DEFAULT_NEXT: Record<ToolErrorCode, string> = {
  unauthorized:
    'Set the environment variable SVC_API_TOKEN to your API key (from the developer portal) in the MCP client configuration of this server, then restart the server. To try the server without a key, start it with --mock.',
  not_found: 'Check the id; search_container or the list tools give valid ids.',
  feature_not_enabled: 'It is a paid feature: ask the provider to enable it for the account.',
  rate_limited: 'Wait before calling a tool again; do not retry at once.',
  unreachable: 'Try again shortly; if it persists, check the network and SVC_API_BASE_URL.',
  invalid_argument: 'Correct the argument and call again.',
  cancelled: 'Call again if the answer is still needed.',
  service_error: 'Try again in a few minutes.',
  internal_error: 'Try again; if it persists, report it with the server log.',
};

/** A failure a tool reports as an `isError` result with a code, the facts and the next step. */
export class ToolError extends Error {
  override name = 'ToolError';
  readonly code: ToolErrorCode;
  readonly next: string;
  readonly httpStatus: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  /** `invalid_input` is the former name of `invalid_argument`, still accepted from callers. */
  constructor(
    code: ToolErrorCode | 'invalid_input',
    message: string,
    options: ToolErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code === 'invalid_input' ? 'invalid_argument' : code;
    this.next = options.next ?? DEFAULT_NEXT[this.code];
    this.httpStatus = options.httpStatus;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** Whether the same call may succeed later without changing it. */
  retryable(): boolean {
    return RETRYABLE[this.code];
  }

  /** The machine-readable part of this failure. */
  detail(): ToolErrorDetail {
    return {
      code: this.code,
      ...(this.httpStatus === undefined ? {} : { httpStatus: this.httpStatus }),
      ...(this.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: this.retryAfterSeconds }),
      retryable: RETRYABLE[this.code],
      next: this.next,
    };
  }
}

/** Ends a message with one full stop (the service's details may carry their own). */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The first `source` of a 400 or 422, as "field: detail". */
function fieldProblem(error: APIStatusError): string {
  const first = error.errors[0];
  const where = first?.source?.parameter ?? first?.source?.pointer?.split('/').pop() ?? 'input';
  const why = first?.detail ?? first?.title ?? 'was rejected by the service';
  return `${inline(where)}: ${inline(why)}`;
}

/** The failures the service answered, by status class (after the specific ones). */
function fromStatus(error: APIStatusError, subject: ErrorSubject | undefined): ToolError {
  const httpStatus = error.status;
  if (error instanceof AuthenticationError) {
    return new ToolError(
      'unauthorized',
      'The tracking service rejected the API key (401): it is missing, wrong or revoked.',
      { httpStatus },
    );
  }
  if (error instanceof NotFoundError) {
    const what = subject ? `${subject.kind} with id ${subject.id}` : 'record with this id';
    const finder = subject?.foundBy ?? 'search_container or the list tools';
    return new ToolError('not_found', `There is no ${what} in your account (404).`, {
      httpStatus,
      next: `Check the id; ${finder} give${subject?.foundBy ? 's' : ''} valid ids.`,
    });
  }
  if (error instanceof PermissionDeniedError) {
    return new ToolError(
      'feature_not_enabled',
      'This feature is not enabled for your account (403).',
      {
        httpStatus,
      },
    );
  }
  if (error instanceof RateLimitError) {
    const retryAfterSeconds =
      error.retryAfterMs === undefined ? undefined : seconds(error.retryAfterMs);
    const wait =
      retryAfterSeconds === undefined ? 'Wait a minute' : `Wait ${retryAfterSeconds} seconds`;
    return new ToolError('rate_limited', "The tracking service's rate limit was reached (429).", {
      httpStatus,
      retryAfterSeconds,
      next: `${wait} before calling a tool again; do not retry at once.`,
    });
  }
  if (error instanceof UnprocessableEntityError || error instanceof BadRequestError) {
    return new ToolError(
      'invalid_argument',
      sentence(`The service rejected the input (${httpStatus}) - ${fieldProblem(error)}`),
      { httpStatus },
    );
  }
  if (error instanceof RequestTooLargeError) {
    return new ToolError(
      'invalid_argument',
      `The request was too large for the tracking service (${httpStatus}): an argument is far too long.`,
      {
        httpStatus,
        next: 'Shorten the longest argument (a search query: the number, or a few words) and call again; the same call would fail again.',
      },
    );
  }
  if (error instanceof InternalServerError) {
    return new ToolError(
      'service_error',
      `The tracking service failed (${httpStatus}) even after retries.`,
      { httpStatus },
    );
  }
  return new ToolError('service_error', `The tracking service answered ${httpStatus}.`, {
    httpStatus,
    next: 'Try again later.',
  });
}

/**
 * Translates any failure into a distinct, actionable tool error, following
 * the SDK's error tree: `InvalidArgumentError` (refused before sending),
 * the `APIStatusError`s by status, the `APIError`s without an answer
 * (time-out, connection, abort). Messages are written here from the
 * error's kind and the service's field details: never a stack, never the
 * SDK's message of a failed request (which names the base URL and the
 * request), never a credential.
 */
export function toToolError(error: unknown, subject?: ErrorSubject): ToolError {
  if (error instanceof ToolError) return error;
  if (error instanceof ConfigurationError) {
    return new ToolError('unauthorized', 'No API key is configured.');
  }
  if (error instanceof InvalidArgumentError) {
    // Its message names the argument and the fix, and holds no URL or credential.
    return new ToolError(
      'invalid_argument',
      sentence(`${error.argument} was refused before any request was sent: ${error.message}`),
    );
  }
  if (error instanceof InvalidTrackingNumberError) {
    // Its message carries the service's reason, which is foreign text.
    return new ToolError('invalid_argument', `number: ${inline(error.message)}`, {
      next: 'If it is a bill of lading or booking number, pass numberType.',
    });
  }
  if (error instanceof NumberTypeNotDeterminedError) {
    return new ToolError(
      'invalid_argument',
      `numberType: could not tell what kind of number ${error.number} is.`,
      { next: 'Call again with numberType (container, bill_of_lading or booking_number).' },
    );
  }
  if (error instanceof APIStatusError) return fromStatus(error, subject);
  if (error instanceof APITimeoutError) {
    return new ToolError('unreachable', 'The tracking service did not answer in time.');
  }
  if (error instanceof APIConnectionError) {
    return new ToolError('unreachable', 'The tracking service could not be reached.', {
      next: 'Check the network connection and SVC_API_BASE_URL (it must end in /v2).',
    });
  }
  if (error instanceof APIUserAbortError) {
    return new ToolError(
      'cancelled',
      'The call was cancelled before the tracking service answered.',
    );
  }
  if (error instanceof APIError) {
    return new ToolError('service_error', 'The request to the tracking service did not complete.', {
      next: 'Try again later.',
    });
  }
  return new ToolError(
    'internal_error',
    'The MCP server hit an unexpected problem answering this call.',
  );
}

/**
 * An `isError` tool result: the code, the problem and the next step as
 * text for the model, and the same as {@link ToolErrorDetail} in `_meta`
 * for the host.
 */
export function errorResult(error: ToolError): CallToolResult {
  return {
    isError: true,
    content: [
      { type: 'text', text: `Error (${error.code}): ${error.message} Next: ${error.next}` },
    ],
    _meta: { [ERROR_META_KEY]: error.detail() },
  };
}
