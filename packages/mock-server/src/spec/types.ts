/**
 * What the spec check answers, shared by its users (stubs, the validating
 * proxy) without loading it: the check itself, with ajv and the spec, is a
 * file of its own that `load.ts` reads on first use.
 */
import type { OperationId } from '../engine/operations.js';

/** The kinds of mismatch between an exchange and `spec/openapi.yaml`. */
export type SpecMismatchKind =
  /** The method and path are no operation of the spec. */
  | 'unknown_operation'
  /** A query parameter the operation does not define, or one given twice. */
  | 'request_query'
  /** The request body does not match the operation's schema (or its content type is not documented). */
  | 'request_body'
  /** The spec documents no answer with this status for the operation. */
  | 'response_status'
  /** The answer's content type is not the documented one (or a body came where none is documented). */
  | 'response_content_type'
  /** The answer's body does not match the documented schema. */
  | 'response_body';

/** One mismatch between an exchange and the spec. */
export interface SpecMismatch {
  readonly kind: SpecMismatchKind;
  /**
   * Where in the body (a JSON Pointer, `''` for the whole body) for
   * `request_body` and `response_body`; a missing member is named in it
   * (`/data/attributes/current_status`). `null` for the other kinds.
   */
  readonly pointer: string | null;
  /** What is wrong, in one sentence. */
  readonly message: string;
}

/** A request as the spec check reads it. */
export interface CheckedRequest {
  readonly method: string;
  /** The path from the REST base, starting with `/v2` (`/v2/containers/abc`). */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The `Content-Type` header, or `null`. */
  readonly contentType: string | null;
  /** The parsed JSON body, `undefined` when there was none. */
  readonly body: unknown;
}

/** An answer as the spec check reads it. */
export interface CheckedResponse {
  readonly status: number;
  /** The `Content-Type` header, or `null`. */
  readonly contentType: string | null;
  /** The parsed JSON body, `undefined` when there was none; a string for a body that is not JSON. */
  readonly body: unknown;
}

/** The result of checking a request: its operation (when it is one) and the mismatches. */
export interface RequestCheck {
  readonly operationId: OperationId | null;
  readonly mismatches: readonly SpecMismatch[];
}

/** Checks requests and answers against `spec/openapi.yaml`. */
export interface SpecCheck {
  /** The operation of a request and what in it does not match the spec. */
  checkRequest(request: CheckedRequest): RequestCheck;
  /** What in an answer to `operationId` does not match the spec (empty when it all does). */
  checkResponse(operationId: OperationId, response: CheckedResponse): SpecMismatch[];
}
