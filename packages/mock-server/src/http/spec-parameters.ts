/**
 * The query parameters of every operation, read from the spec (the generated
 * `openapi.json`), so the mock accepts exactly what `spec/openapi.yaml`
 * documents and the two can never drift: a parameter the operation does not
 * define, a repeated parameter, or `include` where none is accepted is a 400.
 */

import type { OperationId } from '../engine/operations.js';
import spec from '../generated/openapi.json' with { type: 'json' };
import { badParameter } from './errors.js';

/** The query parameters of one operation. */
export interface OperationQuery {
  /** Every query parameter name the operation defines, in spec order. */
  readonly names: readonly string[];
  /** The `include` values it accepts; `undefined` when it takes no `include`. */
  readonly include: readonly string[] | undefined;
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/parameters/X`) of the spec. */
function resolve(value: unknown): Json | undefined {
  if (!isJson(value)) return undefined;
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  let target: unknown = spec;
  for (const segment of ref.replace(/^#\//, '').split('/')) {
    target = isJson(target) ? target[segment] : undefined;
  }
  return isJson(target) ? target : undefined;
}

function queryParameters(list: unknown): Json[] {
  if (!Array.isArray(list)) return [];
  return list.map(resolve).filter((p): p is Json => p !== undefined && p.in === 'query');
}

function includeValues(parameter: Json | undefined): string[] | undefined {
  if (parameter === undefined) return undefined;
  const schema = resolve(parameter.schema);
  const items = resolve(schema?.items);
  const values = items?.enum;
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

function buildTable(): Map<string, OperationQuery> {
  const table = new Map<string, OperationQuery>();
  const paths = isJson(spec.paths) ? spec.paths : {};
  for (const item of Object.values(paths)) {
    if (!isJson(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isJson(operation) || typeof operation.operationId !== 'string') continue;
      const parameters = [
        ...queryParameters(item.parameters),
        ...queryParameters(operation.parameters),
      ];
      table.set(operation.operationId, {
        names: parameters.map((p) => String(p.name)),
        include: includeValues(parameters.find((p) => p.name === 'include')),
      });
    }
  }
  return table;
}

const TABLE = buildTable();
const NONE: OperationQuery = { names: [], include: undefined };

/** The query parameters the spec defines for an operation. */
export function operationQuery(operationId: OperationId): OperationQuery {
  return TABLE.get(operationId) ?? NONE;
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
