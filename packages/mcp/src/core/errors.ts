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
  UnprocessableEntityError,
} from '@shiptrack/sdk';

/** The kinds of failure a tool reports, each with its own advice. */
export type ToolErrorCode =
  | 'missing_api_key'
  | 'bad_api_key'
  | 'not_found'
  | 'not_enabled'
  | 'rate_limited'
  | 'unreachable'
  | 'invalid_input'
  | 'cancelled'
  | 'service_error'
  | 'internal_error';

/** What a tool was looking for, so a 404 can say "no container with this id". */
export interface ErrorSubject {
  /** `container`, `shipment`, `tracking request`, ... */
  kind: string;
  id: string;
}

/** A failure a tool reports as an `isError` result with a code and advice. */
export class ToolError extends Error {
  override name = 'ToolError';
  readonly code: ToolErrorCode;

  constructor(code: ToolErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

const API_KEY_HELP =
  'Set the environment variable SVC_API_TOKEN to your API key (from the developer portal) in the MCP client configuration of this server, then restart the server. To try the server without a key, start it with --mock.';

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The first `source` of a 400 or 422, as "field: detail". */
function fieldProblem(error: APIStatusError): string {
  const first = error.errors[0];
  const where = first?.source?.parameter ?? first?.source?.pointer?.split('/').pop() ?? 'input';
  const why = first?.detail ?? first?.title ?? 'was rejected by the service';
  return `${where}: ${why}`;
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
    return new ToolError('missing_api_key', `No API key is configured. ${API_KEY_HELP}`);
  }
  if (error instanceof InvalidArgumentError) {
    // Its message names the argument and the fix, and holds no URL or credential.
    return new ToolError(
      'invalid_input',
      `${error.argument} was refused before any request was sent: ${error.message} Correct it and call again.`,
    );
  }
  if (error instanceof InvalidTrackingNumberError) {
    return new ToolError(
      'invalid_input',
      `number: ${error.message} If it is a bill of lading or booking number, pass numberType.`,
    );
  }
  if (error instanceof NumberTypeNotDeterminedError) {
    return new ToolError(
      'invalid_input',
      `numberType: could not tell what kind of number ${error.number} is; call again with numberType (container, bill_of_lading or booking_number).`,
    );
  }
  if (error instanceof AuthenticationError) {
    return new ToolError(
      'bad_api_key',
      `The tracking service rejected the API key (401): it is missing, wrong or revoked. ${API_KEY_HELP}`,
    );
  }
  if (error instanceof NotFoundError) {
    const what = subject ? `${subject.kind} with id ${subject.id}` : 'record with this id';
    return new ToolError(
      'not_found',
      `There is no ${what} in your account (404). Check the id; search_container or the list tools give valid ids.`,
    );
  }
  if (error instanceof PermissionDeniedError) {
    return new ToolError(
      'not_enabled',
      'This feature is not enabled for your account (403). It is a paid feature: ask the provider to enable it.',
    );
  }
  if (error instanceof RateLimitError) {
    const wait =
      error.retryAfterMs === undefined
        ? 'Wait a minute'
        : `Wait ${seconds(error.retryAfterMs)} seconds`;
    return new ToolError(
      'rate_limited',
      `The tracking service's rate limit was reached (429). ${wait} before calling a tool again; do not retry at once.`,
    );
  }
  if (error instanceof UnprocessableEntityError || error instanceof BadRequestError) {
    return new ToolError(
      'invalid_input',
      `The service rejected the input (${error.status}) - ${fieldProblem(error)}. Correct it and call again.`,
    );
  }
  if (error instanceof InternalServerError) {
    return new ToolError(
      'service_error',
      `The tracking service failed (${error.status}) even after retries. Try again in a few minutes.`,
    );
  }
  if (error instanceof APITimeoutError) {
    return new ToolError(
      'unreachable',
      'The tracking service did not answer in time. Try again shortly; if it persists, check the network or SVC_API_BASE_URL.',
    );
  }
  if (error instanceof APIConnectionError) {
    return new ToolError(
      'unreachable',
      'The tracking service could not be reached. Check the network connection and SVC_API_BASE_URL (it must end in /v2).',
    );
  }
  if (error instanceof APIUserAbortError) {
    return new ToolError(
      'cancelled',
      'The call was cancelled before the tracking service answered. Call again if the answer is still needed.',
    );
  }
  if (error instanceof APIStatusError) {
    return new ToolError(
      'service_error',
      `The tracking service answered ${error.status}. Try again later.`,
    );
  }
  if (error instanceof APIError) {
    return new ToolError(
      'service_error',
      'The request to the tracking service did not complete. Try again later.',
    );
  }
  return new ToolError(
    'internal_error',
    'The MCP server hit an unexpected problem answering this call. Try again; if it persists, report it with the server log.',
  );
}

/** An `isError` tool result carrying the error's code and advice. */
export function errorResult(error: ToolError): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `Error (${error.code}): ${error.message}` }],
  };
}
