/**
 * Reads the `Authorization` header into what the caller presented: an API
 * key (`Token <key>`), an OAuth access token (`Bearer <token>`), nothing, or
 * something unusable.
 */

/** What a request presented as credentials. */
export type PresentedCredentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'api-key'; readonly apiKey: string }
  | { readonly kind: 'access-token'; readonly token: string }
  | { readonly kind: 'unusable'; readonly reason: string };

/**
 * Parses `header`. With OAuth on, `Bearer` carries an access token; with
 * OAuth off there is no token to verify, so `Bearer <key>` is read as an API
 * key (clients whose settings only offer a "bearer token" field can connect).
 */
export function readAuthorization(
  header: string | null,
  options: { oauth: boolean },
): PresentedCredentials {
  if (header === null || header.trim() === '') return { kind: 'none' };
  const match = /^\s*(\S+)(?:\s+(\S*))?\s*$/.exec(header);
  const scheme = match?.[1]?.toLowerCase();
  const value = match?.[2] ?? '';
  if (scheme === 'token' || scheme === 'bearer') {
    if (value === '') {
      return {
        kind: 'unusable',
        reason: `The Authorization header names ${match?.[1]} but no value follows.`,
      };
    }
    if (scheme === 'bearer' && options.oauth) return { kind: 'access-token', token: value };
    return { kind: 'api-key', apiKey: value };
  }
  return {
    kind: 'unusable',
    reason: `The Authorization scheme "${match?.[1] ?? ''}" is not accepted: send "Token <API key>"${options.oauth ? ' or "Bearer <OAuth access token>"' : ''}.`,
  };
}
