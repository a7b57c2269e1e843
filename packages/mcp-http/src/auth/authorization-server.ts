/**
 * Finds the authorization server's JWKS: the configured URL, or the
 * `jwks_uri` of its metadata (RFC 8414, then OpenID Connect discovery),
 * fetched once and kept. Failures are not kept longer than a short pause,
 * so a server that comes back is used again.
 */
import { AuthorizationServerUnavailableError } from './errors.js';

/** How the directory fetches (the `fetch` option; tests point it anywhere). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Options of {@link AuthorizationServerDirectory}. */
export interface AuthorizationServerDirectoryOptions {
  issuer: string;
  /** Skip discovery and use this JWKS URL. */
  jwksUri?: string;
  fetch: FetchFunction;
  /** Time limit of one metadata request (ms). */
  timeoutMs: number;
  /** After a failed discovery, answer unavailable without asking again for this long (ms). */
  retryPauseMs: number;
}

/** The well-known metadata URLs to try for `issuer`, in order. */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ].filter((candidate, index, all) => all.indexOf(candidate) === index);
}

function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/$/, '') === b.replace(/\/$/, '');
}

/** The authorization server's JWKS URL, discovered lazily. */
export class AuthorizationServerDirectory {
  readonly #options: AuthorizationServerDirectoryOptions;
  #jwksUri: Promise<string> | undefined;
  #failedAt = Number.NEGATIVE_INFINITY;

  constructor(options: AuthorizationServerDirectoryOptions) {
    this.#options = options;
    if (options.jwksUri !== undefined) this.#jwksUri = Promise.resolve(options.jwksUri);
  }

  /** The JWKS URL, or {@link AuthorizationServerUnavailableError}. */
  jwksUri(): Promise<string> {
    if (this.#jwksUri) return this.#jwksUri;
    if (Date.now() - this.#failedAt < this.#options.retryPauseMs) {
      return Promise.reject(
        new AuthorizationServerUnavailableError(
          'The authorization server metadata could not be fetched.',
        ),
      );
    }
    const discovery = this.#discover();
    this.#jwksUri = discovery;
    discovery.catch(() => {
      this.#jwksUri = undefined;
      this.#failedAt = Date.now();
    });
    return discovery;
  }

  async #discover(): Promise<string> {
    const { issuer, fetch, timeoutMs } = this.#options;
    let lastProblem = 'no metadata document was found';
    for (const url of metadataUrls(issuer)) {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new AuthorizationServerUnavailableError(
          `The authorization server ${issuer} could not be reached.`,
          { cause },
        );
      }
      if (response.status === 404 || response.status === 405) {
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new AuthorizationServerUnavailableError(
          `The authorization server's metadata (${url}) answered ${response.status}.`,
        );
      }
      const metadata = (await response.json().catch(() => undefined)) as
        | { issuer?: unknown; jwks_uri?: unknown }
        | undefined;
      if (typeof metadata?.issuer !== 'string' || !sameIssuer(metadata.issuer, issuer)) {
        lastProblem = `${url} names another issuer`;
        continue;
      }
      if (typeof metadata.jwks_uri !== 'string') {
        lastProblem = `${url} has no jwks_uri`;
        continue;
      }
      return metadata.jwks_uri;
    }
    throw new AuthorizationServerUnavailableError(
      `The authorization server ${issuer} gave no usable metadata: ${lastProblem}.`,
    );
  }
}
