import type { WireParameters } from './call-arguments.js';

/** A query value as the service reads it: percent-encoded, a list's items comma-joined. */
function queryText(value: unknown): string {
  return Array.isArray(value) ? value.map(queryText).join(',') : encodeURIComponent(String(value));
}

/**
 * The URL of one call: each `{name}` of the path template replaced by its
 * value, percent-encoded as one segment, then the query in the service's
 * one style (the generator refuses any other, `scripts/generate-operations.ts`):
 * bracketed names as they are (`filter[created_at][start]`), values
 * percent-encoded, a list comma-joined (`include=shipment,pod_terminal`),
 * absent values and empty lists left out.
 */
export function operationUrl(
  baseUrl: string,
  template: string,
  { path, query }: WireParameters,
): string {
  let target = template;
  for (const [name, value] of Object.entries(path)) {
    target = target.replace(`{${name}}`, encodeURIComponent(value));
  }
  const url = baseUrl + target;
  const pairs: string[] = [];
  for (const name in query) {
    const value = query[name];
    if (value != null && !(Array.isArray(value) && value.length === 0)) {
      pairs.push(`${name}=${queryText(value)}`);
    }
  }
  return pairs.length === 0 ? url : `${url}?${pairs.join('&')}`;
}
