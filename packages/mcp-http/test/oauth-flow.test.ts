import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import {
  demoSubjectKeys,
  type RunningDemoAuthServer,
  startDemoAuthServer,
} from '@shiptrack/demo-auth';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/browser.js';
import { type Host, startHost } from './support/host.js';
import { REDIRECT_URI, TestOAuthClient } from './support/oauth-client.js';

/** Runs the SDK's whole OAuth flow for `username` and returns a connected client. */
async function signedInClient(host: Host, username: string, provider = new TestOAuthClient()) {
  const first = new Client({ name: 'oauth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(host.url, { authProvider: provider });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  if (!provider.authorizationUrl)
    throw new Error('the SDK did not ask to open the authorization URL');
  const signedIn = await signIn(
    provider.authorizationUrl,
    { username, password: 'demo' },
    REDIRECT_URI,
  );
  if (!signedIn.callbackUrl) throw new Error(`sign-in stopped: ${JSON.stringify(signedIn.page)}`);
  expect(signedIn.callbackUrl.searchParams.get('state')).toBe(provider.lastState);
  await transport.finishAuth(signedIn.callbackUrl.searchParams);
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(host.url, { authProvider: provider }));
  return { client, provider };
}

async function containerIdsOf(apiKey: string, baseUrl: string): Promise<string[]> {
  const page = await createClient({ apiKey, baseUrl, rateLimit: false }).containers.list({
    pageSize: 100,
  });
  return page.data.map((container) => container.id).sort();
}

function listedIds(result: Awaited<ReturnType<Client['callTool']>>): string[] {
  const content = result.structuredContent as { containers?: { id: string }[] } | undefined;
  return (content?.containers ?? []).map((container) => container.id).sort();
}

describe('OAuth 2.1 with the MCP client SDK against oidc-provider', () => {
  let auth: RunningDemoAuthServer;
  let host: Host;
  let mcpUrl = '';

  beforeAll(async () => {
    auth = await startDemoAuthServer({ resources: (indicator) => indicator === mcpUrl });
    host = await startHost({ oauth: { issuer: auth.issuer, subjectKeys: demoSubjectKeys() } });
    mcpUrl = host.url.href;
  });
  afterAll(async () => {
    await host?.close();
    await auth?.close();
  });

  it('discovers, registers, signs in with PKCE, gets a token for the MCP URL and calls a tool', async () => {
    const { client, provider } = await signedInClient(host, 'ada');
    try {
      // Discovery started from the 401 and its protected-resource metadata.
      expect(
        host.logs.some((entry) => entry.status === 401 && entry.note === 'no credentials'),
      ).toBe(true);
      expect(
        host.logs.some((entry) => entry.path === '/.well-known/oauth-protected-resource/mcp'),
      ).toBe(true);
      // The client read our metadata, then the authorization server's (RFC 8414).
      const discovery = provider.discoveryState();
      expect(discovery?.resourceMetadata?.resource).toBe(mcpUrl);
      expect(discovery?.authorizationServerMetadata?.issuer).toBe(auth.issuer);
      expect(discovery?.authorizationServerMetadata?.registration_endpoint).toBeTruthy();
      // Dynamic registration, PKCE (S256) and the resource indicator on the authorization request.
      expect(provider.registered?.client_id).toBeTruthy();
      const authorization = provider.authorizationUrl as URL;
      expect(authorization.origin).toBe(auth.issuer);
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('code_challenge')).toBeTruthy();
      expect(authorization.searchParams.get('resource')).toBe(mcpUrl);
      // A JWT access token for exactly this MCP server, and a refresh token.
      const claims = decodeJwt(provider.saved?.access_token ?? '');
      expect(claims).toMatchObject({ iss: auth.issuer, aud: mcpUrl, sub: 'user-ada-okafor' });
      expect(provider.saved?.refresh_token).toBeTruthy();
      // The tool call ran with Bearer, on Ada's account (Acme).
      const result = await client.callTool({ name: 'list_containers', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(listedIds(result)).toEqual(await containerIdsOf(DEMO_API_KEY, host.mock.url));
      const call = host.logs.filter((entry) => entry.rpcMethod === 'tools/call').at(-1);
      expect(call).toMatchObject({ auth: 'bearer', subject: 'user-ada-okafor', status: 200 });
    } finally {
      await client.close();
    }
  });

  it("maps each user to their own account's key (Lin sees Globex's containers)", async () => {
    const { client } = await signedInClient(host, 'lin');
    try {
      const result = await client.callTool({ name: 'list_containers', arguments: {} });
      expect(listedIds(result)).toEqual(await containerIdsOf(DEMO_SECOND_API_KEY, host.mock.url));
    } finally {
      await client.close();
    }
  });

  it('refreshes the access token when the server refuses the old one', async () => {
    const { client, provider } = await signedInClient(host, 'ada');
    try {
      const before = provider.saved;
      if (!before) throw new Error('no tokens');
      // The access token is no longer accepted (as after its expiry); the refresh token still is.
      const expired = await auth.signTestToken({
        sub: 'user-ada-okafor',
        aud: mcpUrl,
        exp: Math.floor(Date.now() / 1000) - 60,
      });
      provider.saveTokens({ ...before, access_token: expired });
      const result = await client.callTool({ name: 'list_containers', arguments: {} });
      expect(result.isError).toBeFalsy();
      const after = provider.saved;
      expect(after?.access_token).not.toBe(expired);
      expect(after?.access_token).not.toBe(before.access_token);
      expect(after?.refresh_token).toBeTruthy();
      expect(decodeJwt(after?.access_token ?? '')).toMatchObject({ aud: mcpUrl });
    } finally {
      await client.close();
    }
  });

  it('refuses a wrong password on the login page and issues nothing', async () => {
    const provider = new TestOAuthClient();
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(
      client.connect(new StreamableHTTPClientTransport(host.url, { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const result = await signIn(
      provider.authorizationUrl as URL,
      { username: 'ada', password: 'wrong' },
      REDIRECT_URI,
    );
    expect(result.callbackUrl).toBeUndefined();
    expect(result.page?.status).toBe(401);
    expect(provider.saved).toBeUndefined();
  });
});
