/**
 * Checks of call arguments, run before anything is sent: a bad argument
 * throws {@link InvalidArgumentError} naming it and the fix, and costs no
 * request and no rate-limit slot.
 */
import { InvalidArgumentError } from './errors.js';

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return String(value);
  return `a ${Array.isArray(value) ? 'list' : typeof value}`;
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

/**
 * A page number or size: `undefined`, or a finite number clamped to
 * `min..max` and rounded down; anything else is an {@link InvalidArgumentError}.
 */
export function pageNumber(
  call: string,
  argument: string,
  value: unknown,
  max = Number.POSITIVE_INFINITY,
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) {
    return Math.min(max, Math.max(1, Math.floor(value)));
  }
  throw new InvalidArgumentError(
    argument,
    `${call}: \`${argument}\` must be a finite number${Number.isFinite(max) ? ` (1 to ${max}; others are clamped)` : ''}; got ${shown(value)}. Leave it out for the default. Nothing was sent.`,
  );
}

/**
 * The filter of a list call, after checking that it names only filters the
 * operation supports: an unknown key (a typo, or a filter of another list)
 * is an {@link InvalidArgumentError} instead of a filter silently dropped.
 */
export function knownFilter<F extends object>(
  call: string,
  filter: F | undefined,
  known: readonly (keyof F & string)[],
): Partial<F> {
  if (filter === undefined) return {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new InvalidArgumentError(
      'filter',
      `${call}: \`filter\` must be an object such as { ${known[0]}: ... }; got ${shown(filter)}. Nothing was sent.`,
    );
  }
  for (const key of Object.keys(filter)) {
    if (!(known as readonly string[]).includes(key)) {
      throw new InvalidArgumentError(
        `filter.${key}`,
        `${call} has no filter \`${key}\`; the filters are ${known.join(', ')}. Nothing was sent (a filter that cannot be applied is never dropped silently).`,
      );
    }
  }
  return filter;
}

/** A date-time filter value: an ISO 8601 string or a Date. */
export type DateTimeInput = string | Date;

/** A date-time filter as ISO 8601 text; an invalid Date or an empty string is an {@link InvalidArgumentError}. */
export function isoDate(call: string, argument: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw new InvalidArgumentError(
    argument,
    `${call}: \`${argument}\` must be a Date or an ISO 8601 date-time string; got ${shown(value)}. Nothing was sent.`,
  );
}

/** One of a fixed list of values (a request's enumerations are closed); otherwise an {@link InvalidArgumentError}. */
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
    `${call}: \`${argument}\` must be one of ${values.map((v) => `"${v}"`).join(', ')}; got ${shown(value)}. Nothing was sent.`,
  );
}
