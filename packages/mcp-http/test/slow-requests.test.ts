import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { ConfigurationError } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trickleRequest } from '../../../test-support/trickled-request.js';
import { startMcpHttpServer } from '../src/node/server.js';
import { type Host, postRpc, startHost } from './support/host.js';

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
