/**
 * The oidc-provider configuration of the demo: an OAuth 2.1 authorization
 * server with open dynamic client registration (RFC 7591), authorization code
 * with PKCE required for every client, resource indicators (RFC 8707) and
 * JWT access tokens (RFC 9068) whose audience is the requested resource, and
 * refresh tokens (rotated for public clients).
 */
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import Provider, { type Configuration, errors, type JWK } from 'oidc-provider';
import type { DemoUser } from './users.js';

/** Which resource indicators the server issues tokens for. */
export type ResourcePolicy = readonly string[] | ((resourceIndicator: string) => boolean);

/** What {@link createDemoProvider} needs. */
export interface DemoProviderOptions {
  /** The issuer identifier: the server's own URL. */
  issuer: string;
  users: readonly DemoUser[];
  resources: ResourcePolicy;
  /** Scopes of every allowed resource. */
  scopes: readonly string[];
  accessTokenTtlSeconds: number;
  signingKey: SigningKey;
}

/** The server's RS256 signing key, as the provider and the test-token signer need it. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  /** The private key as a JWK with `kid`, `alg` and `use`. */
  readonly jwk: JWK;
}

/** A fresh RS256 signing key (a new one on every start: tokens do not outlive the demo server). */
export function generateSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `demo-${randomBytes(6).toString('hex')}`;
  const jwk: JWK = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, jwk };
}

function allows(policy: ResourcePolicy, indicator: string): boolean {
  return typeof policy === 'function' ? policy(indicator) : policy.includes(indicator);
}

/** Builds the provider; interactions (the login page) are served by `interactions.ts`. */
export function createDemoProvider(options: DemoProviderOptions): Provider {
  const { users, resources, scopes, accessTokenTtlSeconds } = options;
  const configuration: Configuration = {
    clients: [],
    jwks: { keys: [options.signingKey.jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // The resource's scopes are listed too, so clients may register with them (RFC 7591 `scope`).
    scopes: ['openid', 'offline_access', ...scopes],
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A token request for a grant with several resources must name one.
        defaultResource: (_ctx, _client, oneOf) => oneOf,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (!allows(resources, indicator)) throw new errors.InvalidTarget();
          return {
            scope: scopes.join(' '),
            audience: indicator,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // OAuth 2.1 clients get refresh tokens without asking for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    findAccount: (_ctx, id) => {
      const user = users.find((candidate) => candidate.id === id);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, name: user.name, email: user.email }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      Grant: 14 * 24 * 3600,
      Interaction: 600,
      RefreshToken: 14 * 24 * 3600,
      Session: 24 * 3600,
    },
  };
  return new Provider(options.issuer, configuration);
}
