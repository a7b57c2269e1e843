/**
 * Secrets out of what the journal keeps and the proxy reports: the API key
 * in `Authorization` (its scheme stays, so a test can see `Token` from
 * `Bearer`), and any header or query parameter whose name says it holds a
 * secret.
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Names that hold secrets: keys, tokens, passwords, signatures, sessions, cookies. */
const SECRET_NAME =
  /authorization|key|token|secret|passw|signature|session|cookie|credential|auth$/i;

/** Whether a header or query parameter of this name may hold a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The value of a header as kept: `Authorization` with its scheme only, another secret redacted. */
function redactedHeader(name: string, value: string): string {
  if (!isSecretName(name)) return value;
  if (/^(proxy-)?authorization$/i.test(name)) {
    const scheme = /^([A-Za-z][\w-]*)\s+\S/.exec(value.trim())?.[1];
    return scheme === undefined ? REDACTED : `${scheme} ${REDACTED}`;
  }
  return REDACTED;
}

/** The headers of a request with their secrets redacted, names in lower case. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    kept[name] = redactedHeader(name, value);
  });
  return kept;
}

/** The query of a URL, each parameter once (an array of its values when repeated). */
export function queryRecord(
  params: URLSearchParams,
  redact = false,
): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const secret = redact && isSecretName(name);
    const values = params.getAll(name).map((value) => (secret ? REDACTED : value));
    query[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

/** The query of a URL as {@link queryRecord} gives it, the values of secret parameters redacted. */
export function redactQuery(params: URLSearchParams): Record<string, string | string[]> {
  return queryRecord(params, true);
}

/**
 * A query string as the client wrote it, the values of secret parameters
 * redacted: `?page[size]=5&api_key=[redacted]` (`''` for no query).
 */
export function redactQueryString(search: string): string {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '');
  if (pairs.length === 0) return '';
  const kept = pairs.map((pair) => {
    const name = pair.split('=', 1)[0] ?? '';
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replaceAll('+', ' '));
    } catch {
      // A name that is not valid percent-encoding is judged as written.
    }
    return isSecretName(decoded) ? `${name}=${REDACTED}` : pair;
  });
  return `?${kept.join('&')}`;
}
