/**
 * Turning a verified OAuth access token into REST credentials. The token's
 * audience is this MCP server, so it is never passed on to the REST API
 * (no token passthrough); a resolver maps the token's user to an API key.
 */
import type { VerifiedAccessToken } from './token-verifier.js';

/** What REST calls of a request authenticate with. */
export interface RestCredentials {
  /** The API key sent as `Authorization: Token <key>`. */
  readonly apiKey: string;
}

/**
 * Maps a verified access token to REST credentials; `undefined` when no
 * account is linked to the token's user (answered 403, not 401, so the
 * client does not sign in again in a loop).
 */
export type CredentialResolver = (
  token: VerifiedAccessToken,
) => RestCredentials | undefined | Promise<RestCredentials | undefined>;

/**
 * The default resolver: the token's `sub` looked up in a table of API keys
 * (`{ "<sub>": "<API key>" }`), which the operator keeps next to the server
 * (`--subject-keys <file>`).
 */
export function subjectKeyResolver(
  keysBySubject: Readonly<Record<string, string>>,
): CredentialResolver {
  const table = new Map(Object.entries(keysBySubject));
  return (token) => {
    const apiKey = table.get(token.subject);
    return apiKey === undefined ? undefined : { apiKey };
  };
}
