/**
 * Reads the `Authorization` header into what the caller presented: an API
 * key (`Token <key>`), an OAuth access token (`Bearer <token>`), nothing,
 * something malformed, or a scheme this server does not take.
 */

/** What a request presented as credentials. */
export type PresentedCredentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'api-key'; readonly apiKey: string }
  | { readonly kind: 'access-token'; readonly token: string }
  /** Not one `<scheme> <value>`: answered 400 `invalid_request` (RFC 6750 §3.1). */
  | { readonly kind: 'malformed'; readonly reason: string }
  /** A well-formed header of another scheme: answered 401. */
  | { readonly kind: 'unusable'; readonly reason: string };

/**
 * The schemes of IANA's HTTP Authentication Scheme Registry (lowercased)
 * that this server does not take. A refusal names one of these; any other
 * first word may be a key sent without a scheme, so it is never repeated.
 */
const REGISTERED_SCHEMES: ReadonlySet<string> = new Set([
  'basic',
  'concealed',
  'digest',
  'dpop',
  'gnap',
  'hoba',
  'mutual',
  'negotiate',
  'oauth',
  'privatetoken',
  'scram-sha-1',
  'scram-sha-256',
  'vapid',
]);

/**
 * Parses `header`. With OAuth on, `Bearer` carries an access token; with
 * OAuth off there is no token to verify, so `Bearer <key>` is read as an API
 * key (clients whose settings only offer a "bearer token" field can connect).
 * Two `Authorization` headers reach a web `Request` joined by ", ", so a
 * comma (which no key or token holds) means more than one credential. The
 * reasons never repeat a value the caller sent, which may be a key.
 */
export function readAuthorization(
  header: string | null,
  options: { oauth: boolean },
): PresentedCredentials {
  if (header === null || header.trim() === '') return { kind: 'none' };
  const accepted = `send "Token <API key>"${options.oauth ? ' or "Bearer <OAuth access token>"' : ''}`;
  if (header.includes(',')) {
    return {
      kind: 'malformed',
      reason: `The request carries more than one credential (two Authorization headers, or a list such as "Token X, Bearer Y"): ${accepted} in one header.`,
    };
  }
  const [given = '', value, ...extra] = header.trim().split(/\s+/);
  if (value === undefined) {
    return {
      kind: 'malformed',
      reason: `The Authorization header holds one word, not "<scheme> <value>": ${accepted}.`,
    };
  }
  const scheme = given.toLowerCase();
  if (scheme !== 'token' && scheme !== 'bearer') {
    return {
      kind: 'unusable',
      reason: REGISTERED_SCHEMES.has(scheme)
        ? `The Authorization scheme "${given}" is not accepted: ${accepted}.`
        : `The Authorization header does not begin with "Token" or "Bearer": ${accepted}.`,
    };
  }
  if (extra.length > 0) {
    return {
      kind: 'malformed',
      reason: `The Authorization header holds more than one value after ${given}: ${accepted}.`,
    };
  }
  if (scheme === 'bearer' && options.oauth) return { kind: 'access-token', token: value };
  return { kind: 'api-key', apiKey: value };
}
