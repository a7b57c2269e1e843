/**
 * Query parameter values: pages and includes are checked against their
 * ranges and enums, filters against their formats. Which parameters an
 * endpoint accepts at all is checked before the route runs (see
 * `spec-parameters.ts`).
 */
import type { Context } from 'hono';
import { parseTimestamp } from '../engine/time.js';
import type { Page } from './documents.js';
import type { AppEnv } from './env.js';
import { badParameter } from './errors.js';
import { operationQuery } from './spec-parameters.js';

/** Parsed queries by request: the guard and the route read the same one. */
const parsed = new WeakMap<Request, URLSearchParams>();

/** The query of a request, parsed once per request. */
export function queryOf(c: Context): URLSearchParams {
  let params = parsed.get(c.req.raw);
  if (params === undefined) {
    const url = c.req.url;
    const mark = url.indexOf('?');
    params = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
    parsed.set(c.req.raw, params);
  }
  return params;
}

function integerParameter(
  params: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw badParameter(name, `${name} must be an integer ${range}; got "${raw}".`);
  }
  return Number(raw);
}

/** `page[number]` (>= 1, default 1) and `page[size]` (1..100, default 30). */
export function parsePage(params: URLSearchParams): Page {
  return {
    number: integerParameter(params, 'page[number]', 1, Number.MAX_SAFE_INTEGER, 1),
    size: integerParameter(params, 'page[size]', 1, 100, 30),
  };
}

/**
 * The `include` list, each value checked against the enum that the spec
 * defines for the request's operation; `fallback` when absent.
 */
export function parseInclude(
  c: Context<AppEnv>,
  params: URLSearchParams,
  fallback: readonly string[] = [],
): string[] {
  const operationId = c.get('operationId');
  const allowed =
    (operationId === undefined ? undefined : operationQuery(operationId).include) ?? [];
  if (params.get('include') === null) return [...fallback];
  const values = listParameter(params, 'include') ?? [];
  for (const value of values) {
    if (!allowed.includes(value)) {
      throw badParameter(
        'include',
        `"${value}" cannot be included here. Allowed values: ${allowed.join(', ')} (comma separated).`,
      );
    }
  }
  return [...new Set(values)];
}

/**
 * A comma-separated parameter as its items, trimmed; undefined when absent
 * or blank. An empty item (`a,,b`, a leading or trailing comma) is a 400
 * naming the parameter: the one reader of comma lists.
 */
export function listParameter(params: URLSearchParams, name: string): string[] | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const items = raw.split(',').map((item) => item.trim());
  if (items.includes('')) {
    throw badParameter(
      name,
      `${name} has an empty item ("${raw}"); separate its values with single commas, with none at the start or end (e.g. a,b).`,
    );
  }
  return items;
}

/** A boolean filter (`true` or `false`), or undefined when absent. */
export function booleanParameter(params: URLSearchParams, name: string): boolean | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (raw !== 'true' && raw !== 'false') {
    throw badParameter(name, `${name} must be true or false; got "${raw}".`);
  }
  return raw === 'true';
}

/** A date-time filter as epoch ms, or undefined when absent. */
export function timestampParameter(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const ms = parseTimestamp(raw);
  if (ms === undefined) {
    throw badParameter(
      name,
      `${name} must be an ISO 8601 date-time such as 2025-03-01T00:00:00Z; got "${raw}".`,
    );
  }
  return ms;
}

/** A filter restricted to an enum, or undefined when absent. */
export function enumParameter<T extends string>(
  params: URLSearchParams,
  name: string,
  values: readonly T[],
): T | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const match = values.find((value) => value === raw);
  if (match === undefined) {
    throw badParameter(name, `${name} must be one of ${values.join(', ')}; got "${raw}".`);
  }
  return match;
}

/** A UN/LOCODE filter (upper-cased), or undefined when absent. */
export function locodeParameter(params: URLSearchParams, name: string): string | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const code = raw.toUpperCase();
  if (!/^[A-Z]{2}[A-Z2-9]{3}$/.test(code)) {
    throw badParameter(name, `${name} must be a UN/LOCODE such as USLAX; got "${raw}".`);
  }
  return code;
}

/** A parameter as sent, matched exactly (an id), or undefined when absent. */
export function exactParameter(params: URLSearchParams, name: string): string | undefined {
  return params.get(name) ?? undefined;
}

/** A free-text parameter, trimmed and upper-cased for matching, or undefined. */
export function textParameter(params: URLSearchParams, name: string): string | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  return raw.trim().toUpperCase();
}
