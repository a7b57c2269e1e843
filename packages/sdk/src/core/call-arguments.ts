/**
 * Checks a whole call against the generated operation table, for every
 * operation at once, before anything is sent: the path parameters, every
 * query parameter the spec describes (`include` values, closed
 * enumerations, integer bounds, dates, booleans, required ones), option
 * keys the call does not know, and arguments after the options object. The
 * caller's camelCase arguments are mapped to the wire's names by one rule:
 * `page[number]` is `page`, `page[size]` is `pageSize`,
 * `filter[created_at][start]` is `filter.createdAt.start`, `q` is `q`.
 */
import type { OperationFacts, QueryParameterFacts } from '../generated/operations.js';
import { isPlainObject } from '../jsonapi/case.js';
import { isoDate, listed, numberInRange, oneOf, requireText, shown } from './arguments.js';
import { InvalidArgumentError, ShiptrackError } from './errors.js';

/** What every call accepts besides its operation's parameters. */
export const CALL_OPTIONS = [
  'format',
  'signal',
  'timeoutMs',
  'deadlineMs',
  'maxRetries',
  'headers',
];
/** What a list call accepts besides those. */
const LIST_OPTIONS = ['maxItems'];

/** What a resource method hands over: the caller's arguments, unchecked. */
export interface CallArguments {
  /** The caller's options object: the operation's query arguments and the call options. */
  options?: unknown;
  /** Path parameters under the names the method gives them (`id`, `idOrLocode`), in path order. */
  path?: Record<string, unknown>;
  /** Query arguments the method takes positionally (search's `query`), by argument name. */
  query?: Record<string, unknown>;
  /** Arguments after the options object: never read, so rejected with advice. */
  extra?: readonly unknown[];
}

/** The checked wire parameters of a call. */
export interface WireParameters {
  path: Record<string, string>;
  query: Record<string, unknown>;
}

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The caller's name of a query parameter, as a path into the options object. */
export function argumentPathOf(wireName: string): string[] {
  if (wireName === 'page[number]') return ['page'];
  if (wireName === 'page[size]') return ['pageSize'];
  return (wireName.match(/[^[\]]+/g) ?? [wireName]).map(camel);
}

/** The argument names each level of the options object accepts, from the query parameters. */
interface Level {
  children: Map<string, Level>;
}

function levelsOf(paths: string[][]): Level {
  const root: Level = { children: new Map() };
  for (const path of paths) {
    let level = root;
    for (const segment of path) {
      let next = level.children.get(segment);
      if (!next) {
        next = { children: new Map() };
        level.children.set(segment, next);
      }
      level = next;
    }
  }
  return root;
}

/** Rejects members of a nested argument (`filter`, `filter.createdAt`) that the operation lacks. */
function checkNested(call: string, name: string, value: unknown, level: Level): void {
  if (value === undefined || level.children.size === 0) return;
  const known = [...level.children.keys()];
  if (!isPlainObject(value)) {
    throw new InvalidArgumentError(
      name,
      `${call}: \`${name}\` must be an object such as { ${known[0]}: ... }; got ${shown(value)}. Nothing was sent.`,
    );
  }
  for (const key of Object.keys(value)) {
    const child = level.children.get(key);
    if (!child) {
      const what = name === 'filter' ? 'filter' : `member of \`${name}\``;
      throw new InvalidArgumentError(
        `${name}.${key}`,
        `${call} has no ${what} \`${key}\`; ${name === 'filter' ? 'the filters are' : 'it takes'} ${known.join(', ')}. Nothing was sent (an argument that cannot be applied is never dropped silently).`,
      );
    }
    checkNested(call, `${name}.${key}`, value[key], child);
  }
}

/** Rejects option keys the call does not know, naming the accepted ones. */
function checkKeys(
  call: string,
  options: Record<string, unknown>,
  root: Level,
  positional: Set<string>,
  list: boolean,
): void {
  for (const key of Object.keys(options)) {
    const level = positional.has(key) ? undefined : root.children.get(key);
    if (level) {
      checkNested(call, key, options[key], level);
    } else if (!CALL_OPTIONS.includes(key) && !(list && LIST_OPTIONS.includes(key))) {
      const own = [...root.children.keys()].filter((name) => !positional.has(name));
      const accepted = [...own, ...(list ? LIST_OPTIONS : []), ...CALL_OPTIONS];
      throw new InvalidArgumentError(
        key,
        `${call} has no option \`${key}\`; it accepts ${accepted.join(', ')}. Nothing was sent (an option that cannot be honoured is never dropped silently).`,
      );
    }
  }
}

/** One query value, checked against the spec's facts; `undefined` leaves the parameter out. */
function queryValue(
  call: string,
  argument: string,
  value: unknown,
  facts: QueryParameterFacts,
): unknown {
  const values = facts.values ?? [];
  switch (facts.type) {
    case 'include': {
      if (!Array.isArray(value)) {
        throw new InvalidArgumentError(
          argument,
          `${call}: \`${argument}\` must be a list of ${listed(values)}; got ${shown(value)}. Nothing was sent.`,
        );
      }
      for (const item of value) oneOf(call, argument, item, values);
      return value.length === 0 ? undefined : value;
    }
    case 'enum':
      if (facts.open)
        return requireText(
          call,
          argument,
          value,
          `one of ${listed(values)} or another value the service knows`,
        );
      return oneOf(call, argument, value, values);
    case 'integer':
      return numberInRange(call, argument, value, facts);
    case 'number':
      return numberInRange(call, argument, value, { ...facts, integer: false });
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw new InvalidArgumentError(
        argument,
        `${call}: \`${argument}\` must be true or false; got ${shown(value)}. Nothing was sent.`,
      );
    case 'date-time':
      return isoDate(call, argument, value);
    default:
      if (facts.required) return requireText(call, argument, value, 'a non-empty string');
      if (typeof value === 'string') return value;
      throw new InvalidArgumentError(
        argument,
        `${call}: \`${argument}\` must be a string; got ${shown(value)}. Nothing was sent.`,
      );
  }
}

function valueAt(options: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = options;
  for (const segment of path) value = isPlainObject(value) ? value[segment] : undefined;
  return value;
}

/**
 * Checks the options object of a helper that is not one operation (`track`,
 * `waitFor`): an object whose keys are all `accepted`, and nothing after it.
 */
export function checkHelperOptions(
  call: string,
  options: unknown,
  accepted: readonly string[],
  extra: readonly unknown[],
): void {
  checkExtra(call, extra);
  if (options === undefined) return;
  if (!isPlainObject(options)) {
    throw new InvalidArgumentError(
      'options',
      `${call} takes an options object as its last argument; got ${shown(options)}. Nothing was sent.`,
    );
  }
  for (const key of Object.keys(options)) {
    if (!accepted.includes(key)) {
      throw new InvalidArgumentError(
        key,
        `${call} has no option \`${key}\`; it accepts ${accepted.join(', ')}. Nothing was sent (an option that cannot be honoured is never dropped silently).`,
      );
    }
  }
}

/** Rejects arguments after the options object, saying where their members go. */
function checkExtra(call: string, extra: readonly unknown[] | undefined): void {
  const [first] = extra ?? [];
  if (extra === undefined || extra.length === 0) return;
  const keys = isPlainObject(first) ? Object.keys(first) : [];
  const members = keys.length > 0 ? keys.map((key) => `\`${key}\``).join(', ') : 'its members';
  throw new InvalidArgumentError(
    'extra argument',
    `${call} takes one options object, its last argument, and reads nothing after it: move ${members} into that object (for example { ...options, signal }). Nothing was sent.`,
  );
}

/** The query parameters of an operation with the caller's names, and the levels they make. */
interface QueryPlan {
  /** Wire name, the caller's path to it and that path written out (`filter.createdAt`), facts. */
  entries: readonly (readonly [string, string[], string, QueryParameterFacts])[];
  root: Level;
}

/** Each operation's plan, made on its first call. */
const plans = new WeakMap<OperationFacts, QueryPlan>();

function queryPlanOf(facts: OperationFacts): QueryPlan {
  let plan = plans.get(facts);
  if (plan === undefined) {
    const entries = Object.entries(facts.query).map(([wire, parameter]) => {
      const path = argumentPathOf(wire);
      return [wire, path, path.join('.'), parameter] as const;
    });
    plan = { entries, root: levelsOf(entries.map(([, path]) => path)) };
    plans.set(facts, plan);
  }
  return plan;
}

/**
 * Checks a call of the operation described by `facts` and builds its wire
 * parameters; any bad argument throws {@link InvalidArgumentError} saying
 * what to pass. `list` adds the iteration options (`maxItems`).
 */
export function wireParameters(
  call: string,
  facts: OperationFacts,
  args: CallArguments,
  list: boolean,
): WireParameters {
  checkExtra(call, args.extra);
  const given = args.options ?? {};
  if (!isPlainObject(given)) {
    throw new InvalidArgumentError(
      'options',
      `${call} takes an options object as its last argument; got ${shown(given)}. Nothing was sent.`,
    );
  }
  const { entries, root } = queryPlanOf(facts);
  const positional = new Set(Object.keys(args.query ?? {}));
  checkKeys(call, given, root, positional, list);
  if (list && given.maxItems !== undefined) {
    numberInRange(call, 'maxItems', given.maxItems, { minimum: 0 });
  }
  const source = { ...given, ...args.query };
  const query: Record<string, unknown> = {};
  for (const [wire, path, argument, parameter] of entries) {
    const value = valueAt(source, path);
    if (value === undefined) {
      if (parameter.required) queryValue(call, argument, value, parameter);
      continue;
    }
    query[wire] = queryValue(call, argument, value, parameter);
  }
  return { path: pathParameters(call, facts, args.path ?? {}), query };
}

/** The path parameters, each a non-empty string, under the wire's names. */
function pathParameters(
  call: string,
  facts: OperationFacts,
  given: Record<string, unknown>,
): Record<string, string> {
  const wire = Object.entries(facts.pathParameters);
  const named = Object.entries(given);
  if (named.length !== wire.length) {
    throw new ShiptrackError(
      `${call} passes ${named.length} path parameters where its operation has ${wire.length}: a defect of the SDK; please report it.`,
    );
  }
  const path: Record<string, string> = {};
  wire.forEach(([name, what], index) => {
    const [argument, value] = named[index] ?? [name, undefined];
    path[name] = requireText(call, argument, value, what);
  });
  return path;
}
