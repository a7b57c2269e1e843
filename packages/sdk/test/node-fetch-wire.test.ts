/**
 * `createNodeFetch` on the wire, against small `node:http` servers: it
 * follows redirects as `fetch` does (methods, bodies, credentials across
 * origins, the limit of 20), decodes compressed bodies, and keeps headers
 * as `Headers` does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFetch } from '../src/node/index.js';
import {
  COMPRESSED_JSON,
  type Echo,
  startTestServer,
  type TestServer,
} from './node-fetch-server.js';

let server: TestServer;
let other: TestServer;
const send = createNodeFetch();

beforeAll(async () => {
  [server, other] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => {
  send.destroy();
  await Promise.all([server.close(), other.close()]);
});

/** The request the server echoed at the end of the redirects. */
async function echoed(path: string, init: RequestInit = {}): Promise<Echo> {
  const response = await send(`${server.origin}${path}`, init);
  expect(response.status).toBe(200);
  // The echo route answers an Echo.
  return (await response.json()) as Echo;
}

const POST: RequestInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Token secret' },
  body: '{"name":"x"}',
};

describe('redirects', () => {
  it('turns a POST answered 303 into a GET without its body', async () => {
    const echo = await echoed('/redirect/303?to=/echo', POST);
    expect(echo).toMatchObject({ method: 'GET', url: '/echo', body: '' });
    expect(echo.headers['content-type']).toBeUndefined();
  });

  it('turns a POST answered 302 into a GET, and keeps a PUT answered 302', async () => {
    expect((await echoed('/redirect/302?to=/echo', POST)).method).toBe('GET');
    const put = await echoed('/redirect/302?to=/echo', { ...POST, method: 'PUT' });
    expect(put).toMatchObject({ method: 'PUT', body: '{"name":"x"}' });
  });

  it('keeps the method and body on 307 and 308', async () => {
    for (const status of [307, 308]) {
      const echo = await echoed(`/redirect/${status}?to=/echo`, POST);
      expect(echo).toMatchObject({ method: 'POST', url: '/echo', body: '{"name":"x"}' });
      expect(echo.headers['content-type']).toBe('application/json');
    }
  });

  it('keeps authorization on the same origin and drops it on another', async () => {
    const same = await echoed('/redirect/307?to=/echo', POST);
    expect(same.headers.authorization).toBe('Token secret');
    const to = encodeURIComponent(`${other.origin}/echo`);
    const away = await echoed(`/redirect/307?to=${to}`, POST);
    expect(other.received.at(-1)?.body).toBe('{"name":"x"}');
    expect(away.headers.authorization).toBeUndefined();
    expect(away.headers['content-type']).toBe('application/json');
  });

  it('follows 20 redirects and refuses the 21st with a TypeError, as fetch', async () => {
    const twenty = await send(`${server.origin}/chain/20`, {});
    expect(twenty.url).toBe(`${server.origin}/chain/0`);
    const error = await send(`${server.origin}/chain/21`, {}).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'fetch failed' });
    expect(
      await fetch(`${server.origin}/chain/21`).catch((thrown: unknown) => thrown),
    ).toBeInstanceOf(TypeError);
  });

  it('answers a redirect without Location as it is', async () => {
    const response = await send(`${server.origin}/redirect/302`, {});
    expect(response.status).toBe(302);
    expect(response.url).toBe(`${server.origin}/redirect/302`);
  });
});

describe('bodies and headers', () => {
  it('asks for gzip, deflate and br, and decodes each', async () => {
    for (const coding of ['gzip', 'br', 'deflate', 'deflate-raw']) {
      const response = await send(`${server.origin}/encoded/${coding}`, {});
      expect(server.received.at(-1)?.headers['accept-encoding']).toBe('gzip, deflate, br');
      expect(await response.text()).toBe(COMPRESSED_JSON);
      // The body is decoded, so the headers that described the bytes on the wire are gone.
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('content-length')).toBeNull();
    }
  });

  it("leaves a caller's Accept-Encoding and an unknown coding alone", async () => {
    const response = await send(`${server.origin}/encoded/identity-ish`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(server.received.at(-1)?.headers['accept-encoding']).toBe('identity');
    expect(response.headers.get('content-encoding')).toBe('identity-ish');
    expect(await response.text()).toBe(COMPRESSED_JSON);
  });

  it('sends headers given as a record, a Headers or pairs, and the defaults of fetch', async () => {
    const forms: HeadersInit[] = [
      { 'X-One': 'a' },
      new Headers({ 'x-one': 'a' }),
      [['x-one', 'a']],
    ];
    for (const headers of forms) {
      const echo = await echoed('/echo', { headers });
      expect(echo.headers).toMatchObject({ 'x-one': 'a', accept: '*/*', 'user-agent': 'node' });
    }
    const text = await echoed('/echo', { method: 'post', body: 'hi' });
    expect(text).toMatchObject({ method: 'POST', body: 'hi' });
    expect(text.headers['content-type']).toBe('text/plain;charset=UTF-8');
    const form = await echoed('/echo', { method: 'POST', body: new URLSearchParams({ a: '1' }) });
    expect(form.body).toBe('a=1');
    const bytes = await echoed('/echo', { method: 'POST', body: new TextEncoder().encode('b') });
    expect(bytes).toMatchObject({ body: 'b' });
    expect(bytes.headers['content-length']).toBe('1');
  });

  it('keeps each set-cookie and joins other repeated headers, as Headers does', async () => {
    const response = await send(`${server.origin}/repeated`, {});
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-many')).toBe('one, two');
  });

  it('gives no body for 204, 205, 304 and HEAD', async () => {
    for (const status of [204, 205, 304]) {
      const response = await send(`${server.origin}/empty/${status}`, {});
      expect(response.status).toBe(status);
      expect(response.body).toBeNull();
    }
    const head = await send(`${server.origin}/echo`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('refuses a GET with a body and a URL with credentials, as fetch', async () => {
    const before = server.received.length;
    await expect(send(`${server.origin}/echo`, { body: 'x' })).rejects.toThrow(TypeError);
    const withCredentials = server.origin.replace('//', '//user:pass@');
    await expect(send(`${withCredentials}/echo`, {})).rejects.toThrow(TypeError);
    const broken = { headers: { 'x-broken': 'a\nb' } };
    await expect(send(`${server.origin}/echo`, broken)).rejects.toThrow(TypeError);
    await expect(fetch(`${server.origin}/echo`, broken)).rejects.toThrow(TypeError);
    expect(server.received.length).toBe(before);
  });

  it('sends each request target as fetch writes it, before and after its origin is known', async () => {
    const targets = [
      '/echo?include=shipment,pod_terminal&page%5Bsize%5D=1',
      '/a/../echo',
      '/a/%2E%2e/echo',
      '/a/./echo',
      "/echo?q=it's",
      '/echo path?q=a b',
      '/echo#part',
      '/echo#',
      '/echo/caf\u00e9',
      '/echo\\back',
    ];
    for (const target of targets) {
      const input = `${server.origin}${target}`;
      const viaFetch = await fetch(input);
      // The echo route answers an Echo.
      const expected = ((await viaFetch.json()) as Echo).url;
      // The first request learns the origin; the second is sent with what was learnt.
      for (let round = 0; round < 2; round++) {
        const response = await send(input, {});
        expect((await echoedBy(response)).url, target).toBe(expected);
        expect(response.url, target).toBe(viaFetch.url);
      }
    }
    // An origin written otherwise than fetch writes it (upper case, its default port) is still sent.
    const written = `${server.origin.replace('http:', 'HTTP:')}/echo`;
    for (let round = 0; round < 2; round++) {
      expect((await send(written, {})).url).toBe(`${server.origin}/echo`);
    }
    expect((await send('http://127.0.0.1:80/x', {}).catch((error) => error)).message).toBe(
      'fetch failed',
    );
  });
});

/** The request a server echoed. */
async function echoedBy(response: Response): Promise<Echo> {
  // The echo route answers an Echo.
  return (await response.json()) as Echo;
}
