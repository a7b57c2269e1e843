const cache = new Map<string, string>();
const CACHE_LIMIT = 5_000;

/**
 * Turns a snake_case member name into camelCase (`pod_eta_at` becomes
 * `podEtaAt`). Other characters are kept, so header names and event names
 * survive. Results are cached: the service uses a small set of names.
 */
export function camelCase(key: string): string {
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let result = key;
  if (key.includes('_')) {
    result = key.replace(/_+([a-z0-9])/g, (_match, char: string) => char.toUpperCase());
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}

/** Tells whether a value is a plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Copies a JSON value with every object key camelCased, at any depth.
 * Values are kept as they are: nothing is dropped or converted.
 */
export function camelCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseKeys);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) out[camelCase(key)] = camelCaseKeys(value[key]);
  return out;
}
