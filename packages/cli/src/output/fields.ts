import { usageError } from '../errors/cli-error.js';

/** Splits `--fields a,b.c` into paths; an empty path is a usage error. */
export function parseFields(text: string): string[] {
  const fields = text.split(',').map((field) => field.trim());
  if (fields.some((field) => field === '' || field.split('.').some((part) => part === ''))) {
    throw usageError(
      `--fields "${text}" has an empty name: pass names separated by commas, e.g. --fields id,number,status`,
    );
  }
  return fields;
}

/** Whether a value is a plain object (not `null`, not an array): a record or a member group. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path, and whether the path exists (a `null` member exists). */
export function readPath(value: unknown, path: string): { found: boolean; value: unknown } {
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (!isRecord(current) || !(part in current)) return { found: false, value: undefined };
    current = current[part];
  }
  return { found: true, value: current };
}

function writePath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop() ?? path;
  let current = target;
  for (const part of parts) {
    const next = current[part];
    if (isRecord(next)) current = next;
    else {
      const created: Record<string, unknown> = {};
      current[part] = created;
      current = created;
    }
  }
  current[last] = value;
}

/** Whether a record has the path, or a member on it that is `null` (a parent not sent this time). */
function reaches(value: unknown, path: string): boolean {
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (!isRecord(current) || !(part in current)) return false;
    current = current[part];
    if (current === null) return true;
  }
  return true;
}

/** One record with only the fields asked for, nested as in the record (a missing one is `null`). */
export function projectRecord(record: unknown, fields: readonly string[]): Record<string, unknown> {
  const projected: Record<string, unknown> = {};
  for (const field of fields) writePath(projected, field, readPath(record, field).value ?? null);
  return projected;
}

/**
 * Projects records to `fields`. A field that none of the records has is an
 * error naming the fields they do have: a typo must not print empty columns.
 */
export function projectRecords(
  records: readonly unknown[],
  fields: readonly string[],
): Record<string, unknown>[] {
  if (records.length > 0) {
    const unknown = fields.filter((field) => !records.some((r) => reaches(r, field)));
    if (unknown.length > 0) {
      const first = records[0];
      const names = isRecord(first) ? Object.keys(first).join(', ') : '';
      throw usageError(
        `--fields: no record has ${unknown.join(', ')}; the records have: ${names} (nested members with dots, e.g. location.pickupLfd)`,
      );
    }
  }
  return records.map((record) => projectRecord(record, fields));
}
