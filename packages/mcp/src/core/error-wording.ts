import {
  APIStatusError,
  APITimeoutError,
  CarrierNotDeterminedError,
  ConfigurationError,
  type ErrorClassification,
  IncompleteResponseError,
  InvalidArgumentError,
  InvalidTrackingNumberError,
  NumberTypeNotDeterminedError,
  WaitTimeoutError,
} from '@shiptrack/sdk';
import { inline } from './inline.js';

/** What a tool was looking for, so a 404 can say "no container with this id". */
export interface ErrorSubject {
  /** `container`, `shipment`, `tracking request`, ... */
  kind: string;
  id: string;
  /** The tool that finds valid values, for the advice. */
  foundBy?: string;
}

/** The words of a failure: what happened and, when not the code's default, what to do next. */
export interface ErrorWording {
  message: string;
  next?: string;
}

/** Ends a message with one full stop (the service's details may carry their own). */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The first `source` of a 400 or 422, as "field: detail". */
function fieldProblem(error: APIStatusError): string {
  const first = error.errors[0];
  const where = first?.source?.parameter ?? first?.source?.pointer?.split('/').pop() ?? 'input';
  const why = first?.detail ?? first?.title ?? 'was rejected by the service';
  return `${inline(where)}: ${inline(why)}`;
}

/** The status in parentheses, when the service answered. */
function status(facts: ErrorClassification): string {
  return facts.httpStatus === null ? '' : ` (${facts.httpStatus})`;
}

/** An argument the caller must correct: refused before sending, or by the service. */
function invalidArgument(error: unknown, facts: ErrorClassification): ErrorWording {
  if (error instanceof InvalidArgumentError) {
    // Its message names the argument and the fix, and holds no URL or credential.
    return {
      message: sentence(
        `${error.argument} was refused before any request was sent: ${error.message}`,
      ),
    };
  }
  if (error instanceof InvalidTrackingNumberError) {
    // Its message carries the service's reason, which is foreign text.
    return {
      message: `number: ${inline(error.message)}`,
      next: 'If it is a bill of lading or booking number, pass numberType.',
    };
  }
  if (error instanceof NumberTypeNotDeterminedError) {
    return {
      message: `numberType: could not tell what kind of number ${error.number} is.`,
      next: 'Call again with numberType (container, bill_of_lading or booking_number).',
    };
  }
  if (error instanceof CarrierNotDeterminedError) {
    return {
      message: `scac: could not tell the carrier of ${inline(error.number)} (${inline(error.decision)}).`,
      next: 'Ask the user which carrier it is and call again with its SCAC.',
    };
  }
  const code = facts.httpStatus;
  if (error instanceof APIStatusError && (code === 400 || code === 422)) {
    return {
      message: sentence(`The service rejected the input (${code}) - ${fieldProblem(error)}`),
    };
  }
  if (code === 413 || code === 414 || code === 431) {
    return {
      message: `The request was too large for the tracking service (${code}): an argument is far too long.`,
      next: 'Shorten the longest argument (a search query: the number, or a few words) and call again; the same call would fail again.',
    };
  }
  return {
    message: `The tracking service refused the request${status(facts)}.`,
    next: 'Correct the arguments; the same call would fail again.',
  };
}

function notFound(subject: ErrorSubject | undefined, facts: ErrorClassification): ErrorWording {
  const what = subject ? `${subject.kind} with id ${subject.id}` : 'record with this id';
  const finder = subject?.foundBy ?? 'search_container or the list tools';
  return {
    message: `There is no ${what} in your account${status(facts)}.`,
    next: `Check the id; ${finder} give${subject?.foundBy ? 's' : ''} valid ids.`,
  };
}

function rateLimited(facts: ErrorClassification): ErrorWording {
  const wait =
    facts.retryAfterMs === null
      ? 'Wait a minute'
      : `Wait ${Math.max(1, Math.ceil(facts.retryAfterMs / 1000))} seconds`;
  return {
    message: "The tracking service's rate limit was reached (429).",
    next: `${wait} before calling a tool again; do not retry at once.`,
  };
}

function unreachable(error: unknown): ErrorWording {
  if (error instanceof APITimeoutError) {
    return { message: 'The tracking service did not answer in time.' };
  }
  if (error instanceof WaitTimeoutError) {
    return { message: 'The tracking request did not settle in the time given.' };
  }
  return {
    message: 'The tracking service could not be reached.',
    next: 'Check the network connection and SVC_API_BASE_URL (it must end in /v2).',
  };
}

function serviceError(error: unknown, facts: ErrorClassification): ErrorWording {
  if (error instanceof IncompleteResponseError) {
    return { message: `The tracking service's answer was cut off${status(facts)}.` };
  }
  if (facts.httpStatus !== null) {
    return { message: `The tracking service failed (${facts.httpStatus}) even after retries.` };
  }
  return {
    message: 'The request to the tracking service did not complete.',
    next: 'Try again later.',
  };
}

/**
 * The words of a classified failure, written here from its category and
 * the error's kind and field details: never a stack, never the SDK's
 * message of a failed request (which names the base URL and the request),
 * never a credential. The category, retryability and wait are the SDK's.
 */
export function wordingOf(
  error: unknown,
  facts: ErrorClassification,
  subject: ErrorSubject | undefined,
): ErrorWording {
  switch (facts.category) {
    case 'unauthorized':
      return error instanceof ConfigurationError
        ? { message: 'No API key is configured.' }
        : {
            message:
              'The tracking service rejected the API key (401): it is missing, wrong or revoked.',
          };
    case 'feature_not_enabled':
      return { message: `This feature is not enabled for your account${status(facts)}.` };
    case 'not_found':
      return notFound(subject, facts);
    case 'conflict':
      return {
        message: `The record already exists in your account${status(facts)}.`,
        next: 'Do not repeat the call; search_container finds the existing record.',
      };
    case 'invalid_argument':
      return invalidArgument(error, facts);
    case 'rate_limited':
      return rateLimited(facts);
    case 'unreachable':
      return unreachable(error);
    case 'cancelled':
      return { message: 'The call was cancelled before the tracking service answered.' };
    case 'service_error':
      return serviceError(error, facts);
    case 'upstream_error':
      return {
        message:
          'The tracking service, or a proxy in front of it, answered with something that is not its API (not JSON).',
      };
    case 'internal_error':
      return { message: 'The MCP server hit an unexpected problem answering this call.' };
  }
}
