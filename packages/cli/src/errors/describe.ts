import {
  AmbiguousNumberError,
  APIError,
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

function sort(error: unknown): Sorted {
  const own = cliErrorIn(error);
  if (own) {
    return {
      kind: own.kind,
      code: own.code,
      message: own.message,
      retryable: RETRYABLE_CODES.has(own.code),
    };
  }
  if (error instanceof ConfigurationError) {
    return {
      kind: 'authentication',
      code: 'configuration',
      message: `${error.message} (${KEY_HELP})`,
      retryable: false,
    };
  }
  if (error instanceof CarrierNotDeterminedError) {
    const listed = error.candidates.map((c) => `${c.scac} (${c.name})`).join(', ');
    return {
      kind: 'validation',
      code: 'carrier_not_determined',
      message: `The carrier of "${error.number}" could not be determined (${error.decision}).${listed ? ` Candidates: ${listed}.` : ''} Pass --scac with the carrier's SCAC${error.candidates[0] ? `, e.g. --scac ${error.candidates[0].scac}` : ' (shiptrack shipping-lines list shows them)'}.`,
      retryable: false,
    };
  }
  if (error instanceof NumberTypeNotDeterminedError) {
    return {
      kind: 'validation',
      code: 'number_type_not_determined',
      message: `Could not tell what kind of number "${error.number}" is: pass --type bill_of_lading, booking_number or container.`,
      retryable: false,
    };
  }
  if (error instanceof WaitTimeoutError) {
    return { kind: 'network', code: 'wait_timeout', message: error.message, retryable: true };
  }
  return fromClassification(error, classifyError(error));
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
function fromClassification(error: unknown, classified: ErrorClassification): Sorted {
  const { category, retryable, httpStatus } = classified;
  const text = error instanceof Error ? error.message : String(error);
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
      return sorted(
        'unreachable',
        `${text} Check the network and the base URL (--base-url or SVC_API_BASE_URL, ending in /v2).`,
      );
    case 'service_error':
      return sorted('service_error', text);
    case 'upstream_error':
      return sorted('upstream_error', text);
    case 'internal_error':
      break;
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    kind: 'failure',
    code: 'internal_error',
    message: `Unexpected failure (${message}); please report it.`,
    retryable: false,
  };
}

function snake(name: string): string {
  return name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * The envelope and exit code of any failure: the SDK's error tree sorted
 * into the CLI's exit codes. `secrets` are blanked out of the message, so a
 * key never reaches stderr even when a message quotes what was sent.
 */
export function describeError(error: unknown, secrets: readonly string[] = []): ErrorEnvelope {
  const sorted = sort(error);
  let message = oneLine(sorted.message);
  for (const secret of secrets) {
    if (secret.length > 0) message = message.split(secret).join('[redacted]');
  }
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
