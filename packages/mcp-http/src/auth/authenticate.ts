/**
 * From a request's `Authorization` header to the API key its REST calls
 * use, or to the answer that refuses it.
 */
import type { KeyVerdicts } from '../clients/key-verdicts.js';
import type { RequestHead } from '../http/request-head.js';
import { readAuthorization } from './authorization-header.js';
import {
  accountUnavailable,
  authorizationServerUnavailable,
  type ChallengeContext,
  insufficientScope,
  invalidToken,
  keyCheckUnavailable,
  malformedAuthorization,
  missingCredentials,
  rejectedApiKey,
} from './challenges.js';
import type { CredentialResolver } from './credentials.js';
import { AuthorizationServerUnavailableError, InvalidAccessTokenError } from './errors.js';
import type { AccessTokenVerifier, VerifiedAccessToken } from './token-verifier.js';

/** A request that may proceed: the key for its REST calls and who presented what. */
export interface Authenticated {
  readonly ok: true;
  /** `local`: no credentials, served with the local key (authentication off). */
  readonly kind: 'token' | 'bearer' | 'local';
  readonly apiKey: string;
  /** The verified access token (Bearer with OAuth on). */
  readonly token?: VerifiedAccessToken;
}

/** A request refused, with its answer and a short reason for the log. */
export interface Refused {
  readonly ok: false;
  readonly kind: 'token' | 'bearer' | 'none';
  readonly response: Response;
  readonly note: string;
  readonly subject?: string;
}

/** The OAuth side of authentication. */
export interface OAuthAuthentication {
  readonly verifier: AccessTokenVerifier;
  readonly resolveCredentials: CredentialResolver;
  readonly requiredScopes: readonly string[];
  readonly metadataUrl: string;
}

/** Authenticates requests: API keys always, access tokens when OAuth is on. */
export class Authenticator {
  readonly #oauth: OAuthAuthentication | undefined;
  readonly #verdicts: KeyVerdicts | undefined;
  readonly #challenges: ChallengeContext;

  readonly #localApiKey: string | undefined;

  constructor(options: {
    oauth?: OAuthAuthentication;
    verdicts?: KeyVerdicts;
    localApiKey?: string;
  }) {
    this.#oauth = options.oauth;
    this.#localApiKey = options.localApiKey;
    this.#verdicts = options.verdicts;
    this.#challenges = options.oauth
      ? { oauth: { metadataUrl: options.oauth.metadataUrl, scopes: options.oauth.requiredScopes } }
      : {};
  }

  /** Authenticates `request` (reads only its headers). */
  async authenticate(request: RequestHead): Promise<Authenticated | Refused> {
    const presented = readAuthorization(request.headers.get('authorization'), {
      oauth: this.#oauth !== undefined,
    });
    switch (presented.kind) {
      case 'none':
        if (this.#localApiKey !== undefined) {
          return { ok: true, kind: 'local', apiKey: this.#localApiKey };
        }
        return this.#refuse('none', missingCredentials(this.#challenges), 'no credentials');
      case 'malformed':
        return this.#refuse(
          'none',
          malformedAuthorization(this.#challenges, presented.reason),
          'malformed Authorization header',
        );
      case 'unusable':
        return this.#refuse(
          'none',
          missingCredentials(this.#challenges, presented.reason),
          'unusable Authorization header',
        );
      case 'api-key': {
        const verdict = await this.#verdicts?.verdict(presented.apiKey);
        if (verdict === 'rejected') {
          return this.#refuse('token', rejectedApiKey(), 'API key rejected by the service');
        }
        if (verdict === 'unavailable') {
          return this.#refuse(
            'token',
            keyCheckUnavailable(),
            'service unreachable for the key check',
          );
        }
        return { ok: true, kind: 'token', apiKey: presented.apiKey };
      }
      case 'access-token':
        return this.#bearer(presented.token);
    }
  }

  async #bearer(raw: string): Promise<Authenticated | Refused> {
    // Only reached with OAuth on (readAuthorization reads Bearer as a key otherwise).
    const oauth = this.#oauth as OAuthAuthentication;
    let token: VerifiedAccessToken;
    try {
      token = await oauth.verifier.verify(raw);
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) {
        return this.#refuse('bearer', invalidToken(this.#challenges, error.message), error.message);
      }
      const note =
        error instanceof AuthorizationServerUnavailableError ? error.message : 'token check failed';
      return this.#refuse('bearer', authorizationServerUnavailable(), note);
    }
    const missing = oauth.requiredScopes.filter((scope) => !token.scopes.includes(scope));
    if (missing.length > 0) {
      return this.#refuse(
        'bearer',
        insufficientScope(this.#challenges, oauth.requiredScopes),
        'insufficient scope',
        token.subject,
      );
    }
    let credentials: Awaited<ReturnType<CredentialResolver>>;
    try {
      credentials = await oauth.resolveCredentials(token);
    } catch {
      return this.#refuse(
        'bearer',
        authorizationServerUnavailable(),
        'credential resolver failed',
        token.subject,
      );
    }
    if (!credentials) {
      return this.#refuse(
        'bearer',
        accountUnavailable(
          'No shiptrack account is linked to this user. Ask the operator of this server to link one.',
        ),
        'no account linked to the user',
        token.subject,
      );
    }
    const verdict = await this.#verdicts?.verdict(credentials.apiKey);
    if (verdict === 'unavailable') {
      return this.#refuse(
        'bearer',
        keyCheckUnavailable(),
        'service unreachable for the key check',
        token.subject,
      );
    }
    if (verdict === 'rejected') {
      return this.#refuse(
        'bearer',
        accountUnavailable(
          'The tracking service rejected the API key linked to this user. Ask the operator of this server to update it.',
        ),
        'linked API key rejected by the service',
        token.subject,
      );
    }
    return { ok: true, kind: 'bearer', apiKey: credentials.apiKey, token };
  }

  #refuse(kind: Refused['kind'], response: Response, note: string, subject?: string): Refused {
    return { ok: false, kind, response, note, ...(subject === undefined ? {} : { subject }) };
  }
}
