/**
 * The answers to requests that cannot be authenticated, each telling the
 * client what to do next: 400 for a malformed header, 401 with the right
 * `WWW-Authenticate`, 403 when signing in again cannot help, 503 with
 * `Retry-After` when the authorization server is down.
 */
import { jsonResponse } from '../http/responses.js';

/** How to write challenges: with OAuth on, its metadata URL and scopes. */
export interface ChallengeContext {
  readonly oauth?: { readonly metadataUrl: string; readonly scopes: readonly string[] };
}

/** Seconds a client should wait before retrying when the authorization server is down. */
export const AUTH_SERVER_RETRY_SECONDS = 10;

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '')}"`;
}

function challenge(scheme: string, params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${quoted(value)}`);
  return `${scheme} ${parts.join(', ')}`;
}

const TOKEN_HINT = 'send "Authorization: Token <API key>"';

/** 401 for a request with no usable credentials. */
export function missingCredentials(context: ChallengeContext, reason?: string): Response {
  const { oauth } = context;
  if (oauth) {
    const description = `${reason ? `${reason} ` : ''}Sign in with OAuth (discovered from ${oauth.metadataUrl}) or ${TOKEN_HINT}.`;
    return jsonResponse(
      401,
      { error: reason ? 'invalid_request' : 'unauthorized', error_description: description },
      {
        'www-authenticate': challenge('Bearer', {
          error: reason ? 'invalid_request' : undefined,
          error_description: reason,
          resource_metadata: oauth.metadataUrl,
          scope: oauth.scopes.join(' ') || undefined,
        }),
      },
    );
  }
  const description = `${reason ? `${reason} ` : ''}This server accepts API keys only: ${TOKEN_HINT}.`;
  return jsonResponse(
    401,
    { error: 'unauthorized', error_description: description },
    {
      'www-authenticate': challenge('Token', {
        realm: 'shiptrack',
        error_description: description,
      }),
    },
  );
}

/**
 * 400 `invalid_request` (RFC 6750 §3.1) for an `Authorization` header that
 * is malformed: two credentials, a scheme without a value, a value in
 * parts. Not a 401, so a client does not sign in again for nothing.
 */
export function malformedAuthorization(context: ChallengeContext, reason: string): Response {
  const { oauth } = context;
  return jsonResponse(
    400,
    { error: 'invalid_request', error_description: reason },
    {
      'www-authenticate': oauth
        ? challenge('Bearer', {
            error: 'invalid_request',
            error_description: reason,
            resource_metadata: oauth.metadataUrl,
          })
        : challenge('Token', {
            realm: 'shiptrack',
            error: 'invalid_request',
            error_description: reason,
          }),
    },
  );
}

/** 401 for an access token that failed verification. */
export function invalidToken(context: ChallengeContext, description: string): Response {
  return jsonResponse(
    401,
    { error: 'invalid_token', error_description: description },
    {
      'www-authenticate': challenge('Bearer', {
        error: 'invalid_token',
        error_description: description,
        resource_metadata: context.oauth?.metadataUrl,
        scope: context.oauth?.scopes.join(' ') || undefined,
      }),
    },
  );
}

/** 403 for a valid token without the scopes this server requires. */
export function insufficientScope(
  context: ChallengeContext,
  required: readonly string[],
): Response {
  const description = `The access token lacks the scope ${required.join(' ')}.`;
  return jsonResponse(
    403,
    { error: 'insufficient_scope', error_description: description },
    {
      'www-authenticate': challenge('Bearer', {
        error: 'insufficient_scope',
        error_description: description,
        scope: required.join(' '),
        resource_metadata: context.oauth?.metadataUrl,
      }),
    },
  );
}

/** 401 for an API key the service rejected. */
export function rejectedApiKey(): Response {
  const description =
    'The tracking service rejected this API key. Check the key (Authorization: Token <API key>).';
  return jsonResponse(
    401,
    { error: 'invalid_token', error_description: description },
    {
      'www-authenticate': challenge('Token', {
        realm: 'shiptrack',
        error: 'invalid_token',
        error_description: description,
      }),
    },
  );
}

/**
 * 403 for a signed-in user the server cannot act for: no account is linked
 * to the user, or the service rejected the linked account's key. Signing in
 * again would not change that, so it is not a 401.
 */
export function accountUnavailable(description: string): Response {
  return jsonResponse(403, { error: 'access_denied', error_description: description });
}

/** 503 when the authorization server or its keys could not be reached. */
export function authorizationServerUnavailable(): Response {
  return jsonResponse(
    503,
    {
      error: 'temporarily_unavailable',
      error_description: `The authorization server could not be reached to check the access token. Retry in ${AUTH_SERVER_RETRY_SECONDS} seconds; the token is not known to be bad.`,
    },
    { 'retry-after': String(AUTH_SERVER_RETRY_SECONDS) },
  );
}

/** Seconds a client waits before asking again when the service could not check its key. */
const KEY_CHECK_RETRY_SECONDS = 5;

/**
 * 503 when the tracking service could not be reached to check an API key:
 * the key is neither accepted nor refused, so no session starts on it.
 */
export function keyCheckUnavailable(): Response {
  return jsonResponse(
    503,
    {
      error: 'temporarily_unavailable',
      error_description: `The tracking service could not be reached to check the API key. Retry in ${KEY_CHECK_RETRY_SECONDS} seconds; the key is not known to be bad.`,
    },
    { 'retry-after': String(KEY_CHECK_RETRY_SECONDS) },
  );
}
