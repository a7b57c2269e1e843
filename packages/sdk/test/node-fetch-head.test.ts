/**
 * The head `createNodeFetch` writes, now that it hands node:http a flat
 * list of headers (`node/wire-headers.ts`): the `Host` and the body's
 * `Content-Length` node:http adds to a record are added by the sender, the
 * caller's own kept, against a small `node:http` server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch } from '../src/node/index.js';
import { type Hop, Targets } from '../src/node/target.js';
import { wireHeaders } from '../src/node/wire-headers.js';
import { type Echo, startTestServer, type TestServer } from './node-fetch-server.js';

let server: TestServer;
const send = createNodeFetch();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  send.destroy();
  await server.close();
});

/** The request as the server read it. */
async function echoed(init: RequestInit = {}): Promise<Echo> {
  const response = await send(`${server.origin}/echo`, init);
  expect(response.status).toBe(200);
  // The echo route answers an Echo.
  return (await response.json()) as Echo;
}

describe('the head on the wire', () => {
  it('writes Host with the port, and keeps a Host the caller gave', async () => {
    expect((await echoed()).headers.host).toBe(server.origin.slice('http://'.length));
    expect((await echoed({ headers: { Host: 'shiptrack.test' } })).headers.host).toBe(
      'shiptrack.test',
    );
  });

  it("sends a body's length in bytes, and 0 for a POST without one, never chunked", async () => {
    const text = await echoed({ method: 'PUT', body: 'é€' });
    expect(text.headers['content-length']).toBe('5');
    expect(text.body).toBe('é€');
    const empty = await echoed({ method: 'POST' });
    expect(empty.headers['content-length']).toBe('0');
    expect(empty.headers['transfer-encoding']).toBeUndefined();
    const bytes = await echoed({ method: 'PATCH', body: new Uint8Array([104, 105]) });
    expect(bytes.headers['content-length']).toBe('2');
    expect(bytes.body).toBe('hi');
  });

  it('sends no length for a GET or DELETE without a body, as node:http does', async () => {
    for (const method of ['GET', 'DELETE']) {
      const echo = await echoed({ method });
      expect(echo.method).toBe(method);
      expect(echo.headers['content-length']).toBeUndefined();
      expect(echo.headers['transfer-encoding']).toBeUndefined();
    }
  });

  it("keeps the caller's own framing instead of adding a length", async () => {
    const chunked = await echoed({
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked' },
      body: 'abc',
    });
    expect(chunked.headers['transfer-encoding']).toBe('chunked');
    expect(chunked.headers['content-length']).toBeUndefined();
    expect(chunked.body).toBe('abc');
    const given = await echoed({ method: 'POST', headers: { 'content-length': '3' }, body: 'abc' });
    expect(given.headers['content-length']).toBe('3');
    expect(given.body).toBe('abc');
  });
});

describe('wireHeaders', () => {
  const targets = new Targets();
  const hop = (url: string, headers: Record<string, string> = { accept: '*/*' }): Hop => {
    const target = targets.of(url);
    if (target === undefined) throw new Error(`No target for ${url}`);
    return { target, method: 'GET', headers, body: undefined };
  };

  it('puts an IPv6 host in brackets and writes the port only when the URL names one', () => {
    expect(wireHeaders(hop('http://[::1]:8080/v2'))).toEqual([
      'accept',
      '*/*',
      'Host',
      '[::1]:8080',
    ]);
    expect(wireHeaders(hop('https://api.shiptrack.test:443/v2'))).toEqual([
      'accept',
      '*/*',
      'Host',
      'api.shiptrack.test',
    ]);
    expect(wireHeaders(hop('http://api.shiptrack.test:443/v2'))).toEqual([
      'accept',
      '*/*',
      'Host',
      'api.shiptrack.test:443',
    ]);
  });

  it("adds no second Host to the caller's own", () => {
    expect(wireHeaders(hop('http://127.0.0.1:1/', { host: 'shiptrack.test' }))).toEqual([
      'host',
      'shiptrack.test',
    ]);
  });
});
