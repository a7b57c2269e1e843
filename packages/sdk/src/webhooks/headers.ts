import { WebhookSignatureError } from './errors.js';
import { WEBHOOK_SIGNATURE_HEADER } from './sign.js';

/** Anything with a Fetch-style `get(name)`: `Headers`, and look-alikes of other libraries. */
export interface HeadersGetter {
  get(name: string): string | null | undefined;
}

/**
 * The request headers of a delivery in any common shape: a Fetch `Headers`
 * (Next.js, Hono, Bun, Deno, Workers), Node's `IncomingHttpHeaders` (values
 * may be `string[]`), a plain object with any key casing, or a list of
 * `[name, value]` pairs (Node's `rawHeaders` paired up).
 */
export type WebhookHeaders =
  | HeadersGetter
  | Readonly<Record<string, string | readonly string[] | number | undefined | null>>
  | Iterable<readonly [string, string]>;

const TARGET = WEBHOOK_SIGNATURE_HEADER.toLowerCase();

function hasGetter(headers: WebhookHeaders): headers is HeadersGetter {
  // A Map's get() is case-sensitive, so a Map is read as a list of pairs instead.
  if (headers instanceof Map) return false;
  // Reading a property that may be missing is safe; only its type is checked.
  return typeof (headers as Partial<HeadersGetter>).get === 'function';
}

function isPairs(headers: WebhookHeaders): headers is Iterable<readonly [string, string]> {
  // Reading a property that may be missing is safe; only its type is checked.
  return typeof (headers as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
}

/** Every value the headers hold under the signature header's name, in any casing. */
function collectValues(headers: WebhookHeaders): string[] {
  if (hasGetter(headers)) {
    const value = headers.get(WEBHOOK_SIGNATURE_HEADER);
    return value === null || value === undefined ? [] : [value];
  }
  const values: string[] = [];
  const entries = isPairs(headers) ? headers : Object.entries(headers);
  for (const [name, value] of entries) {
    if (name.toLowerCase() !== TARGET || value === undefined || value === null) continue;
    if (typeof value === 'string') values.push(value);
    else if (typeof value === 'number') values.push(String(value));
    else values.push(...value);
  }
  return values;
}

/**
 * The value of the `X-SVC-Webhook-Signature` header, found case-insensitively
 * in any header shape. Throws `WebhookSignatureError` with reason
 * `missing_header` when it is absent or empty, and `duplicate_header` when it
 * is present more than once: either as several entries, or as one value
 * holding a comma-joined list (how Fetch `Headers` and Node join repeated
 * headers). The service sends exactly one signature, so several mean the
 * request was altered.
 */
export function getSignatureHeader(headers: WebhookHeaders): string {
  const values = collectValues(headers).map((value) => value.trim());
  if (values.length > 1 || values.some((value) => value.includes(','))) {
    throw new WebhookSignatureError('duplicate_header');
  }
  const [value] = values;
  if (value === undefined || value === '') throw new WebhookSignatureError('missing_header');
  return value;
}
