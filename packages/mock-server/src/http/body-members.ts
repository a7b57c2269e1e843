/**
 * Readers of body members beyond `BodyCheck`'s strings: nullable members
 * (`null` clears, absent keeps), JSON objects, whole numbers and members
 * of any JSON value (a custom field's `value`). The generated body readers
 * (`generated/bodies.ts`) call them; problems go to the body's `BodyCheck`,
 * so one answer lists them all.
 */
import type { JsonValue } from '../engine/records.js';
import { type BodyCheck, isObject } from './validation.js';

const ATTRIBUTES = '/data/attributes';

/** A string member that may be `null`: `undefined` when absent. */
export function nullableString(
  check: BodyCheck,
  attributes: Record<string, unknown>,
  key: string,
): string | null | undefined {
  const value = attributes[key];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || value.length > 1000) {
    check.add(
      `${ATTRIBUTES}/${key}`,
      'invalid',
      'must be a string of at most 1000 characters, or null.',
    );
    return undefined;
  }
  return value;
}

/** An object member that may be `null`: `undefined` when absent. */
export function nullableObject(
  check: BodyCheck,
  attributes: Record<string, unknown>,
  key: string,
): Record<string, JsonValue> | null | undefined {
  const value = attributes[key];
  if (value === undefined || value === null) return value;
  if (!isObject(value)) {
    check.add(`${ATTRIBUTES}/${key}`, 'invalid', 'must be an object, or null.');
    return undefined;
  }
  // Parsed JSON is JSON: an object of the body is a JsonValue record.
  return value as Record<string, JsonValue>;
}

/** A whole number from 0, or null (an option's `position`); `undefined` when absent. */
export function nullableWholeNumber(
  check: BodyCheck,
  attributes: Record<string, unknown>,
  key: string,
): number | null | undefined {
  const value = attributes[key];
  if (value === undefined || value === null) return value;
  if (!Number.isSafeInteger(value) || Number(value) < 0) {
    check.add(
      `${ATTRIBUTES}/${key}`,
      'invalid',
      `must be a whole number from 0, or null; got ${JSON.stringify(value)}.`,
    );
    return undefined;
  }
  return Number(value);
}

/** A JSON value the body must carry (`null` included): `undefined` after recording it missing. */
export function requiredValue(
  check: BodyCheck,
  attributes: Record<string, unknown>,
  key: string,
): JsonValue | undefined {
  if (!(key in attributes)) {
    check.add(`${ATTRIBUTES}/${key}`, 'blank', "can't be missing; send null to clear it.");
    return undefined;
  }
  // Parsed JSON is JSON: any member of the body is a JsonValue.
  return attributes[key] as JsonValue;
}

/** A JSON value the body may carry (`null` included); `undefined` when absent. */
export function optionalValue(
  attributes: Record<string, unknown>,
  key: string,
): JsonValue | undefined {
  // Parsed JSON is JSON: any member of the body is a JsonValue.
  return attributes[key] as JsonValue | undefined;
}
