/** What a secret is replaced with in log lines and error messages. */
export const REDACTED = '[redacted]';

/** Replaces every occurrence of each secret (API key, token) in `text` with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length > 0) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/**
 * A copy of a JSON value with the secrets blanked out of every string in it
 * (object keys included), for service answers that echo credentials and for
 * log fields.
 */
export function redactJson<T>(value: T, secrets: readonly string[]): T {
  // Safe: the copy has the same structure; only string contents change.
  return redactValue(value, secrets) as T;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value !== 'object' || value === null) return value;
  // Only JSON-like objects are copied; others (an Error, a Date) are passed on as they are.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[redactSecrets(key, secrets)] = redactValue(item, secrets);
  }
  return out;
}
