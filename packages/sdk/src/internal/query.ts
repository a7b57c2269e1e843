/** Percent-encodes a parameter name but keeps brackets literal: `filter[status]`, `page[number]`. */
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

function encodeValue(value: unknown): string {
  if (value instanceof Date) return encodeURIComponent(value.toISOString());
  return encodeURIComponent(String(value));
}

/**
 * Serializes query parameters the way the service reads them: bracketed
 * names as they are (`filter[created_at][start]`), arrays comma-joined
 * (`include=shipment,pod_terminal`, OpenAPI `form` without explode), dates
 * as ISO 8601, and `undefined`/`null`/empty arrays left out.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const name in query) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${encodeName(name)}=${value.map(encodeValue).join(',')}`);
    } else {
      parts.push(`${encodeName(name)}=${encodeValue(value)}`);
    }
  }
  return parts.join('&');
}
