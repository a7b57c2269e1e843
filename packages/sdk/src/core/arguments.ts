/**
 * Checks of single argument values, run before anything is sent: a bad
 * argument throws {@link InvalidArgumentError} naming it and the fix, and
 * costs no request and no rate-limit slot. `call-arguments.ts` applies them
 * to a whole call from the operation table.
 */
import { InvalidArgumentError } from './errors.js';

/** How a message shows a value a caller passed. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return String(value);
  return `a ${Array.isArray(value) ? 'list' : typeof value}`;
}

/** `"a", "b", "c"`: the values a message offers. */
export function listed(values: readonly string[]): string {
  return values.map((value) => `"${value}"`).join(', ');
}

/**
 * A non-empty string argument (an id, a number to track, a search query),
 * trimmed; otherwise an {@link InvalidArgumentError}. `what` says what the
 * value is, for the message: "the container's id (from containers.list)".
 */
export function requireText(call: string, argument: string, value: unknown, what: string): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed !== '') return trimmed;
  throw new InvalidArgumentError(
    argument,
    `${call} needs \`${argument}\`: ${what}, as a non-empty string; got ${shown(value)}. Nothing was sent.`,
  );
}

/** Like {@link requireText}, for an argument that may be left out: `undefined` stays `undefined`. */
export function optionalText(
  call: string,
  argument: string,
  value: unknown,
  what: string,
): string | undefined {
  return value === undefined ? undefined : requireText(call, argument, value, what);
}

/**
 * The reference numbers an update replaces the record's with: a list of
 * strings; otherwise an {@link InvalidArgumentError}.
 */
export function refNumberList(call: string, value: unknown): string[] {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  throw new InvalidArgumentError(
    'changes.refNumbers',
    `${call} needs \`changes.refNumbers\`, a list of strings (it replaces the reference numbers). Nothing was sent.`,
  );
}

/** A date-time filter value: an ISO 8601 string or a Date. */
export type DateTimeInput = string | Date;

/** A date-time filter as ISO 8601 text; an invalid Date or an empty string is an {@link InvalidArgumentError}. */
export function isoDate(call: string, argument: string, value: unknown): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw new InvalidArgumentError(
    argument,
    `${call}: \`${argument}\` must be a Date or an ISO 8601 date-time string; got ${shown(value)}. Nothing was sent.`,
  );
}

/**
 * A number within the spec's bounds: an integer by default (a page number
 * from 1, a page size from 1 to 100), any finite number with
 * `integer: false` (a latitude). Anything else, a fraction where an
 * integer is due or a number out of range included, is an
 * {@link InvalidArgumentError}: it is never rounded or clamped into
 * something the caller did not ask for.
 */
export function numberInRange(
  call: string,
  argument: string,
  value: unknown,
  bounds: { minimum?: number; maximum?: number; integer?: boolean },
): number {
  const { minimum = Number.NEGATIVE_INFINITY, maximum = Number.POSITIVE_INFINITY } = bounds;
  const integer = bounds.integer ?? true;
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    value >= minimum &&
    value <= maximum
  ) {
    return value;
  }
  const range =
    maximum === Number.POSITIVE_INFINITY ? `${minimum} or more` : `from ${minimum} to ${maximum}`;
  throw new InvalidArgumentError(
    argument,
    `${call}: \`${argument}\` must be ${integer ? 'an integer' : 'a number'} ${range}; got ${shown(value)}. Nothing was sent.`,
  );
}

/** One of a fixed list of values (a closed enumeration); otherwise an {@link InvalidArgumentError}. */
export function oneOf<const V extends string>(
  call: string,
  argument: string,
  value: unknown,
  values: readonly V[],
): V {
  const found = values.find((known) => known === value);
  if (found !== undefined) return found;
  throw new InvalidArgumentError(
    argument,
    `${call}: \`${argument}\` must be one of ${listed(values)}; got ${shown(value)}. Nothing was sent.`,
  );
}
