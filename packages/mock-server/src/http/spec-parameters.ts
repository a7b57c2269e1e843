/**
 * The query parameters of every operation, as the spec defines them
 * (generated from `spec/openapi.yaml` into `generated/query-parameters.ts`),
 * so the mock accepts exactly what the spec documents and the two can never
 * drift: a parameter the operation does not define, a repeated parameter, or
 * `include` where none is accepted is a 400.
 */

import type { OperationId } from '../engine/operations.js';
import { queryParameters } from '../generated/query-parameters.js';
import { badParameter } from './errors.js';

/** The query parameters of one operation. */
export interface OperationQuery {
  /** Every query parameter name the operation defines, in spec order. */
  readonly names: readonly string[];
  /** The `include` values it accepts; `undefined` when it takes no `include`. */
  readonly include?: readonly string[];
}

// Typed by the operation table: an operation the generated tables lack does not compile.
const TABLE: Readonly<Record<OperationId, OperationQuery>> = queryParameters;

/** The query parameters the spec defines for an operation. */
export function operationQuery(operationId: OperationId): OperationQuery {
  return TABLE[operationId];
}

/**
 * Rejects (400 with `source.parameter`) a query parameter that the operation
 * does not define, a parameter given more than once, and `include` on an
 * operation that accepts none.
 */
export function checkQuery(operationId: OperationId, params: URLSearchParams): void {
  const { names, include } = operationQuery(operationId);
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) {
      throw badParameter(
        key,
        key === 'include'
          ? 'The include parameter is given more than once. Send it once, with its values comma separated (include=a,b).'
          : `The ${key} parameter is given more than once. Send it once.`,
      );
    }
    seen.add(key);
    if (names.includes(key)) continue;
    if (key === 'include' && include === undefined) {
      throw badParameter(
        key,
        'This endpoint does not accept include: it has no related records to embed.',
      );
    }
    throw badParameter(
      key,
      names.length === 0
        ? `The ${key} parameter is not accepted here: this endpoint takes no query parameters.`
        : `The ${key} parameter is not accepted here. This endpoint takes: ${names.join(', ')}.`,
    );
  }
}
