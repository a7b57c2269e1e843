/**
 * Errors of the engine's newer services (documents, custom fields, parties,
 * maps). They say what was wrong in terms of the request, so the HTTP layer
 * maps each to one status without knowing the service: 422 with located
 * issues, 422 for a state that forbids the operation, 409 for a duplicate,
 * 404 for a record the account does not have, 400 for a bad query parameter.
 */

/** One problem of a request body, located by a JSON pointer. */
export interface InputIssue {
  /** JSON pointer into the request body, e.g. `/data/attributes/value`. */
  readonly pointer: string;
  /** Machine code: `blank`, `invalid`, `inclusion`, `taken`, `limit_reached`, ... */
  readonly code: string;
  /** The rest of a sentence whose subject is the member (`must be a number; got "x".`). */
  readonly detail: string;
}

/** A body the service refuses with 422; nothing was written. */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
  /** The error's title when it is not the generic "Unprocessable Entity" (e.g. "Invalid rotation"). */
  readonly title: string | undefined;

  constructor(
    readonly issues: readonly InputIssue[],
    options: { cause?: unknown; title?: string } = {},
  ) {
    super(issues.map((issue) => `${issue.pointer} ${issue.detail}`).join('; '), options);
    this.title = options.title;
  }
}

/** The record is in a state that forbids the operation (422 with a fixed title and code). */
export class StateConflictError extends Error {
  override name = 'StateConflictError';

  constructor(
    readonly title: string,
    readonly code: string,
    detail: string,
    options: { cause?: unknown } = {},
  ) {
    super(detail, options);
  }
}

/** The request would duplicate an existing record (409, with what identifies it in `meta`). */
export class DuplicateRecordError extends Error {
  override name = 'DuplicateRecordError';

  constructor(
    detail: string,
    readonly meta: Record<string, string>,
    options: { cause?: unknown } = {},
  ) {
    super(detail, options);
  }
}

/** No such record in the caller's account (404). */
export class RecordNotFoundError extends Error {
  override name = 'RecordNotFoundError';
}

/** A query parameter the operation cannot honour (400 naming it). */
export class QueryParameterError extends Error {
  override name = 'QueryParameterError';

  constructor(
    readonly parameter: string,
    detail: string,
    options: { cause?: unknown } = {},
  ) {
    super(detail, options);
  }
}
