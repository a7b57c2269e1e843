import type { CallToolResult } from '@modelcontextprotocol/server';
import { classifyError, type ErrorCategory } from '@shiptrack/sdk';
import { type ErrorSubject, wordingOf } from './error-wording.js';

/**
 * The stable codes of a tool failure (documented in the README): the SDK's
 * error categories (`classifyError`), so MCP and the CLI name a failure
 * alike. An agent branches on the code, never on the words.
 */
export type ToolErrorCode = ErrorCategory;

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

/** Options of a {@link ToolError}. */
export interface ToolErrorOptions {
  /** What to do next (default: per code). */
  next?: string;
  httpStatus?: number;
  retryAfterSeconds?: number;
  /** Whether the same call may pass later (default: per code, as the SDK classifies it). */
  retryable?: boolean;
  cause?: unknown;
}

/**
 * Whether a failure the server raises itself (not from an SDK call) may
 * pass later. A failure of an SDK call takes the SDK's `retryable`; the
 * errors test holds this table to it for every category.
 */
const RETRYABLE: Record<ToolErrorCode, boolean> = {
  unauthorized: false,
  not_found: false,
  feature_not_enabled: false,
  conflict: false,
  rate_limited: true,
  unreachable: true,
  invalid_argument: false,
  cancelled: true,
  service_error: true,
  upstream_error: true,
  internal_error: false,
};

const DEFAULT_NEXT: Record<ToolErrorCode, string> = {
  unauthorized:
    'Set the environment variable SVC_API_TOKEN to your API key (from the developer portal) in the MCP client configuration of this server, then restart the server. To try the server without a key, start it with --mock.',
  not_found: 'Check the id; search_container or the list tools give valid ids.',
  feature_not_enabled: 'It is a paid feature: ask the provider to enable it for the account.',
  rate_limited: 'Wait before calling a tool again; do not retry at once.',
  unreachable: 'Try again shortly; if it persists, check the network and SVC_API_BASE_URL.',
  invalid_argument: 'Correct the argument and call again.',
  conflict: 'Do not repeat the call; search_container finds the existing record.',
  cancelled: 'Call again if the answer is still needed.',
  service_error: 'Try again in a few minutes.',
  upstream_error:
    'Try again in a few minutes; if it persists, check that SVC_API_BASE_URL points at the service (it must end in /v2).',
  internal_error: 'Report it with the server log; the same call will likely fail again.',
};

/** A failure a tool reports as an `isError` result with a code, the facts and the next step. */
export class ToolError extends Error {
  override name = 'ToolError';
  readonly code: ToolErrorCode;
  readonly next: string;
  readonly httpStatus: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly #retryable: boolean;

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
    this.#retryable = options.retryable ?? RETRYABLE[this.code];
  }

  /** Whether the same call may succeed later without changing it. */
  retryable(): boolean {
    return this.#retryable;
  }

  /** The machine-readable part of this failure. */
  detail(): ToolErrorDetail {
    return {
      code: this.code,
      ...(this.httpStatus === undefined ? {} : { httpStatus: this.httpStatus }),
      ...(this.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: this.retryAfterSeconds }),
      retryable: this.#retryable,
      next: this.next,
    };
  }
}

/**
 * Translates any failure into a distinct, actionable tool error. Its code,
 * retryability, status and wait are the SDK's `classifyError` (the one
 * classification every surface shares); its words are this server's
 * ({@link wordingOf}).
 */
export function toToolError(error: unknown, subject?: ErrorSubject): ToolError {
  if (error instanceof ToolError) return error;
  const facts = classifyError(error);
  const { message, next } = wordingOf(error, facts, subject);
  return new ToolError(facts.category, message, {
    next,
    httpStatus: facts.httpStatus ?? undefined,
    retryAfterSeconds:
      facts.retryAfterMs === null ? undefined : Math.max(1, Math.ceil(facts.retryAfterMs / 1000)),
    retryable: facts.retryable,
    cause: error,
  });
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
