/**
 * `createNodeFetch` and its connections, against a small `node:http`
 * server: cancellation before and during a request (the socket closes),
 * connection failures and cut-off bodies reported as `fetch` reports them
 * (so the client's errors stay the same), keep-alive, what it hands to
 * `globalThis.fetch`, and its options.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  ConfigurationError,
  createClient,
  IncompleteResponseError,
} from '../src/index.js';
import { createNodeFetch, type NodeFetchOptions } from '../src/node/index.js';
import { useTestServer } from './node-fetch-server.js';

const fixture = useTestServer();
const { send } = fixture;

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
    const before = fixture.server.received.length;
    const reason = new Error('stopped before');
    const controller = new AbortController();
    controller.abort(reason);
    await expect(send(`${fixture.server.origin}/echo`, { signal: controller.signal })).rejects.toBe(
      reason,
    );
    expect(fixture.server.received.length).toBe(before);
  });

  it('rejects with the reason when aborted during the request, and closes its socket', async () => {
    const held = fixture.server.nextHeld();
    const controller = new AbortController();
    const answer = send(`${fixture.server.origin}/hang`, { signal: controller.signal });
    const request = await held;
    const reason = new Error('stopped during');
    controller.abort(reason);
    await expect(answer).rejects.toBe(reason);
    await request.closed;
  });

  it('rejects at once when aborted while waiting for a socket, and never sends the request', async () => {
    const one = createNodeFetch({ maxSockets: 1 });
    const holding = new AbortController();
    const held = fixture.server.nextHeld();
    const first = one(`${fixture.server.origin}/hang`, { signal: holding.signal });
    await held;
    const waiting = new AbortController();
    const queued = one(`${fixture.server.origin}/echo?queued`, { signal: waiting.signal });
    const reason = new Error('stopped while queued');
    waiting.abort(reason);
    await expect(queued).rejects.toBe(reason);
    holding.abort(new Error('free the socket'));
    await expect(first).rejects.toThrow('free the socket');
    // Queued behind the aborted one: once it is answered, the aborted one was sent or never will be.
    await (await one(`${fixture.server.origin}/echo?after`, {})).text();
    expect(fixture.server.received.map((echo) => echo.url)).not.toContain('/echo?queued');
    one.destroy();
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
    const response = await send(`${fixture.server.origin}/cut`, {});
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('makes a cut-off body an IncompleteResponseError in the client, not a connection error', async () => {
    const client = createClient({
      apiKey: 'sk_test_x',
      baseUrl: `${fixture.server.origin}/cut/v2`,
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
    const before = fixture.server.connections();
    for (let i = 0; i < 3; i++) {
      await (await own(`${fixture.server.origin}/echo`, {})).text();
      // undici takes a socket back one turn of the event loop after its answer ends.
      await setImmediate();
    }
    expect(fixture.server.connections() - before).toBe(1);
    const closed = fixture.server.lastConnectionClosed();
    own.destroy();
    await closed;
  });

  it('keeps back-to-back requests on two sockets: one is taken back while the other serves', async () => {
    const own = createNodeFetch();
    const before = fixture.server.connections();
    for (let i = 0; i < 10; i++) await (await own(`${fixture.server.origin}/echo`, {})).text();
    expect(fixture.server.connections() - before).toBeLessThanOrEqual(2);
    own.destroy();
  });

  it('hands a FormData body to globalThis.fetch', async () => {
    const body = new FormData();
    body.set('file', new Blob(['bytes']), 'bl.png');
    const response = await send(`${fixture.server.origin}/echo`, { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(fixture.server.received.at(-1)?.headers['content-type']).toMatch(
      /^multipart\/form-data/,
    );
    expect(fixture.server.received.at(-1)?.body).toContain('bytes');
  });
});

describe('options', () => {
  it.each<[string, NodeFetchOptions]>([
    ['maxSockets of 0', { maxSockets: 0 }],
    ['a fraction', { maxSockets: 1.5 }],
    ['NaN', { keepAliveMsecs: Number.NaN }],
    // A typo as JavaScript callers make it: the type would refuse it.
    ['an unknown name', { maxSocket: 4 } as NodeFetchOptions],
  ])('refuses %s with a ConfigurationError', (_name, options) => {
    expect(() => createNodeFetch(options)).toThrow(ConfigurationError);
  });

  it('refuses maxFreeSockets, which undici has no equivalent of, saying what to do', () => {
    // The option of the node:http sender, as a caller written for it passes it.
    const old = { maxFreeSockets: 4 } as NodeFetchOptions;
    expect(() => createNodeFetch(old)).toThrow(
      /no longer takes `maxFreeSockets`.*Remove the option/,
    );
  });

  it('takes Infinity sockets and whole numbers', () => {
    createNodeFetch({ maxSockets: Number.POSITIVE_INFINITY, keepAliveMsecs: 500 }).destroy();
  });

  it('opens no more than maxSockets to one origin: further requests wait for a socket', async () => {
    const one = createNodeFetch({ maxSockets: 1 });
    const before = fixture.server.connections();
    const answers = Array.from({ length: 3 }, () =>
      one(`${fixture.server.origin}/echo`, {}).then((response) => response.text()),
    );
    await Promise.all(answers);
    expect(fixture.server.connections() - before).toBe(1);
    const closed = fixture.server.lastConnectionClosed();
    one.destroy();
    await closed;
  });
});
