/**
 * Request patterns: read from a control-API body or a JavaScript call (the
 * same JSON), and compared with journal entries and incoming requests. A
 * failed comparison says where it failed, for verification messages.
 */
import { pathGlobToRegExp } from '../http/path-glob.js';
import { type BodyCheck, isObject } from '../http/validation.js';
import type { JournalEntry, MatchMode, RequestPattern } from './types.js';

/** What a pattern is compared with: the request side of a journal entry, and its status. */
export type PatternSubject = Pick<JournalEntry, 'method' | 'path' | 'query' | 'body'> & {
  readonly status?: number | null;
};

const PATTERN_MEMBERS = ['method', 'path', 'query', 'body', 'match', 'status'] as const;

/**
 * Reads a pattern at `pointer` of a body, recording problems in `check`.
 * `status` is accepted only when `withStatus` (a journal question).
 */
export function parsePattern(
  value: unknown,
  pointer: string,
  check: BodyCheck,
  options: { withStatus: boolean },
): RequestPattern {
  if (!isObject(value)) {
    check.add(
      pointer,
      'invalid',
      'must be an object such as { "method": "GET", "path": "/v2/containers/*" }.',
    );
    return {};
  }
  const allowed = PATTERN_MEMBERS.filter((key) => key !== 'status' || options.withStatus);
  check.closed(value, pointer, allowed);
  const pattern: { -readonly [K in keyof RequestPattern]: RequestPattern[K] } = {};
  const method = check.string(value, pointer, 'method', { required: false, maxLength: 10 });
  if (method !== undefined) {
    if (/^(\*|[A-Za-z]+)$/.test(method)) pattern.method = method.toUpperCase();
    else check.add(`${pointer}/method`, 'invalid', 'must be an HTTP method such as GET, or *.');
  }
  const path = check.string(value, pointer, 'path', { required: false, maxLength: 500 });
  if (path !== undefined) {
    if (path.startsWith('/')) pattern.path = path;
    else check.add(`${pointer}/path`, 'invalid', 'must start with / (e.g. /v2/containers/*).');
  }
  if (value.query !== undefined) {
    const query = parseQuery(value.query, `${pointer}/query`, check);
    if (query !== undefined) pattern.query = query;
  }
  if (value.body !== undefined) pattern.body = value.body;
  const match = check.string(value, pointer, 'match', {
    required: false,
    values: ['partial', 'exact'],
  });
  if (match !== undefined) pattern.match = match as MatchMode; // one of the values just checked
  if (value.status !== undefined) {
    const status = value.status;
    if (typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599) {
      pattern.status = status;
    } else {
      check.add(`${pointer}/status`, 'invalid', 'must be an HTTP status from 100 to 599.');
    }
  }
  return pattern;
}

function parseQuery(
  value: unknown,
  pointer: string,
  check: BodyCheck,
): Record<string, string | string[]> | undefined {
  if (!isObject(value)) {
    check.add(
      pointer,
      'invalid',
      'must be an object of parameter names and values, e.g. { "include": "shipment" }.',
    );
    return undefined;
  }
  const query: Record<string, string | string[]> = {};
  for (const [name, given] of Object.entries(value)) {
    if (typeof given === 'string') query[name] = given;
    else if (Array.isArray(given) && given.every((item) => typeof item === 'string')) {
      query[name] = given;
    } else {
      check.add(
        `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        'invalid',
        'must be a string, or an array of strings for a repeated parameter.',
      );
    }
  }
  return query;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function segment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Where `actual` fails to match `expected`, or `undefined` when it matches:
 * `partial` lets objects have other members; arrays always match item by
 * item, with the same length.
 */
export function bodyDifference(
  expected: unknown,
  actual: unknown,
  mode: MatchMode,
  pointer = '',
): string | undefined {
  if (isObject(expected)) {
    if (!isObject(actual)) return `${pointer || '(body)'} is ${show(actual)}, expected an object`;
    if (mode === 'exact') {
      const extra = Object.keys(actual).find((key) => !(key in expected));
      if (extra !== undefined) return `${pointer}/${segment(extra)} is not expected (exact match)`;
    }
    for (const [key, inner] of Object.entries(expected)) {
      if (!(key in actual)) return `${pointer}/${segment(key)} is missing`;
      const found = bodyDifference(inner, actual[key], mode, `${pointer}/${segment(key)}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual))
      return `${pointer || '(body)'} is ${show(actual)}, expected an array`;
    if (actual.length !== expected.length) {
      return `${pointer || '(body)'} has ${actual.length} items, expected ${expected.length}`;
    }
    for (let index = 0; index < expected.length; index += 1) {
      const found = bodyDifference(expected[index], actual[index], mode, `${pointer}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return Object.is(expected, actual)
    ? undefined
    : `${pointer || '(body)'} is ${show(actual)}, expected ${show(expected)}`;
}

function sameQueryValue(
  expected: string | readonly string[],
  actual: string | readonly string[] | undefined,
): boolean {
  if (typeof expected === 'string') return actual === expected;
  return (
    Array.isArray(actual) &&
    actual.length === expected.length &&
    expected.every((item, index) => actual[index] === item)
  );
}

/** Compiled path patterns, by pattern: a stub is compared with many requests. */
const pathPatterns = new Map<string, RegExp>();

function pathMatches(glob: string, path: string): boolean {
  let pattern = pathPatterns.get(glob);
  if (pattern === undefined) {
    if (pathPatterns.size > 1000) pathPatterns.clear();
    pattern = pathGlobToRegExp(glob);
    pathPatterns.set(glob, pattern);
  }
  return pattern.test(path);
}

/**
 * Why `subject` does not match `pattern` (`method is GET`, `body:
 * /data/attributes/scac is missing`), or `undefined` when it matches.
 */
export function mismatchOf(pattern: RequestPattern, subject: PatternSubject): string | undefined {
  if (pattern.method !== undefined && pattern.method !== '*' && pattern.method !== subject.method) {
    return `method is ${subject.method}`;
  }
  if (pattern.path !== undefined && !pathMatches(pattern.path, subject.path)) {
    return `path is ${subject.path}`;
  }
  if (pattern.status !== undefined && pattern.status !== subject.status) {
    return `status is ${subject.status ?? 'none (dropped)'}`;
  }
  const mode = pattern.match ?? 'partial';
  if (pattern.query !== undefined) {
    for (const [name, value] of Object.entries(pattern.query)) {
      if (!sameQueryValue(value, subject.query[name])) {
        return `query ${name} is ${subject.query[name] === undefined ? 'missing' : show(subject.query[name])}, expected ${show(value)}`;
      }
    }
    if (mode === 'exact') {
      const extra = Object.keys(subject.query).find((name) => pattern.query?.[name] === undefined);
      if (extra !== undefined) return `query ${extra} is not expected (exact match)`;
    }
  }
  if (pattern.body !== undefined) {
    const difference = bodyDifference(pattern.body, subject.body, mode);
    if (difference !== undefined) return `body: ${difference}`;
  }
  return undefined;
}

/** Whether `subject` matches `pattern`. */
export function matches(pattern: RequestPattern, subject: PatternSubject): boolean {
  return mismatchOf(pattern, subject) === undefined;
}

/** A pattern in one line, for messages: `POST /v2/tracking_requests with body (partial) {...}`. */
export function describePattern(pattern: RequestPattern): string {
  const parts = [`${pattern.method ?? '*'} ${pattern.path ?? '(any path)'}`];
  const mode = pattern.match ?? 'partial';
  if (pattern.query !== undefined) parts.push(`query (${mode}) ${show(pattern.query)}`);
  if (pattern.body !== undefined) parts.push(`body (${mode}) ${show(pattern.body)}`);
  if (pattern.status !== undefined) parts.push(`answered ${pattern.status}`);
  return parts.join(', ');
}
