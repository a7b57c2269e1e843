/**
 * `startDemoAuthServer`: the demo authorization server on a loopback port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import { handleInteraction } from './interactions.js';
import { createDemoProvider, generateSigningKey, type ResourcePolicy } from './provider.js';
import { signTestToken, type TestTokenClaims } from './test-tokens.js';
import { DEMO_USERS, type DemoUser } from './users.js';

/** Options of {@link startDemoAuthServer}. */
export interface StartDemoAuthServerOptions {
  /**
   * The resource servers (MCP URLs) tokens may be issued for: a list, or a
   * function for a URL that is known only later (a port picked at start).
   */
  resources: ResourcePolicy;
  /** Port; 0 (default) picks a free one. */
  port?: number;
  /** Interface; default 127.0.0.1. */
  host?: string;
  /** Scopes of the resources (default `['shiptrack']`). */
  scopes?: readonly string[];
  /** Access token lifetime in seconds (default 600). */
  accessTokenTtlSeconds?: number;
  /** The users of the login page (default {@link DEMO_USERS}). */
  users?: readonly DemoUser[];
}

/** A running demo authorization server. */
export interface RunningDemoAuthServer {
  /** The issuer identifier and base URL, e.g. `http://127.0.0.1:4020`. */
  readonly issuer: string;
  readonly jwksUri: string;
  readonly users: readonly DemoUser[];
  /** The oidc-provider instance (events, models). */
  readonly provider: Provider;
  /**
   * Signs an access token with the server's own key, for tests of what a
   * resource server must refuse (expired, not yet valid, another audience).
   */
  signTestToken(claims: TestTokenClaims): Promise<string>;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  port: number,
  host: string,
) {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/**
 * Starts oidc-provider with the demo configuration (dynamic registration,
 * PKCE, resource indicators, JWT access tokens, refresh tokens) and the demo
 * login, and resolves once it listens.
 */
export async function startDemoAuthServer(
  options: StartDemoAuthServerOptions,
): Promise<RunningDemoAuthServer> {
  const { port = 0, host = '127.0.0.1', users = DEMO_USERS } = options;
  const signingKey = generateSigningKey();
  let provider: Provider | undefined;
  const server = await listen(
    (request, response) => {
      if (!provider) {
        response.writeHead(503).end();
        return;
      }
      const ready = provider;
      handleInteraction(ready, users, request, response)
        .then((handled) => {
          if (!handled) ready.callback()(request, response);
        })
        .catch(() => {
          if (!response.headersSent) response.writeHead(500);
          response.end();
        });
    },
    port,
    host,
  );
  // listen() on a TCP port always yields an AddressInfo object.
  const address = server.address() as AddressInfo;
  const issuer = `http://${urlHost(host)}:${address.port}`;
  provider = createDemoProvider({
    issuer,
    users,
    resources: options.resources,
    scopes: options.scopes ?? ['shiptrack'],
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 600,
    signingKey,
  });
  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    users,
    provider,
    signTestToken: (claims) => signTestToken(signingKey, issuer, claims),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
