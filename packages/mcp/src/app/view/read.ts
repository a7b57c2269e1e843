/**
 * Tolerant readers of a tool's `structuredContent`: the view reads fields
 * by name wherever they sit (top level or one object down), so a more
 * compact output shape keeps working, and a value of the wrong type reads
 * as absent instead of breaking the view.
 */

/** A JSON object as the view receives it. */
export type Json = Record<string, unknown>;

/** The value as an object, or undefined. */
export function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;
}

/** The value as a non-empty string, or null. */
export function asText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The value as a finite number (a numeric string too), or null. */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** The value as a boolean, or null. */
export function asBoolean(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** The value as a list of objects, or null when it is not a list. */
export function asObjects(value: unknown): Json[] | null {
  if (!Array.isArray(value)) return null;
  return value.map(asObject).filter((item): item is Json => item !== undefined);
}

/**
 * The first of `names` present in `record` or, failing that, in one of its
 * nested objects (breadth first, `depth` levels). `undefined` when absent,
 * so `null` ("sent as nothing") stays apart from "not there".
 */
export function field(record: Json | undefined, names: readonly string[], depth = 2): unknown {
  if (!record) return undefined;
  for (const name of names) {
    if (name in record) return record[name];
  }
  if (depth <= 0) return undefined;
  for (const value of Object.values(record)) {
    const nested = asObject(value);
    const found = nested ? field(nested, names, depth - 1) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A text field by any of its names. */
export function textField(record: Json | undefined, ...names: string[]): string | null {
  return asText(field(record, names));
}
