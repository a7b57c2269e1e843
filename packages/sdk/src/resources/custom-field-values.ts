/** The check of a custom field value against its definition's data type, before anything is sent. */
import { shown } from '../core/arguments.js';
import { InvalidArgumentError } from '../core/errors.js';
import type { CustomFieldValue } from '../mapped/custom-fields.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What each data type takes, for messages. */
const EXPECTED: Record<string, string> = {
  short_text: 'a string',
  number: 'a finite number',
  date: 'a date as "YYYY-MM-DD"',
  datetime: 'an ISO 8601 date-time string',
  boolean: 'true or false',
  enum: "the `value` of one of the field's options (a string)",
  enum_multi: "a list of the `value`s of the field's options",
  reference: 'the id of the record it refers to (a string)',
};

function fits(value: unknown, dataType: string | undefined): boolean {
  switch (dataType) {
    case 'short_text':
    case 'enum':
    case 'reference':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value));
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum_multi':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    default:
      return (
        typeof value === 'string' ||
        typeof value === 'boolean' ||
        (typeof value === 'number' && Number.isFinite(value)) ||
        (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      );
  }
}

/**
 * A custom field value as the wire takes it: `null` (clears it), or a value
 * of the definition's data type when the caller names it (`dataType`),
 * else any value a custom field can hold; otherwise an
 * {@link InvalidArgumentError} saying what the field takes.
 */
export function customFieldValue(
  call: string,
  value: unknown,
  dataType: string | undefined,
): CustomFieldValue {
  if (value === null) return null;
  if (value !== undefined && fits(value, dataType)) {
    // Safe: `fits` accepted a string, finite number, boolean or list of strings.
    return value as CustomFieldValue;
  }
  const expected =
    (dataType && EXPECTED[dataType]) ?? 'a string, number, boolean or list of strings';
  throw new InvalidArgumentError(
    'value',
    `${call}: \`value\` must be ${expected}${dataType ? ` (the field's data type is ${dataType})` : ''}, or null to clear it; got ${shown(value)}. Nothing was sent.`,
  );
}
