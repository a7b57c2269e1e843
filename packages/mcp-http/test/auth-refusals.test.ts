import {
  demoSubjectKeys,
  type RunningDemoAuthServer,
  startDemoAuthServer,
} from '@shiptrack/demo-auth';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, postRpc, rawRequest, startHost } from './support/host.js';

const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };
const now = () => Math.floor(Date.now() / 1000);

describe('what the OAuth-enabled server refuses, and how', () => {
  let auth: RunningDemoAuthServer;
  let host: Host;
  let mcpUrl = '';
  let metadataUrl = '';

  beforeAll(async () => {
    auth = await startDemoAuthServer({ resources: (indicator) => indicator === mcpUrl });
    host = await startHost({ oauth: { issuer: auth.issuer, subjectKeys: demoSubjectKeys() } });
    mcpUrl = host.url.href;
    metadataUrl = `${host.url.origin}/.well-known/oauth-protected-resource/mcp`;
  });
  afterAll(async () => {
    await host?.close();
    await auth?.close();
  });

  const ada = (claims: Partial<Parameters<RunningDemoAuthServer['signTestToken']>[0]> = {}) =>
    auth.signTestToken({ sub: 'user-ada-okafor', aud: mcpUrl, exp: now() + 300, ...claims });

  async function expectInvalidToken(token: string, reason: RegExp) {
    const response = await postRpc(host.url, PING, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect(((await response.json()) as { error_description: string }).error_description).toMatch(
      reason,
    );
  }

  it('accepts a valid token (the baseline the refusals differ from)', async () => {
    const response = await postRpc(host.url, PING, { authorization: `Bearer ${await ada()}` });
    expect(response.status).toBe(200);
  });

  it('answers a request without credentials with 401 and the metadata URL', async () => {
    const response = await postRpc(host.url, PING);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="shiptrack"`,
    );
    expect(await response.text()).toContain('Authorization: Token <API key>');
  });

  it('refuses an expired token with 401', async () => {
    await expectInvalidToken(await ada({ exp: now() - 120 }), /expired/);
  });

  it('refuses a token that is not valid yet with 401', async () => {
    await expectInvalidToken(await ada({ nbf: now() + 600 }), /not valid yet/);
  });

  it('refuses a token for another audience with 401', async () => {
    await expectInvalidToken(await ada({ aud: 'https://other.example/mcp' }), /another resource/);
  });

  it('refuses a token from another issuer with 401', async () => {
    await expectInvalidToken(
      await ada({ iss: 'https://evil.example' }),
      /another authorization server/,
    );
  });

  it('refuses a token signed by another key (same key id) with 401', async () => {
    const { kid } = decodeProtectedHeader(await ada());
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ scope: 'shiptrack' })
      .setProtectedHeader({ alg: 'RS256', kid: kid ?? '', typ: 'at+jwt' })
      .setIssuer(auth.issuer)
      .setSubject('user-ada-okafor')
      .setAudience(mcpUrl)
      .setExpirationTime(now() + 300)
      .sign(privateKey);
    await expectInvalidToken(forged, /signature/);
  });

  it('refuses a valid token whose sub is empty with 401 invalid_token, not 403', async () => {
    for (const sub of ['', '   ']) {
      await expectInvalidToken(await ada({ sub }), /"sub" claim/);
      expect(host.logs.at(-1)).toMatchObject({ status: 401, note: expect.stringContaining('sub') });
    }
  });

  it('refuses an API key sent as Bearer with 401 and says where keys go', async () => {
    await expectInvalidToken(DEMO_API_KEY, /Authorization: Token/);
  });

  it('answers an ambiguous Authorization with 400 invalid_request, a wrong token still with 401', async () => {
    const token = await ada();
    const twoHeaders = await rawRequest(host.url, {
      headers: {
        authorization: [`Token ${DEMO_API_KEY}`, `Bearer ${token}`],
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      chunks: [JSON.stringify(PING)],
    });
    expect(twoHeaders.status).toBe(400);
    expect(twoHeaders.headers['www-authenticate']).toMatch(/^Bearer error="invalid_request"/);
    expect(JSON.parse(twoHeaders.body)).toMatchObject({ error: 'invalid_request' });
    const list = await postRpc(host.url, PING, {
      authorization: `Token ${DEMO_API_KEY}, Bearer ${token}`,
    });
    expect(list.status).toBe(400);
    expect(((await list.json()) as { error_description: string }).error_description).toMatch(
      /more than one credential/,
    );
    await expectInvalidToken('not-a-jwt', /./);
  });

  it('never repeats a key or a token sent without a scheme, in the body, the challenge or the log', async () => {
    for (const secret of [DEMO_API_KEY, await ada()]) {
      const response = await postRpc(host.url, PING, { authorization: `${secret} x` });
      expect(response.status).toBe(401);
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
      const body = await response.text();
      for (const shown of [challenge, body, JSON.stringify(host.logs)]) {
        expect(shown).not.toContain(secret);
      }
      expect(body).toContain('does not begin with');
    }
  });

  it('answers 403 insufficient_scope for a token without the required scope', async () => {
    const response = await postRpc(host.url, PING, {
      authorization: `Bearer ${await ada({ scope: 'profile' })}`,
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('requires every required scope: a token with one of two gets 403 naming both', async () => {
    const strict = await startHost({
      oauth: {
        issuer: auth.issuer,
        subjectKeys: demoSubjectKeys(),
        scopes: ['shiptrack', 'shiptrack:track'],
      },
    });
    try {
      const withScope = async (scope: string) => {
        const token = await auth.signTestToken({
          sub: 'user-ada-okafor',
          aud: strict.url.href,
          exp: now() + 300,
          scope,
        });
        return postRpc(strict.url, PING, { authorization: `Bearer ${token}` });
      };
      for (const scope of ['shiptrack', 'shiptrack:track', 'profile shiptrack']) {
        const refused = await withScope(scope);
        expect(refused.status, scope).toBe(403);
        const challenge = refused.headers.get('www-authenticate') ?? '';
        expect(challenge).toContain('error="insufficient_scope"');
        expect(challenge).toContain('scope="shiptrack shiptrack:track"');
      }
      expect((await withScope('shiptrack:track shiptrack')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('answers 403 (not 401) for a user no account is linked to', async () => {
    const token = await auth.signTestToken({ sub: 'someone-else', aud: mcpUrl, exp: now() + 300 });
    const response = await postRpc(host.url, PING, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'access_denied' });
  });

  it('still serves API keys (Token) with OAuth on, and refuses a key the service rejects with 401', async () => {
    expect((await postRpc(host.url, PING, { authorization: `Token ${DEMO_API_KEY}` })).status).toBe(
      200,
    );
    const rejected = await postRpc(host.url, PING, { authorization: 'Token st_not_a_real_key' });
    expect(rejected.status).toBe(401);
    expect(rejected.headers.get('www-authenticate')).toMatch(
      /^Token realm="shiptrack", error="invalid_token"/,
    );
  });

  it('serves the protected-resource metadata at both RFC 9728 paths, resource exactly the MCP URL', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const response = await fetch(new URL(path, host.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({
        resource: mcpUrl,
        authorization_servers: [auth.issuer],
        scopes_supported: ['shiptrack'],
        bearer_methods_supported: ['header'],
        resource_name: 'shiptrack',
      });
    }
    const post = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', host.url), {
      method: 'POST',
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a preflight for the metadata with its read methods only', async () => {
    const response = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', host.url), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://chat.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'mcp-protocol-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(response.headers.get('access-control-allow-headers')).toBe('mcp-protocol-version');
  });

  it('logs refusals with their reason and never the token', async () => {
    const token = await ada({ exp: now() - 120 });
    await postRpc(host.url, PING, { authorization: `Bearer ${token}` });
    const entry = host.logs.at(-1);
    expect(entry).toMatchObject({
      status: 401,
      auth: 'bearer',
      note: 'The access token has expired.',
    });
    expect(JSON.stringify(host.logs)).not.toContain(token);
  });
});

describe('the authorization server or its keys unreachable', () => {
  let auth: RunningDemoAuthServer;
  let token = '';

  beforeAll(async () => {
    auth = await startDemoAuthServer({ resources: () => true });
    token = await auth.signTestToken({
      sub: 'user-ada-okafor',
      aud: 'http://127.0.0.1/mcp',
      exp: now() + 300,
    });
  });
  afterAll(() => auth?.close());

  async function expectUnavailable(host: Host) {
    const response = await postRpc(host.url, PING, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(response.headers.get('www-authenticate')).toBeNull();
    // The server keeps serving API keys meanwhile.
    expect((await postRpc(host.url, PING, { authorization: `Token ${DEMO_API_KEY}` })).status).toBe(
      200,
    );
  }

  it('answers 503 with Retry-After when the JWKS cannot be fetched, never 401', async () => {
    const host = await startHost({
      oauth: {
        issuer: auth.issuer,
        jwksUri: 'http://127.0.0.1:9/jwks',
        subjectKeys: demoSubjectKeys(),
      },
    });
    try {
      await expectUnavailable(host);
    } finally {
      await host.close();
    }
  });

  it('answers 503 with Retry-After when the authorization server is down', async () => {
    const stopped = await startDemoAuthServer({ resources: () => true });
    await stopped.close();
    const host = await startHost({
      oauth: { issuer: stopped.issuer, subjectKeys: demoSubjectKeys() },
    });
    try {
      await expectUnavailable(host);
    } finally {
      await host.close();
    }
  });
});
