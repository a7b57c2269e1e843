import { connect } from 'node:net';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHttpHandler } from '../src/index.js';
import { type Host, type RawResponse, rawRequest, startHost } from './support/host.js';

const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
const HEADERS = {
  authorization: `Token ${DEMO_API_KEY}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** An HTTP/1.1 exchange written byte for byte, for what no client library sends (no Host). */
function exchange(port: number, head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = Object.entries(HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(
        `POST /mcp HTTP/1.1\r\n${head}${lines.join('')}content-length: ${PING.length}\r\nconnection: close\r\n\r\n${PING}`,
      );
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    // A server that refuses a request early may reset the connection after its answer: keep the answer.
    let failure: Error | undefined;
    socket.on('error', (error) => {
      failure = error;
    });
    socket.on('close', () => {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) {
        reject(failure ?? new Error('the connection closed without an answer'));
        return;
      }
      const [status = ''] = received.split('\r\n');
      resolve({
        status: Number(status.split(' ')[1]),
        headers: {},
        body: received.slice(headEnd + 4),
      });
    });
  });
}

describe('Host refusals on the loopback server', () => {
  let host: Host;

  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(() => host?.close());

  /** The 403 every Host refusal gets: a JSON-RPC error that says what is allowed and how to allow more. */
  function expectClearRefusal(response: RawResponse, mentioning: string) {
    expect(response.status).toBe(403);
    const body = JSON.parse(response.body) as { id: unknown; error: { message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(body.error.message).toContain(mentioning);
    expect(body.error.message).toContain('answers only for localhost, 127.0.0.1, [::1]');
    expect(body.error.message).toContain('--allowed-host');
  }

  it.each([
    ['127.1', 'is not allowed'],
    ['0x7f000001', 'is not allowed'],
    ['2130706433', 'is not allowed'],
    ['localhost.', 'is not allowed'],
    ['evillocalhost', 'is not allowed'],
    ['evillocalhost:3000', 'is not allowed'],
    ['evil.localhost', 'is not allowed'],
    ['evil127.0.0.1', 'is not allowed'],
    ['localhost@evil.example', 'Malformed Host header'],
    ['localhost:80@evil.example', 'Malformed Host header'],
    ['localhost:abc', 'Malformed Host header'],
    ['localhost:99999', 'Malformed Host header'],
    ['[::1', 'Malformed Host header'],
    ['local host', 'Malformed Host header'],
  ])('refuses Host %j with a clear 403 and a log line, not an empty 400', async (value, reason) => {
    const response = await rawRequest(host.url, {
      headers: { ...HEADERS, host: value },
      chunks: [PING],
    });
    expectClearRefusal(response, reason);
    expect(response.body).toContain(JSON.stringify(value).slice(1, -1));
    expect(host.logs.at(-1)).toMatchObject({ status: 403, note: expect.stringMatching(/^host /) });
  });

  it('refuses a request without Host, and one with two, with the same 403', async () => {
    const port = Number(host.url.port);
    const missing = await exchange(port, '');
    expectClearRefusal(missing, 'Missing Host header');
    expect(host.logs.at(-1)).toMatchObject({ status: 403, note: 'host missing' });
    const twice = await exchange(port, 'host: localhost\r\nhost: evil.example\r\n');
    expectClearRefusal(twice, 'Malformed Host header');
  });

  it('answers a Host that Node cannot even parse (a control character) with a JSON body, not an empty 400', async () => {
    const before = host.errors.length;
    const response = await exchange(Number(host.url.port), 'host: local\x01host\r\n');
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body) as { error: { message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(body.error.message).toContain('The HTTP request could not be read (HPE_');
    expect(host.errors.length).toBe(before + 1);
  });

  it("answers headers over Node's size limit with 431 and a JSON body", async () => {
    const response = await exchange(
      Number(host.url.port),
      `host: localhost\r\nx-padding: ${'x'.repeat(20_000)}\r\n`,
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toMatchObject({
      error: { message: expect.stringContaining('HPE_HEADER_OVERFLOW') },
    });
  });

  it('reads host names case-insensitively: LOCALHOST is localhost', async () => {
    for (const value of ['LOCALHOST', `LocalHost:${host.url.port}`]) {
      const response = await rawRequest(host.url, {
        headers: { ...HEADERS, host: value },
        chunks: [PING],
      });
      expect(response.status).toBe(200);
      expect(response.body).toContain('"result":{}');
    }
  });
});

describe('Host on the web-standard handler with no allow-list (a proxy checks names)', () => {
  it('still refuses a malformed Host, and lets any well-formed one through to authentication', async () => {
    const handler = createMcpHttpHandler({ baseUrl: 'http://127.0.0.1:9/v2', log: false });
    try {
      const post = (hostHeader: string) =>
        handler.fetch(
          new Request('http://mcp.internal/mcp', {
            method: 'POST',
            headers: { ...HEADERS, authorization: '', host: hostHeader },
            body: PING,
          }),
        );
      const malformed = await post('localhost@evil.example');
      expect(malformed.status).toBe(403);
      expect(await malformed.text()).toContain('Malformed Host header');
      expect((await post('mcp.internal:8080')).status).toBe(401);
    } finally {
      await handler.close();
    }
  });
});
