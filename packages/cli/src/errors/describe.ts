import {
  AmbiguousNumberError,
  APIConnectionError,
  APIError,
  APITimeoutError,
  CarrierNotDeterminedError,
  ConfigurationError,
  classifyError,
  type ErrorCategory,
  type ErrorClassification,
  InvalidTrackingNumberError,
  NumberTypeNotDeterminedError,
  RateLimitError,
  WaitTimeoutError,
} from '@shiptrack/sdk';
import { CliError } from './cli-error.js';
import { EXIT_CODES, type ExitCodeName } from './exit-codes.js';
import { redactSecrets } from './redact.js';

/** The `error` member of the JSON envelope of a failure. */
export interface ErrorBody {
  /** Stable machine code: `not_found`, `rate_limited`, `invalid_argument`, ... */
  code: string;
  /** One line: what went wrong and what to pass or do instead. */
  message: string;
  /** The process's exit code. */
  exitCode: number;
  /** The HTTP status the service answered; `null` when none came. */
  status: number | null;
  /** Whether the same command may succeed if run again later. */
  retryable: boolean;
  /** Seconds to wait before retrying, when the service said; else `null`. */
  retryAfterSeconds: number | null;
  /** The service's request id, for support; `null` when there was no answer. */
  requestId: string | null;
}

/** The JSON envelope of a failure (written to stderr). */
export interface ErrorEnvelope {
  ok: false;
  error: ErrorBody;
}

const KEY_HELP = 'pass --api-key, set SVC_API_TOKEN or run `shiptrack login` (or try --mock)';

interface Sorted {
  kind: ExitCodeName;
  code: string;
  message: string;
  retryable: boolean;
}

/** One line, however the message was written. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Codes of the CLI's own errors that may pass when the same command runs again. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  'upstream_error',
  'interrupted',
  'terminated',
]);

/**
 * The CLI's own error behind a failure: the error itself, or one it was
 * caused by (an SDK call ended by the run's signal carries the reason, a
 * signal or an answer too large, as its cause).
 */
function cliErrorIn(error: unknown): CliError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof CliError) return current;
    current = current.cause;
  }
  return undefined;
}

/** Blanks the secrets out of text that came from elsewhere (a message quoting what was sent or answered). */
type Redact = (text: string) => string;

function sort(error: unknown, redact: Redact): Sorted {
  const own = cliErrorIn(error);
  if (own) {
    return {
      kind: own.kind,
      code: own.code,
      message: redact(own.message),
      retryable: RETRYABLE_CODES.has(own.code),
    };
  }
  if (error instanceof ConfigurationError) {
    return {
      kind: 'authentication',
      code: 'configuration',
      message: `${redact(error.message)} (${KEY_HELP})`,
      retryable: false,
    };
  }
  if (error instanceof CarrierNotDeterminedError) {
    const listed = redact(error.candidates.map((c) => `${c.scac} (${c.name})`).join(', '));
    return {
      kind: 'validation',
      code: 'carrier_not_determined',
      message: `The carrier of "${redact(error.number)}" could not be determined (${error.decision}).${listed ? ` Candidates: ${listed}.` : ''} Pass --scac with the carrier's SCAC${error.candidates[0] ? `, e.g. --scac ${error.candidates[0].scac}` : ' (shiptrack shipping-lines list shows them)'}.`,
      retryable: false,
    };
  }
  if (error instanceof NumberTypeNotDeterminedError) {
    return {
      kind: 'validation',
      code: 'number_type_not_determined',
      message: `Could not tell what kind of number "${redact(error.number)}" is: pass --type bill_of_lading, booking_number or container.`,
      retryable: false,
    };
  }
  if (error instanceof WaitTimeoutError) {
    return {
      kind: 'network',
      code: 'wait_timeout',
      message: redact(error.message),
      retryable: true,
    };
  }
  return fromClassification(error, classifyError(error), redact);
}

/** The exit kind of each category of the SDK's classification (shared with MCP). */
const KIND: Readonly<Record<ErrorCategory, ExitCodeName>> = {
  unauthorized: 'authentication',
  feature_not_enabled: 'authentication',
  not_found: 'notFound',
  conflict: 'validation',
  invalid_argument: 'validation',
  rate_limited: 'rateLimited',
  unreachable: 'network',
  cancelled: 'interrupted',
  service_error: 'upstream',
  upstream_error: 'upstreamAnswer',
  internal_error: 'failure',
};

/** The code of an invalid argument: who refused it, and what kind. */
function invalidCode(error: unknown, httpStatus: number | null): string {
  if (error instanceof AmbiguousNumberError) return 'ambiguous_number';
  if (error instanceof InvalidTrackingNumberError) return snake(error.name);
  if (httpStatus === 413 || httpStatus === 414 || httpStatus === 431) return 'request_too_large';
  return httpStatus === null ? 'invalid_argument' : 'rejected';
}

/** The CLI's words for the SDK's classification of a failure; its category and retryability as classified. */
function fromClassification(
  error: unknown,
  classified: ErrorClassification,
  redact: Redact,
): Sorted {
  const { category, retryable, httpStatus } = classified;
  const text = redact(error instanceof Error ? error.message : String(error));
  const sorted = (code: string, message: string): Sorted => ({
    kind: KIND[category],
    code,
    message,
    retryable,
  });
  switch (category) {
    case 'unauthorized':
      return sorted(
        'bad_api_key',
        `The service rejected the API key (401): it is wrong or revoked; ${KEY_HELP}.`,
      );
    case 'feature_not_enabled':
      return sorted(
        'feature_not_enabled',
        `${text} This feature is not enabled for the account; ask the provider to enable it.`,
      );
    case 'not_found':
      return sorted('not_found', text);
    case 'conflict':
      // The record exists already (a document of the same file): the message names it.
      return sorted('conflict', text);
    case 'invalid_argument':
      return sorted(invalidCode(error, httpStatus), text);
    case 'rate_limited':
      return sorted(
        'rate_limited',
        `${text} Run it again after the wait, or pass --max-wait with more seconds to let shiptrack wait.`,
      );
    case 'cancelled':
      return sorted('interrupted', 'Interrupted.');
    case 'unreachable':
      // The SDK's advice names its own options; the CLI says each hint once, in its own terms.
      return sorted('unreachable', `${redact(summaryOf(error))} ${unreachableHint(error)}`);
    case 'service_error':
      return sorted('service_error', text);
    case 'upstream_error':
      return sorted('upstream_error', text);
    case 'internal_error':
      break;
  }
  const message = redact(
    error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  );
  return {
    kind: 'failure',
    code: 'internal_error',
    message: `Unexpected failure (${message}); please report it.`,
    retryable: false,
  };
}

/** What happened, without the SDK's advice (which names `baseUrl`, `timeoutMs`: its own options). */
function summaryOf(error: unknown): string {
  if (error instanceof APIConnectionError) return error.summary;
  return error instanceof Error ? error.message : String(error);
}

/** What to check when the service did not answer: the network and base URL, or the time allowed. */
function unreachableHint(error: unknown): string {
  if (error instanceof APITimeoutError) {
    return 'Pass a longer --timeout, or retry later.';
  }
  return 'Check the network and the base URL (--base-url or SVC_API_BASE_URL, ending in /v2).';
}

function snake(name: string): string {
  return name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * The envelope and exit code of any failure: the SDK's error tree sorted
 * into the CLI's exit codes. `secrets` are blanked out, whole, of what the
 * message quotes (the service's words, what was sent), so a key never
 * reaches stderr; the CLI's own words around them are left as written.
 */
export function describeError(error: unknown, secrets: readonly string[] = []): ErrorEnvelope {
  const sorted = sort(error, (text) => redactSecrets(text, secrets));
  const message = oneLine(sorted.message);
  const own = cliErrorIn(error);
  // An upstream error keeps the request id of the SDK error it stands for.
  const api =
    error instanceof APIError ? error : own?.cause instanceof APIError ? own.cause : undefined;
  const retryAfterMs = error instanceof RateLimitError ? error.retryAfterMs : undefined;
  return {
    ok: false,
    error: {
      code: sorted.code,
      message,
      exitCode: EXIT_CODES[sorted.kind],
      status: api?.status ?? own?.status ?? null,
      retryable: sorted.retryable,
      retryAfterSeconds: retryAfterMs === undefined ? null : Math.ceil(retryAfterMs / 1000),
      requestId: api?.requestId ?? null,
    },
  };
}
