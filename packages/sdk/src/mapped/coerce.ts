import { isPlainObject } from '../jsonapi/case.js';

/** A string member, or null when absent or not a string. */
export function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A number member; decimal strings such as `"53.53"` become numbers. */
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

/** The object elements of an array member (an empty array when absent). */
export function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : [];
}

/** The string elements of an array member (an empty array when absent). */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}
