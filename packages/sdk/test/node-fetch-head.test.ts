/**
 * The head `createNodeFetch` writes through undici: the `Host` and the
 * body's `Content-Length` as `fetch` writes them, the caller's own kept,
 * the framing `fetch` refuses refused, against a small `node:http` fixture.server.
 */
import { describe, expect, it } from 'vitest';
import { type Echo, useTestServer } from './node-fetch-server.js';

const fixture = useTestServer();
const { send } = fixture;

/** The request as the server read it. */
async function echoed(init: RequestInit = {}): Promise<Echo> {
  const response = await send(`${fixture.server.origin}/echo`, init);
  expect(response.status).toBe(200);
  // The echo route answers an Echo.
  return (await response.json()) as Echo;
}

describe('the head on the wire', () => {
  it('writes Host with the port, and keeps a Host the caller gave', async () => {
    expect((await echoed()).headers.host).toBe(fixture.server.origin.slice('http://'.length));
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

  it('sends no length for a GET or DELETE without a body, as fetch does', async () => {
    for (const method of ['GET', 'DELETE']) {
      const echo = await echoed({ method });
      expect(echo.method).toBe(method);
      expect(echo.headers['content-length']).toBeUndefined();
      expect(echo.headers['transfer-encoding']).toBeUndefined();
    }
  });

  it("keeps the caller's own length, and refuses a Transfer-Encoding as fetch does", async () => {
    const before = fixture.server.received.length;
    const chunked = await send(`${fixture.server.origin}/echo`, {
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked' },
      body: 'abc',
    }).catch((thrown: unknown) => thrown);
    expect(chunked).toBeInstanceOf(TypeError);
    expect(chunked).toMatchObject({
      message: 'fetch failed',
      cause: { message: 'invalid transfer-encoding header' },
    });
    expect(fixture.server.received.length).toBe(before);
    const given = await echoed({ method: 'POST', headers: { 'content-length': '3' }, body: 'abc' });
    expect(given.headers['content-length']).toBe('3');
    expect(given.body).toBe('abc');
  });
});
