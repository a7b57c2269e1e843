/**
 * JSON:API errors of the HTTP layer. Routes throw {@link HttpError}s (or
 * engine errors); `renderError` turns any of them into the error document.
 */
import {
  DuplicateTrackingRequestError,
  FeatureNotEnabledError,
  ResumeConflictError,
  UnknownShippingLineError,
  UnsupportedRequestTypeError,
} from '../engine/errors.js';
import {
  DuplicateRecordError,
  InvalidInputError,
  QueryParameterError,
  RecordNotFoundError,
  StateConflictError,
} from '../engine/problems.js';
import {
  WebhookParameterError,
  WebhookResourceNotFoundError,
  WebhookValidationError,
} from '../engine/webhooks/errors.js';
import { jsonApi } from './documents.js';

/** One JSON:API error object. */
export interface ErrorObject {
  status: string;
  title: string;
  detail?: string;
  code?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

/** One problem of a request body, located by a JSON pointer. */
export interface BodyIssue {
  pointer: string;
  /** `blank`, `invalid`, `unknown_attribute`, `duplicate`, ... */
  code: string;
  /**
   * What is wrong with the member, as the rest of a sentence whose subject is
   * the member (`can't be blank.`); the error's `detail` puts the two together.
   */
  detail: string;
}

/**
 * The member a JSON pointer names, as a sentence's subject: `request_number`
 * for `/data/attributes/request_number`, `headers[0].name` for
 * `/data/attributes/headers/0/name`, `The body` for the whole body.
 */
export function memberOf(pointer: string): string {
  if (pointer === '') return 'The body';
  const segments = pointer
    .replace(/^\/data\/attributes(?=\/|$)/, '')
    .split('/')
    .slice(1);
  if (segments.length === 0) return 'attributes';
  return segments
    .map((segment, index) =>
      /^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('');
}

/** An HTTP failure with its JSON:API errors and extra headers. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly status: number,
    readonly errors: ErrorObject[],
    readonly headers: Record<string, string> = {},
    options: { cause?: unknown } = {},
  ) {
    super(errors.map((error) => error.detail ?? error.title).join('; '), options);
  }
}

function one(status: number, title: string, rest: Omit<ErrorObject, 'status' | 'title'> = {}) {
  return new HttpError(status, [{ status: String(status), title, ...rest }]);
}

/** 400 for a bad query parameter. */
export function badParameter(parameter: string, detail: string): HttpError {
  return one(400, 'Bad Request', { detail, code: 'invalid', source: { parameter } });
}

/** 400 for a request that cannot be read as the service would read it (its path, say). */
export function badRequest(detail: string, code: string): HttpError {
  return one(400, 'Bad Request', { detail, code });
}

/** 400 for a body that is not JSON (or is missing). */
export function malformedBody(detail: string): HttpError {
  return one(400, 'Bad Request', { detail, code: 'malformed', source: { pointer: '' } });
}

/** 401 for missing or unknown credentials. */
export function unauthorized(detail: string): HttpError {
  return new HttpError(
    401,
    [{ status: '401', title: 'Unauthorized', detail, code: 'unauthorized' }],
    { 'WWW-Authenticate': 'Token realm="shiptrack"' },
  );
}

/** 403 for a paid feature the account lacks. */
export function featureNotEnabled(detail: string): HttpError {
  return one(403, 'Forbidden', { detail, code: 'feature_not_enabled' });
}

/**
 * 403 for a request the mock will not answer from where it came: a `Host`
 * or `Origin` it does not serve (DNS rebinding, cross-site requests).
 */
export function forbidden(detail: string, code: string): HttpError {
  return one(403, 'Forbidden', { detail, code });
}

/** 401 for a control API request without the control token (or with a wrong one). */
export function controlTokenRefused(detail: string, code: string): HttpError {
  return new HttpError(401, [{ status: '401', title: 'Unauthorized', detail, code }], {
    'WWW-Authenticate': 'Bearer realm="shiptrack-mock-control"',
  });
}

/** 404 for a record that is not in the caller's account (or an id that is not a UUID). */
export function notFound(detail: string): HttpError {
  return one(404, 'Not Found', { detail, code: 'not_found' });
}

/**
 * 405 for a path that exists with other methods; `Allow` lists them (HEAD
 * beside GET, which answers it).
 */
export function methodNotAllowed(method: string, allowed: readonly string[]): HttpError {
  const methods = allowed.flatMap((name) => (name === 'GET' ? ['GET', 'HEAD'] : [name]));
  return new HttpError(
    405,
    [
      {
        status: '405',
        title: 'Method Not Allowed',
        detail: `${method} is not supported here; use ${methods.join(' or ')}.`,
        code: 'method_not_allowed',
      },
    ],
    { Allow: methods.join(', ') },
  );
}

/** 413 for a body over the limit. */
export function payloadTooLarge(limitBytes: number): HttpError {
  return one(413, 'Payload Too Large', {
    detail: `The request body is larger than ${limitBytes} bytes. Send a smaller body.`,
    code: 'payload_too_large',
  });
}

/** 415 for a body that is not JSON:API or JSON. */
export function unsupportedMediaType(contentType: string | undefined): HttpError {
  return one(415, 'Unsupported Media Type', {
    detail: `Content-Type ${contentType ? `"${contentType}"` : '(none)'} is not accepted. Send the body as application/vnd.api+json (or application/json).`,
    code: 'unsupported_media_type',
  });
}

/** 422 listing every problem of a body. */
export function unprocessable(
  issues: readonly BodyIssue[],
  title = 'Unprocessable Entity',
): HttpError {
  return new HttpError(
    422,
    issues.map((issue) => ({
      status: '422',
      title,
      detail: `${memberOf(issue.pointer)} ${issue.detail}`,
      code: issue.code,
      source: { pointer: issue.pointer },
    })),
  );
}

/** 429 with `Retry-After`. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    [
      {
        status: '429',
        title: 'Too Many Requests',
        detail: `Rate limit exceeded. Reduce the frequency of your requests and retry after ${retryAfterSeconds} seconds; use webhooks instead of polling for updates.`,
        code: 'rate_limited',
      },
    ],
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** 5XX raised by fault injection or an unexpected failure. */
export function serverError(status: number, detail: string): HttpError {
  return one(status, status === 503 ? 'Service Unavailable' : 'Internal Server Error', {
    detail,
    code: 'server_error',
  });
}

/** Turns any error thrown by a route into an {@link HttpError}. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof DuplicateTrackingRequestError) {
    return unprocessable([
      {
        pointer: '/data/attributes/request_number',
        code: 'duplicate',
        detail: `is already being tracked with ${error.scac}: tracking request ${error.existingId} for ${error.requestNumber} is pending or created. Read that request instead of creating another.`,
      },
    ]);
  }
  if (error instanceof UnknownShippingLineError) {
    return unprocessable([
      {
        pointer: '/data/attributes/scac',
        code: 'invalid',
        detail: `is not a supported shipping line ("${error.scac}"). List GET /shipping_lines for the SCACs you can track with, or infer one with POST /tracking_requests/infer_number.`,
      },
    ]);
  }
  if (error instanceof UnsupportedRequestTypeError) {
    const supported =
      error.supported.length === 0
        ? 'no request type: it is no longer tracked. Pick another carrier from GET /shipping_lines.'
        : `only ${error.supported.join(', ')}. Send one of those request types, or pick another carrier.`;
    return unprocessable([
      {
        pointer: '/data/attributes/scac',
        code: 'unsupported_request_type',
        detail: `names a carrier that does not track ${error.requestType} numbers: ${error.lineName} (${error.scac}) supports ${supported}`,
      },
    ]);
  }
  if (error instanceof ResumeConflictError) {
    return one(422, 'Unprocessable Entity', { detail: error.message, code: 'duplicate' });
  }
  if (error instanceof FeatureNotEnabledError) return featureNotEnabled(error.message);
  if (error instanceof InvalidInputError) return unprocessable(error.issues, error.title);
  if (error instanceof StateConflictError) {
    return one(422, error.title, { detail: error.message, code: error.code });
  }
  if (error instanceof DuplicateRecordError) {
    return one(409, 'Conflict', { detail: error.message, code: 'duplicate', meta: error.meta });
  }
  if (error instanceof RecordNotFoundError) return notFound(error.message);
  if (error instanceof QueryParameterError) return badParameter(error.parameter, error.message);
  if (error instanceof WebhookValidationError) return unprocessable([...error.issues]);
  if (error instanceof WebhookResourceNotFoundError) return notFound(error.message);
  if (error instanceof WebhookParameterError) return badParameter(error.parameter, error.message);
  return new HttpError(
    500,
    [
      {
        status: '500',
        title: 'Internal Server Error',
        detail:
          'The mock server failed unexpectedly; see its stderr log. Retry, or report the request that caused it.',
        code: 'internal_error',
      },
    ],
    {},
    { cause: error },
  );
}

/** The JSON:API error response of an error. */
export function renderError(error: HttpError): Response {
  return jsonApi({ errors: error.errors }, error.status, error.headers);
}
