/**
 * The Node server's POST lane (`node/post-lane.ts`): over real HTTP, a POST
 * to the MCP path is answered, headers, body and log entry, as
 * `handler.fetch` answers the same request; the body limit answers as it
 * does, declared or chunked; and a client that goes away mid-body leaves
 * nothing running.
 */
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { DEMO_API_KEY, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import type { RequestLogEntry } from '../src/index.js';
import { type Host, MOCK_START, rawRequest, startHost } from './support/host.js';
import { type Recorded, recordRequests } from './support/recorded.js';

const LIMIT = 4096;

/** An answer with what the transport adds taken out (the lane writes `Content-Length`). */
interface Seen {
  status: number;
  headers: Record<string, string>;
  text: string;
}

const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length']);

async function seen(response: Response): Promise<Seen> {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)),
  );
  return { status: response.status, headers, text: await response.text() };
}

/** The log entries of `requestId`, without what differs between two runs (time, duration). */
function entriesOf(host: Host, requestId: string): Partial<RequestLogEntry>[] {
  return host.logs
    .filter((entry) => entry.requestId === requestId)
    .map(({ time: _time, durationMs, ...rest }) => {
      expect(durationMs).toBeGreaterThanOrEqual(0);
      return rest;
    });
}

/** A raw connection that sent a POST's headers and part of its body. */
async function partialPost(host: Host, requestId: string): Promise<Socket> {
  const socket = connect(Number(host.url.port), host.url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${host.url.pathname} HTTP/1.1\r\nhost: ${host.url.host}\r\n` +
      `authorization: Token ${DEMO_API_KEY}\r\ncontent-type: application/json\r\n` +
      `accept: application/json, text/event-stream\r\nx-request-id: ${requestId}\r\n` +
      'content-length: 1000\r\n\r\n{"jsonrpc":"2.0",',
  );
  return socket;
}

/** Half-closes `socket` mid-body and resolves once the server has closed it. */
function leave(socket: Socket): Promise<void> {
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.resume();
  socket.end();
  return closed;
}

describe('the POST lane of the Node server', () => {
  let host: Host;
  let template: Recorded;
  let containerId: string;

  beforeAll(async () => {
    const mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    host = await startHost({ maxBodyBytes: LIMIT }, mock);
    const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false });
    containerId = (await sdk.containers.list({ pageSize: 1 })).data[0]?.id ?? '';
    template = (await recordRequests(host.url, '2026-07-28')).get('tools/call') as Recorded;
  });
  afterAll(async () => {
    await host?.close();
    await host?.mock.close();
  });

  /** The same request over HTTP (the lane) and to `handler.fetch` (with the Host `fetch` sends). */
  async function both(headers: Record<string, string>, body: string): Promise<[Seen, Seen]> {
    const lane = await seen(await fetch(host.url, { method: 'POST', headers, body }));
    const direct = new Request(host.url, {
      method: 'POST',
      headers: { ...headers, host: host.url.host },
      body,
    });
    return [lane, await seen(await host.server.handler.fetch(direct))];
  }

  function call(id: number): string {
    const params = template.body.params as Record<string, unknown>;
    return JSON.stringify({
      ...template.body,
      id,
      params: { ...params, name: 'get_container', arguments: { id: containerId } },
    });
  }

  it('answers a fast-path call with the headers, body and log entry handler.fetch gives', async () => {
    const headers = {
      ...template.headers,
      'mcp-name': 'get_container',
      'x-request-id': 'lane-call',
      origin: 'http://localhost:6274',
    };
    const [lane, fetched] = await both(headers, call(3));
    expect(lane.status).toBe(200);
    expect(lane.headers['access-control-allow-origin']).toBe('http://localhost:6274');
    expect(lane.headers['x-request-id']).toBe('lane-call');
    expect(lane.text).toContain(containerId);
    expect(JSON.parse(lane.text)).toMatchObject({ id: 3, result: { content: expect.any(Array) } });
    expect(lane).toStrictEqual(fetched);
    const [viaLane, viaFetch] = entriesOf(host, 'lane-call');
    expect(viaLane).toMatchObject({ status: 200, served: 'direct', rpcMethod: 'tools/call' });
    expect(viaLane?.keyFingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(viaLane).toStrictEqual(viaFetch);
  });

  it('reads a repeated header as handler.fetch does: two Authorization lines are refused by both', async () => {
    const headers: Record<string, string> = {
      ...Object.fromEntries(
        Object.entries(template.headers).filter(([name]) => name !== 'authorization'),
      ),
      'mcp-name': 'get_container',
      host: host.url.host,
    };
    const body = call(4);
    const lane = await rawRequest(host.url, {
      headers: { ...headers, authorization: [`Token ${DEMO_API_KEY}`, 'Token another-key'] },
      chunks: [body],
    });
    const direct = await host.server.handler.fetch(
      new Request(host.url, {
        method: 'POST',
        headers: [
          ...Object.entries(headers),
          ['authorization', `Token ${DEMO_API_KEY}`],
          ['authorization', 'Token another-key'],
        ],
        body,
      }),
    );
    expect(lane.status).not.toBe(200);
    expect(lane.status).toBe(direct.status);
    expect(lane.body).toBe(await direct.text());
  });

  it('answers a declared body over the limit with the 413 handler.fetch gives', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(LIMIT) });
    const [lane, fetched] = await both({ ...template.headers, 'x-request-id': 'lane-413' }, big);
    expect(lane.status).toBe(413);
    expect(lane).toStrictEqual(fetched);
    const [viaLane, viaFetch] = entriesOf(host, 'lane-413');
    expect(viaLane).toMatchObject({ status: 413, note: 'body too large' });
    expect(viaLane).toStrictEqual(viaFetch);
  });

  it('answers a declared body over the limit before any of it is sent', async () => {
    const socket = connect(Number(host.url.port), host.url.hostname);
    const answer = new Promise<string>((resolve) => {
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes('\r\n\r\n')) resolve(received);
      });
    });
    socket.write(
      `POST ${host.url.pathname} HTTP/1.1\r\nhost: ${host.url.host}\r\n` +
        `authorization: Token ${DEMO_API_KEY}\r\ncontent-type: application/json\r\n` +
        `content-length: ${LIMIT + 1}\r\n\r\n`,
    );
    try {
      expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    } finally {
      socket.destroy();
    }
  });

  it('answers a chunked body over the limit with 413, and reads the rest so the connection serves on', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (chunks: string[], extra: Record<string, string>) =>
      rawRequest(host.url, { agent, headers: { ...template.headers, ...extra }, chunks });
    try {
      const big = JSON.stringify({ padding: 'x'.repeat(LIMIT) });
      const refused = await post([big.slice(0, 3000), big.slice(3000)], {
        'transfer-encoding': 'chunked',
      });
      expect(refused.status).toBe(413);
      const [, fetched] = await both(template.headers, big);
      expect(refused.body).toBe(fetched.text);
      const next = await post([call(4)], { 'mcp-name': 'get_container' });
      expect(next).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('ends a request whose client goes away mid-body with its log entry, nothing left running', async () => {
    await leave(await partialPost(host, 'lane-gone'));
    const entry = await eventually(() => {
      const [found] = entriesOf(host, 'lane-gone');
      if (!found) throw new Error('no log entry yet');
      return found;
    });
    // As before the lane: the read fails, the endpoint's caller answers 500 to no one.
    expect(entry).toStrictEqual({
      requestId: 'lane-gone',
      method: 'POST',
      path: host.url.pathname,
      status: 500,
      auth: 'token',
      note: 'Error',
    });
    expect(host.errors).toContainEqual(expect.objectContaining({ message: 'aborted' }));
  });
});

describe('the POST lane when the client goes away before its body is asked for', () => {
  let host: Host;
  let release: () => void = () => undefined;
  let checking = false;

  beforeAll(async () => {
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The key check (a REST call) waits for the test: the body is asked for after it.
    host = await startHost({
      fetch: async (input, init) => {
        checking = true;
        await released;
        return fetch(input, init);
      },
    });
  });
  afterAll(() => host?.close());

  it('ends the request once authentication is done, with its log entry', async () => {
    const socket = await partialPost(host, 'lane-early');
    await eventually(() => expect(checking).toBe(true));
    await leave(socket);
    release();
    const entry = await eventually(() => {
      const [found] = entriesOf(host, 'lane-early');
      if (!found) throw new Error('no log entry yet');
      return found;
    });
    // As a client gone mid-body (Hono's web stream of an aborted request ended quietly instead,
    // and the bytes that had come were parsed as if whole).
    expect(entry).toMatchObject({ status: 500, auth: 'token', note: 'Error' });
    expect(host.errors).toContainEqual(expect.objectContaining({ message: 'aborted' }));
  });
});
