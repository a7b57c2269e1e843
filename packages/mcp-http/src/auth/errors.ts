/** Why a presented access token is refused (answered 401 `invalid_token`). */
export class InvalidAccessTokenError extends Error {
  override name = 'InvalidAccessTokenError';
}

/**
 * The authorization server (its metadata or its JWKS) could not be reached
 * or answered nonsense, so a token could not be checked: answered 503 with
 * `Retry-After`, never 401 (a 401 would send the client into signing in
 * again, which cannot help).
 */
export class AuthorizationServerUnavailableError extends Error {
  override name = 'AuthorizationServerUnavailableError';
}
