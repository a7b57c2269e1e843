/**
 * What a value of each data type must be, and how people read it: the one
 * place that checks a custom field value (the wrong type is a 422 on
 * `/data/attributes/value`, nothing written) and builds its `display_value`.
 */

import type { InputIssue } from '../problems.js';
import type { JsonValue } from '../records.js';
import { parseTimestamp } from '../time.js';
import type {
  CustomFieldDefinitionRecord,
  CustomFieldOptionRecord,
  CustomFieldValueRecord,
} from './records.js';

/** Finds the display name of a record of the account, or undefined when it has none with that id. */
export type ReferenceResolver = (
  accountId: string,
  referenceType: string | null,
  id: string,
) => string | undefined;

const MAX_TEXT = 1000;

function describe(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * The problem of a value for a field, or undefined when it fits. `null`
 * always fits (it clears the value). `pointer` locates the value in the body.
 */
export function checkValue(
  definition: CustomFieldDefinitionRecord,
  options: readonly CustomFieldOptionRecord[],
  value: JsonValue,
  pointer: string,
  resolveReference: ReferenceResolver,
): InputIssue | undefined {
  if (value === null) return undefined;
  const slug = definition.apiSlug;
  const wrong = (expected: string): InputIssue => ({
    pointer,
    code: 'invalid',
    detail: `of ${slug} must be ${expected} (the field is ${definition.dataType}); got ${describe(value)}.`,
  });
  const optionValues = options.map((option) => option.value);
  const notAnOption = (got: string): InputIssue => ({
    pointer,
    code: 'inclusion',
    detail: `of ${slug} must be one of: ${optionValues.join(', ') || '(no options yet; add some first)'} (got "${got}").`,
  });
  switch (definition.dataType) {
    case 'short_text':
      return typeof value === 'string' && value.length <= MAX_TEXT
        ? undefined
        : wrong(`a string of at most ${MAX_TEXT} characters`);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : wrong('a number');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : wrong('true or false');
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? undefined
        : wrong('a date as YYYY-MM-DD');
    case 'datetime':
      return typeof value === 'string' &&
        /[Tt ].*([Zz]|[+-]\d{2}:?\d{2})$/.test(value) &&
        parseTimestamp(value) !== undefined
        ? undefined
        : wrong('an ISO 8601 date-time with its offset, such as 2025-03-01T08:00:00Z');
    case 'enum':
      if (typeof value !== 'string') return wrong('one option value (a string)');
      return optionValues.includes(value) ? undefined : notAnOption(value);
    case 'enum_multi': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
        return wrong('an array of option values (strings)');
      }
      const unknown = value.find(
        (item) => typeof item === 'string' && !optionValues.includes(item),
      );
      if (typeof unknown === 'string') return notAnOption(unknown);
      return new Set(value).size === value.length
        ? undefined
        : { pointer, code: 'invalid', detail: `of ${slug} lists an option twice.` };
    }
    case 'reference':
      if (typeof value !== 'string') return wrong('the id of a record');
      return resolveReference(definition.accountId, definition.referenceType, value) === undefined
        ? {
            pointer,
            code: 'invalid',
            detail: `of ${slug} must be the id of a ${definition.referenceType ?? 'record'} of this account; "${value}" is none.`,
          }
        : undefined;
  }
}

function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseTimestamp(value) !== undefined;
}

/** How people read a value: an option's label, Yes/No, a referenced record's name. */
export function displayValue(
  definition: CustomFieldDefinitionRecord,
  options: readonly CustomFieldOptionRecord[],
  stored: Pick<CustomFieldValueRecord, 'value' | 'numberAsWritten'>,
  resolveReference: ReferenceResolver,
): string | null {
  const { value } = stored;
  if (value === null) return null;
  const label = (v: JsonValue) => options.find((option) => option.value === v)?.label ?? String(v);
  switch (definition.dataType) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'number':
      return stored.numberAsWritten ?? String(value);
    case 'enum':
      return label(value);
    case 'enum_multi':
      return Array.isArray(value) ? value.map(label).join(', ') : String(value);
    case 'reference':
      return typeof value === 'string'
        ? (resolveReference(definition.accountId, definition.referenceType, value) ?? value)
        : String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
