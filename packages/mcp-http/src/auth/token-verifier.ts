/**
 * Verifies OAuth 2.1 access tokens that are JWTs (RFC 9068) with `jose`:
 * the signature against the authorization server's JWKS, the issuer, the
 * audience (this MCP server's public URL), expiry and not-before, and the
 * required scopes.
 */
import {
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { AuthorizationServerDirectory, FetchFunction } from './authorization-server.js';
import { AuthorizationServerUnavailableError, InvalidAccessTokenError } from './errors.js';

/** A verified access token, as the credential resolver sees it. */
export interface VerifiedAccessToken {
  /** The raw token. */
  readonly token: string;
  /** `sub`: the user. */
  readonly subject: string;
  /** `client_id` (or `azp`), when the token names the client. */
  readonly clientId: string | undefined;
  /** `scope` (or `scp`), split. */
  readonly scopes: readonly string[];
  /** `exp`, in seconds since the epoch. */
  readonly expiresAt: number;
  /** Every claim, for resolvers that read their own. */
  readonly claims: JWTPayload;
}

/** Options of {@link AccessTokenVerifier}. */
export interface AccessTokenVerifierOptions {
  issuer: string;
  /** The audience tokens must carry: the public MCP URL. */
  audience: string;
  directory: AuthorizationServerDirectory;
  /** Accepted JWS algorithm names such as `RS256` (default: every asymmetric one the JWKS key allows). */
  algorithms?: string[];
  clockToleranceSeconds: number;
  fetch: FetchFunction;
  /** Time limit of a JWKS request (ms). */
  timeoutMs: number;
}

/** Errors that say the token is bad; every other failure means the keys could not be had. */
const TOKEN_FAULTS = [
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

function describe(error: unknown): string | undefined {
  if (error instanceof errors.JWTExpired) return 'The access token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return 'The access token was issued for another resource (audience).';
    if (error.claim === 'iss')
      return 'The access token was issued by another authorization server.';
    if (error.claim === 'nbf') return 'The access token is not valid yet.';
    return `The access token's "${error.claim}" claim is missing or invalid.`;
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey
  ) {
    return "The access token's signature does not verify with the authorization server's keys.";
  }
  if (TOKEN_FAULTS.some((fault) => error instanceof fault)) {
    return 'The access token is not a valid signed JWT. (API keys go in "Authorization: Token <key>".)';
  }
  return undefined;
}

function scopesOf(claims: JWTPayload): string[] {
  const { scope, scp } = claims;
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  if (Array.isArray(scp)) return scp.filter((item): item is string => typeof item === 'string');
  return [];
}

/** Verifies access tokens; keys are fetched on first use and cached by `jose`. */
export class AccessTokenVerifier {
  readonly #options: AccessTokenVerifierOptions;
  #keys: JWTVerifyGetKey | undefined;

  constructor(options: AccessTokenVerifierOptions) {
    this.#options = options;
  }

  async #keySet(): Promise<JWTVerifyGetKey> {
    if (this.#keys) return this.#keys;
    const jwksUri = await this.#options.directory.jwksUri();
    this.#keys = createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: this.#options.timeoutMs,
      [customFetch]: this.#options.fetch,
    });
    return this.#keys;
  }

  /**
   * The verified token, or {@link InvalidAccessTokenError} (answer 401) or
   * {@link AuthorizationServerUnavailableError} (answer 503).
   */
  async verify(token: string): Promise<VerifiedAccessToken> {
    const { issuer, audience, algorithms, clockToleranceSeconds } = this.#options;
    try {
      // Refuse what is not a JWS at all before asking for keys, so it is a 401 even when the
      // authorization server is down.
      decodeProtectedHeader(token);
    } catch (error) {
      throw new InvalidAccessTokenError(describe(new errors.JWSInvalid()) ?? 'Not a JWT.', {
        cause: error,
      });
    }
    const keys = await this.#keySet();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: [audience, audience.endsWith('/') ? audience.slice(0, -1) : `${audience}/`],
        algorithms,
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      const reason = describe(error);
      if (reason !== undefined) throw new InvalidAccessTokenError(reason, { cause: error });
      throw new AuthorizationServerUnavailableError(
        "The authorization server's signing keys (JWKS) could not be fetched.",
        { cause: error },
      );
    }
    // jose checks that `sub` is present, not what it holds: a blank one names no user to act for.
    const subject = payload.sub;
    if (typeof subject !== 'string' || subject.trim() === '') {
      throw new InvalidAccessTokenError(
        'The access token\'s "sub" claim is empty or not a string: it names no user.',
      );
    }
    const clientId = payload.client_id ?? payload.azp;
    return {
      token,
      subject,
      // requiredClaims makes `exp` present, and jose refuses one that is not a number.
      expiresAt: Number(payload.exp),
      clientId: typeof clientId === 'string' ? clientId : undefined,
      scopes: scopesOf(payload),
      claims: payload,
    };
  }
}
