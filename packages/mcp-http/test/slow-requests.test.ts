import { createServer, type Server, type Socket } from 'node:net';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { ConfigurationError } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trickleRequest } from '../../../test-support/trickled-request.js';
import { type RunningMcpHttpServer, startMcpHttpServer } from '../src/node/server.js';
import { connectWithHeader, type Host, postRpc, startHost } from './support/host.js';

describe('a request body trickled byte by byte', () => {
  let host: Host;

  beforeAll(async () => {
    host = await startHost({ requestTimeoutMs: 300 });
  });
  afterAll(() => host?.close());

  it('is cut with 408 once the whole request takes longer than requestTimeoutMs', async () => {
    const answer = await trickleRequest(host.url, {
      head: [
        `POST ${host.url.pathname} HTTP/1.1`,
        `Host: ${host.url.host}`,
        `Authorization: Token ${DEMO_API_KEY}`,
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        'Content-Length: 100000',
        '',
        '',
      ].join('\r\n'),
      everyMs: 20,
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('ERR_HTTP_REQUEST_TIMEOUT');
    expect(answer).not.toContain(DEMO_API_KEY);
    const ping = await postRpc(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { authorization: `Token ${DEMO_API_KEY}` },
    );
    expect(ping.status).toBe(200);
  });

  it('refuses a requestTimeoutMs that is not above 0, naming the option', async () => {
    await expect(startMcpHttpServer({ port: 0, requestTimeoutMs: 0 })).rejects.toThrow(
      new ConfigurationError('`requestTimeoutMs` must be a number above 0, got 0.'),
    );
  });
});

describe('a REST service that takes the connection and never answers', () => {
  const sockets = new Set<Socket>();
  let silent: Server;
  let server: RunningMcpHttpServer;
  const errors: unknown[] = [];

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    server = await startMcpHttpServer({
      port: 0,
      baseUrl: `http://127.0.0.1:${address.port}/v2`,
      restTimeoutMs: 200,
      // The key check would wait on the silent service too; the tool call is what is measured.
      verifyApiKeys: false,
      log: false,
      onError: (error) => errors.push(error),
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent?.close(() => resolve()));
  });

  it('answers a tool call with unreachable after restTimeoutMs per attempt, not after the SDK default of 60 s', async () => {
    const client = await connectWithHeader(new URL(server.url), `Token ${DEMO_API_KEY}`);
    // Three attempts of 200 ms and two back-offs (at most 0.5 s and 1 s) end well before this.
    const GUARD_MS = 8_000;
    let guard: ReturnType<typeof setTimeout> | undefined;
    try {
      const outcome = await Promise.race([
        client.callTool({ name: 'list_containers', arguments: {} }),
        new Promise<'no answer in time'>((resolve) => {
          guard = setTimeout(() => resolve('no answer in time'), GUARD_MS);
        }),
      ]);
      expect(outcome).toMatchObject({
        isError: true,
        _meta: { 'shiptrack/error': { code: 'unreachable', retryable: true } },
      });
      expect(JSON.stringify(outcome)).toContain('did not answer in time');
    } finally {
      clearTimeout(guard);
      await client.close();
    }
  });
});
