/**
 * Loads `spec/openapi.yaml` once per process and resolves the OpenAPI
 * references (`#/components/...`) that are not JSON Schema references.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** A JSON object read from the spec. */
export type SpecObject = Record<string, unknown>;

/** Absolute path of the repository's OpenAPI document. */
export const SPEC_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../spec/openapi.yaml');

const cache = new Map<string, SpecObject>();

/** Tells whether a value is a plain JSON object. */
export function isSpecObject(value: unknown): value is SpecObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and parses an OpenAPI document (cached by path; callers must not mutate it). */
export function loadSpec(path: string = SPEC_PATH): SpecObject {
  const cached = cache.get(path);
  if (cached) return cached;
  const parsed: unknown = parse(readFileSync(path, 'utf8'));
  if (!isSpecObject(parsed)) {
    throw new Error(`${path} does not hold an OpenAPI document; check that it is a YAML mapping.`);
  }
  cache.set(path, parsed);
  return parsed;
}

/** Escapes one JSON Pointer segment (RFC 6901). */
export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Reads the value at a JSON Pointer such as `/components/schemas/Container`. */
export function valueAtPointer(document: SpecObject, pointer: string): unknown {
  let current: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isSpecObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** An object of the spec together with the JSON Pointer it was found at. */
export interface Located {
  pointer: string;
  value: SpecObject;
}

/**
 * Follows `$ref` chains (local references only) starting at `located`, so that
 * a response, parameter or request body written as a reference yields its target.
 */
export function followRefs(document: SpecObject, located: Located): Located {
  let current = located;
  for (let depth = 0; depth < 16; depth++) {
    const ref = current.value.$ref;
    if (typeof ref !== 'string') return current;
    if (!ref.startsWith('#/')) {
      throw new Error(
        `Only local references are supported in the spec, found ${ref} at ${current.pointer}.`,
      );
    }
    const pointer = ref.slice(1);
    const target = valueAtPointer(document, pointer);
    if (!isSpecObject(target)) {
      throw new Error(
        `Reference ${ref} at ${current.pointer} points at nothing; fix spec/openapi.yaml.`,
      );
    }
    current = { pointer, value: target };
  }
  throw new Error(`Reference chain at ${located.pointer} is too deep or circular.`);
}

/** Looks up a child object by key and follows its references. */
export function child(document: SpecObject, parent: Located, key: string): Located | undefined {
  const value = parent.value[key];
  if (!isSpecObject(value)) return undefined;
  return followRefs(document, { pointer: `${parent.pointer}/${escapePointerSegment(key)}`, value });
}
