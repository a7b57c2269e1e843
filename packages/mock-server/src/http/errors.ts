/**
 * JSON:API errors of the HTTP layer. Routes throw {@link HttpError}s (or
 * engine errors); `renderError` turns any of them into the error document.
 */
import {
  DuplicateTrackingRequestError,
  FeatureNotEnabledError,
  UnknownShippingLineError,
} from '../engine/errors.js';
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
  detail: string;
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

/** 404 for a record that is not in the caller's account (or an id that is not a UUID). */
export function notFound(detail: string): HttpError {
  return one(404, 'Not Found', { detail, code: 'not_found' });
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
export function unprocessable(issues: readonly BodyIssue[]): HttpError {
  return new HttpError(
    422,
    issues.map((issue) => ({
      status: '422',
      title: 'Unprocessable Entity',
      detail: `${issue.pointer} ${issue.detail}`,
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
      { pointer: '/data/attributes/request_number', code: 'duplicate', detail: error.message },
    ]);
  }
  if (error instanceof UnknownShippingLineError) {
    return unprocessable([
      { pointer: '/data/attributes/scac', code: 'invalid', detail: error.message },
    ]);
  }
  if (error instanceof FeatureNotEnabledError) return featureNotEnabled(error.message);
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
