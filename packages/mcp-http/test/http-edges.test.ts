import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHttpHandler } from '../src/index.js';
import { connectWithHeader, type Host, postRpc, rawRequest, startHost } from './support/host.js';

const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };
const TOKEN = { authorization: `Token ${DEMO_API_KEY}` };

describe('the HTTP surface with API keys only (no OAuth)', () => {
  let host: Host;

  beforeAll(async () => {
    host = await startHost({ maxBodyBytes: 4096 });
  });
  afterAll(() => host?.close());

  /** After every refusal the same server still answers a real client. */
  async function expectStillServing() {
    const client = await connectWithHeader(host.url, TOKEN.authorization);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }

  it('answers a request without credentials with 401 that says to send Token, and no OAuth challenge', async () => {
    const response = await postRpc(host.url, PING);
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Token realm="shiptrack"/);
    expect(challenge).not.toContain('resource_metadata');
    expect(await response.text()).toContain('Authorization: Token <API key>');
    await expectStillServing();
  });

  it('serves no OAuth metadata, so no client is sent into an OAuth flow', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const response = await fetch(new URL(path, host.url));
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Token <API key>');
    }
  });

  it('reads "Bearer <API key>" as an API key when OAuth is off', async () => {
    const response = await postRpc(host.url, PING, { authorization: `Bearer ${DEMO_API_KEY}` });
    expect(response.status).toBe(200);
  });

  it('refuses another Authorization scheme with 401', async () => {
    const response = await postRpc(host.url, PING, { authorization: 'Basic dXNlcjpwYXNz' });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error_description: string };
    expect(body.error_description).toContain('"Basic" is not accepted');
  });

  it('never repeats a key sent without a scheme, in the body, the challenge or the log', async () => {
    const response = await postRpc(host.url, PING, { authorization: `${DEMO_API_KEY} x` });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    const body = await response.text();
    for (const shown of [challenge, body, JSON.stringify(host.logs)]) {
      expect(shown).not.toContain(DEMO_API_KEY);
    }
    expect(challenge).toMatch(/^Token realm="shiptrack"/);
    expect(JSON.parse(body)).toMatchObject({
      error_description: expect.stringContaining('does not begin with "Token" or "Bearer"'),
    });
  });

  it('answers two credentials with 400 invalid_request, two headers or a list, and never echoes them', async () => {
    const twoHeaders = await rawRequest(host.url, {
      headers: {
        authorization: [`Token ${DEMO_API_KEY}`, 'Bearer st_other_key'],
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      chunks: [JSON.stringify(PING)],
    });
    const list = await postRpc(host.url, PING, {
      authorization: `Token ${DEMO_API_KEY}, Bearer st_other_key`,
    });
    for (const answer of [
      {
        status: twoHeaders.status,
        challenge: twoHeaders.headers['www-authenticate'],
        body: twoHeaders.body,
      },
      {
        status: list.status,
        challenge: list.headers.get('www-authenticate'),
        body: await list.text(),
      },
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.challenge).toMatch(/^Token realm="shiptrack", error="invalid_request"/);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: 'invalid_request',
        error_description: expect.stringContaining('more than one credential'),
      });
      expect(answer.body).not.toContain(DEMO_API_KEY);
      expect(answer.body).not.toContain('st_other_key');
    }
    await expectStillServing();
  });

  it('refuses a key the service rejects with HTTP 401, before any tool runs', async () => {
    const response = await postRpc(host.url, PING, { authorization: 'Token st_wrong_key' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expectStillServing();
  });

  it('refuses a foreign Origin with 403 and serves an allowed one with CORS headers', async () => {
    for (const origin of [
      'https://evil.example',
      'http://evillocalhost:6274',
      'http://evil.localhost:6274',
      'http://evil127.0.0.1:6274',
    ]) {
      const foreign = await postRpc(host.url, PING, { ...TOKEN, origin });
      expect(foreign.status, origin).toBe(403);
      expect(foreign.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const inspector = await postRpc(host.url, PING, { ...TOKEN, origin: 'http://localhost:6274' });
    expect(inspector.status).toBe(200);
    expect(inspector.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    await expectStillServing();
  });

  it('lets a browser read the 401 challenge (CORS on refusals too)', async () => {
    const response = await postRpc(host.url, PING, { origin: 'http://localhost:6274' });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    expect(response.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('answers a CORS preflight for the MCP Inspector, exposing the auth and MCP headers', async () => {
    const response = await fetch(host.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    // Stateless: POST is the only method the MCP path answers, so it is the only one announced.
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    for (const header of ['WWW-Authenticate', 'Mcp-Session-Id', 'MCP-Protocol-Version']) {
      expect(exposed).toContain(header);
    }
  });

  it('answers a preflight for /health with its read methods only, for any origin', async () => {
    const response = await fetch(new URL('/health', host.url), {
      method: 'OPTIONS',
      headers: { origin: 'https://status.example', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    const post = await fetch(new URL('/health', host.url), { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('refuses a foreign Host with 403 (DNS rebinding on loopback)', async () => {
    const response = await rawRequest(host.url, {
      headers: { ...TOKEN, host: 'attacker.example', 'content-type': 'application/json' },
      chunks: [JSON.stringify(PING)],
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain('attacker.example');
    await expectStillServing();
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ ...PING, params: { _meta: { padding: 'x'.repeat(8192) } } });
    const declared = await postRpc(host.url, big, TOKEN);
    expect(declared.status).toBe(413);
    const streamed = await rawRequest(host.url, {
      headers: {
        ...TOKEN,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'transfer-encoding': 'chunked',
      },
      chunks: [big.slice(0, 3000), big.slice(3000)],
    });
    expect(streamed.status).toBe(413);
    await expectStillServing();
  });

  it('refuses with 413 a body streamed to handler.fetch without Content-Length, each chunk under the limit but not the whole', async () => {
    const handler = createMcpHttpHandler({
      baseUrl: host.mock.url,
      maxBodyBytes: 4096,
      log: false,
    });
    /** A POST whose body is `chunks` of `size` bytes each, streamed: no Content-Length. */
    const streamed = (chunks: number, size: number) => {
      const padding = 'x'.repeat(chunks * size - 64);
      const bytes = new TextEncoder().encode(
        JSON.stringify({ ...PING, params: { _meta: { padding } } }).padEnd(chunks * size),
      );
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes.byteLength) return controller.close();
          controller.enqueue(bytes.subarray(sent, sent + size));
          sent += size;
        },
      });
      // Node requires `duplex` with a stream body; the DOM's RequestInit does not know it yet.
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        headers: {
          ...TOKEN,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body,
        duplex: 'half',
      };
      return new Request(host.url, init);
    };
    try {
      const within = streamed(2, 1500);
      expect(within.headers.get('content-length')).toBeNull();
      expect((await handler.fetch(within)).status).toBe(200);
      const over = await handler.fetch(streamed(3, 1500));
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({
        error: { message: 'The request body is larger than 4096 bytes.' },
      });
    } finally {
      await handler.close();
    }
  });

  it('answers malformed JSON with a JSON-RPC parse error', async () => {
    const response = await postRpc(host.url, '{"jsonrpc": "2.0", "id": 1, "method":', TOKEN);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32700 } });
    await expectStillServing();
  });

  it('answers a body that is not JSON-RPC with a JSON-RPC error', async () => {
    const response = await postRpc(host.url, { hello: 'world' }, TOKEN);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: expect.any(Object) });
  });

  it('answers an unknown tool with an error naming it', async () => {
    const client = await connectWithHeader(host.url, TOKEN.authorization);
    try {
      const outcome = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
        (result) => JSON.stringify(result),
        (error: Error) => error.message,
      );
      expect(outcome).toContain('no_such_tool');
    } finally {
      await client.close();
    }
  });

  it('refuses an unknown protocol version with 400', async () => {
    const response = await postRpc(host.url, PING, {
      ...TOKEN,
      'mcp-protocol-version': '1999-01-01',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('1999-01-01');
    await expectStillServing();
  });

  it('answers GET and DELETE with 405 and Allow (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await fetch(host.url, { method, headers: TOKEN });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    }
  });

  it('serves /health, 404 elsewhere, and a request id on every answer', async () => {
    const health = await fetch(new URL('/health', host.url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const missing = await fetch(new URL('/nothing', host.url));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await postRpc(host.url, PING, { ...TOKEN, 'x-request-id': 'trace-42' });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42');
    expect(host.logs.some((entry) => entry.requestId === 'trace-42')).toBe(true);
  });
});
