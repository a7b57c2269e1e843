/**
 * Access tokens signed with the demo server's key outside any flow, shaped
 * like the ones it issues (RFC 9068), so tests can present what a resource
 * server must refuse: expired, not yet valid, for another audience.
 */
import { SignJWT } from 'jose';
import type { SigningKey } from './provider.js';

/** Claims of a test token; times are seconds since the epoch. */
export interface TestTokenClaims {
  sub: string;
  aud: string;
  exp: number;
  nbf?: number;
  iat?: number;
  scope?: string;
  clientId?: string;
  /** Issuer to put in the token (default: the server's own). */
  iss?: string;
}

/** Signs `claims` as an `at+jwt` access token with `key`. */
export function signTestToken(
  key: SigningKey,
  issuer: string,
  claims: TestTokenClaims,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({
    scope: claims.scope ?? 'shiptrack',
    client_id: claims.clientId ?? 'test-client',
    ...(claims.nbf === undefined ? {} : { nbf: claims.nbf }),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
    .setIssuer(claims.iss ?? issuer)
    .setSubject(claims.sub)
    .setAudience(claims.aud)
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp)
    .setJti(crypto.randomUUID());
  return jwt.sign(key.privateKey);
}
