/** Options shared by every shiptrack error. */
export interface ShiptrackErrorOptions {
  /** The underlying error, when this one wraps another. */
  cause?: unknown;
}

/**
 * Base class of every error thrown by `@shiptrack/sdk`.
 * Catch this to handle any failure of the SDK in one place.
 */
export class ShiptrackError extends Error {
  override name = 'ShiptrackError';

  constructor(message: string, options: ShiptrackErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** One member of a JSON:API `errors` array, as the service sends it. */
export interface JsonApiErrorObject {
  status?: string | null;
  title?: string;
  detail?: string | null;
  code?: string | null;
  source?: { pointer?: string | null; parameter?: string | null } | null;
  meta?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** What an {@link APIError} is built from: one failed HTTP exchange. */
export interface APIErrorInit extends ShiptrackErrorOptions {
  /** HTTP status; absent when no response came. */
  status?: number;
  /** The response's status text, used when the body names no error title. */
  statusText?: string;
  errors?: JsonApiErrorObject[];
  headers?: Headers;
  /** `METHOD /path` of the request, for the message (never carries credentials). */
  request?: string;
  /** How many attempts were made before giving up (1 when no retry happened). */
  attempts?: number;
  /** Replaces the generated message. */
  message?: string;
}

/** Reads the request id of a response: `X-Request-Id` (or `Request-Id`), if the service sent one. */
export function requestIdOf(headers: Headers | undefined): string | undefined {
  return headers?.get('x-request-id') ?? headers?.get('request-id') ?? undefined;
}

/** What the caller can do about an error of a given status, when the service did not say. */
function adviceFor(status: number): string {
  if (status === 400) return 'Fix the request parameters named in `errors[].source`.';
  if (status === 401)
    return 'Check the API key (SVC_API_TOKEN or the `apiKey` option) or refresh the OAuth access token.';
  if (status === 403) return 'Ask the provider to enable this feature for the account.';
  if (status === 404) return 'Check the id; list the resources to find valid ids.';
  if (status === 408) return 'Retry the request later.';
  if (status === 413) return 'Send a smaller request body (at most 1 MB).';
  if (status === 414 || status === 431)
    return 'Shorten the request: a search query of a few words, fewer or shorter filter values.';
  if (status === 415) return 'Send the body as application/vnd.api+json.';
  if (status === 422) return 'Fix the attributes named in `errors[].source.pointer`.';
  if (status === 429)
    return 'Slow down: wait before the next request to this bucket, or subscribe to webhooks instead of polling.';
  if (status >= 500) return 'The service failed; retry later.';
  return 'See `errors` for details.';
}

/** Ends a sentence with a full stop unless it already has one. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * `<status> <title> (<request>): <detail>` with the advice said once: the
 * service's `detail` when it sent one (it says what went wrong and what to
 * do), otherwise the SDK's advice for the status.
 */
function describe(init: APIErrorInit & { status: number }): string {
  const first = init.errors?.[0];
  const title = first?.title ?? (init.statusText || 'Error');
  const where = init.request ? ` (${init.request})` : '';
  const explanation = first?.detail ? sentence(first.detail) : adviceFor(init.status);
  const id = requestIdOf(init.headers);
  return `${init.status} ${title}${where}: ${explanation}${id ? ` Request id: ${id}.` : ''}`;
}

/**
 * A call to the service failed: the service answered with an error status
 * (the subclasses name the common ones), or no answer came
 * ({@link APIConnectionError}, {@link APITimeoutError}), or the caller
 * aborted ({@link APIUserAbortError}). Catch this class to handle every
 * failure of a request in one place; `status` is set when the service
 * answered.
 */
export class APIError extends ShiptrackError {
  override name = 'APIError';
  /** HTTP status of the response; `undefined` when no response came. */
  readonly status: number | undefined;
  /** The JSON:API `errors` array of the body (empty when the body had none). */
  readonly errors: JsonApiErrorObject[];
  /** Response headers (empty when no response came). */
  readonly headers: Headers;
  /** The service's request id (`X-Request-Id`), for support tickets. */
  readonly requestId: string | undefined;
  /** Number of attempts made, including the first. */
  readonly attempts: number;

  constructor(init: APIErrorInit) {
    super(
      init.message ??
        (init.status === undefined
          ? 'The request failed.'
          : describe({ ...init, status: init.status })),
      init,
    );
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.headers = init.headers ?? new Headers();
    this.requestId = requestIdOf(init.headers);
    this.attempts = init.attempts ?? 1;
  }

  /** Machine code of the first error object (`duplicate`, `blank`, ...), if any. */
  get code(): string | undefined {
    return this.errors[0]?.code ?? undefined;
  }
}

/** The service answered with an error status; `status` is always set. */
export class APIStatusError extends APIError {
  override name = 'APIStatusError';
  declare readonly status: number;
}

/** 400: a query parameter or the body is malformed. */
export class BadRequestError extends APIStatusError {
  override name = 'BadRequestError';
}

/** 401: the API key or access token is missing, unknown or expired. */
export class AuthenticationError extends APIStatusError {
  override name = 'AuthenticationError';
}

/** 403: the feature is not enabled for the account (for example container routes). */
export class PermissionDeniedError extends APIStatusError {
  override name = 'PermissionDeniedError';
}

/** 404: the resource does not exist (or is not visible to this account). */
export class NotFoundError extends APIStatusError {
  override name = 'NotFoundError';
}

/** 422: validation failed; `code` (for example `duplicate`) and `pointer` say why and where. */
export class UnprocessableEntityError extends APIStatusError {
  override name = 'UnprocessableEntityError';

  /** JSON pointer of the offending member, such as `/data/attributes/request_number`. */
  get pointer(): string | undefined {
    return this.errors[0]?.source?.pointer ?? undefined;
  }
}

/**
 * 422 `invalid_rotation`: a document rotation other than 90, 180 or 270
 * degrees reached the service (the SDK checks this before sending, so it
 * comes from a caller that went around the types or a service that narrowed
 * the rule).
 */
export class InvalidRotationError extends UnprocessableEntityError {
  override name = 'InvalidRotationError';
}

/**
 * 422 `no_document_attached`: the document has no file to work on (to
 * rotate, re-extract, re-classify or download). Create a document from an
 * uploaded file instead.
 */
export class DocumentNotAttachedError extends UnprocessableEntityError {
  override name = 'DocumentNotAttachedError';
}

/**
 * 409: the record already exists. For a document, `existingId` is the
 * document the same file already is.
 */
export class ConflictError extends APIStatusError {
  override name = 'ConflictError';

  /** The id of the record that already exists, when the service named it. */
  get existingId(): string | undefined {
    const meta = this.errors[0]?.meta;
    const id = meta?.existing_document_id ?? meta?.existing_id;
    return typeof id === 'string' ? id : undefined;
  }
}

/** Extra facts of a {@link RateLimitError}. */
export interface RateLimitErrorInit extends APIErrorInit {
  status: 429;
  /** How long the service (or the client-side limiter) asks to wait, in ms. */
  retryAfterMs?: number;
  /** The rate-limit bucket of the request (`default`, `refresh_container`, ...). */
  bucket?: string;
  /** True when the client-side limiter refused to queue (nothing was sent). */
  clientSide?: boolean;
}

/**
 * 429, or a client-side wait longer than `maxRetryAfterMs`: the bucket is
 * exhausted. Wait `retryAfterMs` before sending to this bucket again.
 */
export class RateLimitError extends APIStatusError {
  override name = 'RateLimitError';
  /** How long to wait before the next request to this bucket, in ms (undefined when unknown). */
  readonly retryAfterMs: number | undefined;
  /** The rate-limit bucket of the request. */
  readonly bucket: string | undefined;
  /** True when the client-side limiter refused to queue longer than `rateLimit.maxWaitMs` (nothing was sent). */
  readonly clientSide: boolean;

  constructor(init: RateLimitErrorInit) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
    this.bucket = init.bucket;
    this.clientSide = init.clientSide ?? false;
  }
}

/**
 * 413, 414 or 431: the request is too large for the service (a body over
 * 1 MB, a URL or headers too long, such as a search query of thousands of
 * characters). Sending it again cannot help, so it is never retried:
 * shorten it.
 */
export class RequestTooLargeError extends APIStatusError {
  override name = 'RequestTooLargeError';
}

/** 5xx: the service failed. Retried automatically where that is safe. */
export class InternalServerError extends APIStatusError {
  override name = 'InternalServerError';
}

/** What {@link createAPIError} builds an error from: an error response. */
export interface APIStatusErrorInit extends Omit<RateLimitErrorInit, 'status'> {
  status: number;
}

/** Picks the error class for a status and builds it. */
export function createAPIError(init: APIStatusErrorInit): APIStatusError {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 422) {
    const code = init.errors?.[0]?.code;
    if (code === 'invalid_rotation') return new InvalidRotationError(init);
    if (code === 'no_document_attached') return new DocumentNotAttachedError(init);
    return new UnprocessableEntityError(init);
  }
  if (status === 413 || status === 414 || status === 431) return new RequestTooLargeError(init);
  if (status === 429) return new RateLimitError({ ...init, status });
  if (status >= 500) return new InternalServerError(init);
  return new APIStatusError(init);
}

/** Options of an {@link APIConnectionError}. */
export interface APIConnectionErrorOptions extends ShiptrackErrorOptions {
  /** How many attempts were made before giving up (default 1). */
  attempts?: number;
  /** What to check next, added after the message; {@link APIConnectionError.summary} leaves it out. */
  advice?: string;
}

/**
 * The request never got an answer: DNS failure, refused or reset
 * connection, TLS error, or a time-out ({@link APITimeoutError} extends this
 * class). `status` is undefined. Check the network and `baseUrl`.
 */
export class APIConnectionError extends APIError {
  override name = 'APIConnectionError';
  /**
   * What happened, without the advice the message ends with: for a surface
   * (the CLI, MCP) that words what to check in its own terms.
   */
  readonly summary: string;

  constructor(message: string, options: APIConnectionErrorOptions = {}) {
    super({
      message: options.advice ? `${message} ${options.advice}` : message,
      cause: options.cause,
      attempts: options.attempts,
    });
    this.summary = message;
  }
}

/**
 * An attempt exceeded `timeoutMs`, or the call exceeded `deadlineMs`. It
 * extends {@link APIConnectionError}, so `instanceof APIConnectionError`
 * catches time-outs too.
 */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
}

/** What an {@link IncompleteResponseError} is built from. */
export interface IncompleteResponseErrorInit extends ShiptrackErrorOptions {
  status: number;
  headers: Headers;
  /** `METHOD /path` of the request. */
  request: string;
  attempts: number;
  /** Whether the request was safe to repeat (it was retried while attempts remained). */
  idempotent: boolean;
}

/**
 * The service answered (its status and headers arrived) but the body
 * ended before it was complete: the connection closed short of the
 * announced `Content-Length`, or a chunked body stopped mid-way. Unlike an
 * {@link APIConnectionError}, the service was reached and may have acted:
 * `status` and `requestId` are its answer's. Idempotent requests (GET,
 * PATCH edits) are retried like a connection failure; other writes are
 * not, since the service may have applied them.
 */
export class IncompleteResponseError extends APIError {
  override name = 'IncompleteResponseError';
  declare readonly status: number;

  constructor(init: IncompleteResponseErrorInit) {
    const id = requestIdOf(init.headers);
    const retries = init.attempts > 1 ? ` (after ${init.attempts} attempts)` : '';
    const advice = init.idempotent
      ? 'Retry later; if it keeps happening, a proxy or the service is dropping connections'
      : 'It was not retried, since the service may have applied it: check its effect (list or get the record) before sending it again';
    super({
      status: init.status,
      headers: init.headers,
      attempts: init.attempts,
      cause: init.cause,
      message: `The service answered ${init.request} with status ${init.status}, but the body was cut off before its end${retries}. ${advice}.${id ? ` Request id: ${id}.` : ''}`,
    });
  }
}

/** The caller's `AbortSignal` fired; the reason is the `cause`. */
export class APIUserAbortError extends APIError {
  override name = 'APIUserAbortError';

  constructor(options: ShiptrackErrorOptions = {}) {
    super({
      message: 'The request was aborted by the caller (its AbortSignal fired).',
      cause: options.cause,
    });
  }
}

/**
 * An argument cannot be sent as given (a missing id, a number that is not
 * a string, an unknown filter, a page size that is not a number). Nothing
 * was sent and no rate-limit slot was used; `argument` names the argument.
 */
export class InvalidArgumentError extends ShiptrackError {
  override name = 'InvalidArgumentError';
  /** The argument, as the call names it: `id`, `filter.updatedAfter`, `pageSize`. */
  readonly argument: string;

  constructor(argument: string, message: string) {
    super(message);
    this.argument = argument;
  }
}

/** The client was created with missing or invalid options. */
export class ConfigurationError extends ShiptrackError {
  override name = 'ConfigurationError';
}
