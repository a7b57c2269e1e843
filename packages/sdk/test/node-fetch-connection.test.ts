/**
 * `createNodeFetch` and its connections, against a small `node:http`
 * server: cancellation before and during a request (the socket closes),
 * connection failures and cut-off bodies reported as `fetch` reports them
 * (so the client's errors stay the same), keep-alive, what it hands to
 * `globalThis.fetch`, and its options.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  ConfigurationError,
  createClient,
  IncompleteResponseError,
} from '../src/index.js';
import { createNodeFetch, type NodeFetchOptions } from '../src/node/index.js';
import { startTestServer, type TestServer } from './node-fetch-server.js';

let server: TestServer;
const send = createNodeFetch();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  send.destroy();
  await server.close();
});

/** A port nothing listens on: a server's, once closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  // A TCP server's address is an AddressInfo once it listens.
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('cancellation', () => {
  it('rejects with the reason of a signal aborted before, sending nothing', async () => {
    const before = server.received.length;
    const reason = new Error('stopped before');
    const controller = new AbortController();
    controller.abort(reason);
    await expect(send(`${server.origin}/echo`, { signal: controller.signal })).rejects.toBe(reason);
    expect(server.received.length).toBe(before);
  });

  it('rejects with the reason when aborted during the request, and closes its socket', async () => {
    const held = server.nextHeld();
    const controller = new AbortController();
    const answer = send(`${server.origin}/hang`, { signal: controller.signal });
    const request = await held;
    const reason = new Error('stopped during');
    controller.abort(reason);
    await expect(answer).rejects.toBe(reason);
    await request.closed;
  });
});

describe('failures', () => {
  it('rejects with TypeError("fetch failed") and the cause when nothing listens', async () => {
    const port = await closedPort();
    const error = await send(`http://127.0.0.1:${port}/`, {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
    const client = createClient({
      apiKey: 'sk_test_x',
      baseUrl: `http://127.0.0.1:${port}/v2`,
      fetch: send,
      rateLimit: false,
      maxRetries: 0,
    });
    await expect(client.shipments.list()).rejects.toBeInstanceOf(APIConnectionError);
  });

  it('resolves a body cut off after the headers, and fails when it is read, as fetch', async () => {
    const response = await send(`${server.origin}/cut`, {});
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('makes a cut-off body an IncompleteResponseError in the client, not a connection error', async () => {
    const client = createClient({
      apiKey: 'sk_test_x',
      baseUrl: `${server.origin}/cut/v2`,
      fetch: send,
      rateLimit: false,
      maxRetries: 0,
    });
    await expect(client.shipments.list()).rejects.toBeInstanceOf(IncompleteResponseError);
  });
});

describe('connections', () => {
  it('sends sequential requests on one kept-alive socket, closed by destroy()', async () => {
    const own = createNodeFetch();
    const before = server.connections();
    for (let i = 0; i < 3; i++) await (await own(`${server.origin}/echo`, {})).text();
    expect(server.connections() - before).toBe(1);
    const closed = server.lastConnectionClosed();
    own.destroy();
    await closed;
  });

  it('hands a FormData body to globalThis.fetch', async () => {
    const body = new FormData();
    body.set('file', new Blob(['bytes']), 'bl.png');
    const response = await send(`${server.origin}/echo`, { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(server.received.at(-1)?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(server.received.at(-1)?.body).toContain('bytes');
  });
});

describe('options', () => {
  it.each<[string, NodeFetchOptions]>([
    ['maxSockets of 0', { maxSockets: 0 }],
    ['a fraction', { maxFreeSockets: 1.5 }],
    ['NaN', { keepAliveMsecs: Number.NaN }],
    // A typo as JavaScript callers make it: the type would refuse it.
    ['an unknown name', { maxSocket: 4 } as NodeFetchOptions],
  ])('refuses %s with a ConfigurationError', (_name, options) => {
    expect(() => createNodeFetch(options)).toThrow(ConfigurationError);
  });

  it('takes Infinity sockets and whole numbers', () => {
    createNodeFetch({
      maxSockets: Number.POSITIVE_INFINITY,
      maxFreeSockets: 4,
      keepAliveMsecs: 500,
    }).destroy();
  });
});
