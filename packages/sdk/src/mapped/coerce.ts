/**
 * Reading members the mapped models build: a value of the expected kind, or
 * `null` when it was not sent (or was sent as something else). Nothing
 * else is invented.
 */
import { isPlainObject } from '../jsonapi/case.js';

/** A string member, or null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A number member; decimal strings such as `"53.53"` become numbers. Otherwise null. */
export function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A boolean member, or null. */
export function flag(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** An object member, or null. */
export function objectOrNull(value: unknown): Record<string, unknown> | null {
  return isPlainObject(value) ? value : null;
}

/** The object elements of an array member, or null when it is not an array. */
export function objectsOrNull(value: unknown): Record<string, unknown>[] | null {
  return Array.isArray(value) ? value.filter(isPlainObject) : null;
}

/** The string elements of an array member, or null when it is not an array. */
export function stringsOrNull(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : null;
}
