/**
 * The body of a `createNodeFetch` answer, read whole before it resolves, is
 * read back without a web stream; every way of reading it must still behave
 * as the body of the built-in `fetch`'s answer to the same request: the
 * same bytes, text and JSON, a stream when `body` is asked for, `bodyUsed`,
 * a second read refused with a `TypeError`, clones readable on their own.
 */
import { describe, expect, it } from 'vitest';
import { COMPRESSED_JSON, useTestServer } from './node-fetch-server.js';

const fixture = useTestServer();
const { send } = fixture;

/** The same GET through the node sender and through `fetch`. */
async function both(path: string): Promise<[Response, Response]> {
  const url = `${fixture.server.origin}${path}`;
  return [await send(url, {}), await fetch(url)];
}

/** Reads a stream to its end, as bytes. */
async function drain(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (stream === null) throw new Error('no body stream');
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

describe('the body of a createNodeFetch answer', () => {
  it('is a Response whose text, JSON, bytes and buffer are those of fetch', async () => {
    for (const read of [
      (response: Response) => response.text(),
      (response: Response) => response.json(),
      async (response: Response) => [...new Uint8Array(await response.arrayBuffer())],
      async (response: Response) => [...(await response.bytes())],
      async (response: Response) => (await response.blob()).text(),
    ]) {
      const [ours, theirs] = await both('/encoded/gzip');
      // The class fetch answers with: a server such as @hono/node-server may have replaced the
      // global Response by the time this runs in a shared worker.
      expect(ours).toBeInstanceOf(theirs.constructor);
      expect(await read(ours)).toEqual(await read(theirs));
    }
  });

  it('is a stream when `body` is asked for, and is then used', async () => {
    const [ours] = await both('/encoded/gzip');
    expect(ours.bodyUsed).toBe(false);
    const bytes = await drain(ours.body);
    expect(Buffer.from(bytes).toString()).toBe(COMPRESSED_JSON);
    expect(ours.bodyUsed).toBe(true);
    await expect(ours.text()).rejects.toThrow(TypeError);
  });

  it('can be read once: a second read is refused with a TypeError, as fetch refuses it', async () => {
    const [ours, theirs] = await both('/encoded/gzip');
    await ours.text();
    await theirs.text();
    expect(ours.bodyUsed).toBe(theirs.bodyUsed);
    for (const response of [ours, theirs]) {
      await expect(response.text()).rejects.toThrow(TypeError);
      await expect(response.arrayBuffer()).rejects.toThrow(TypeError);
      expect(() => response.clone()).toThrow(TypeError);
    }
    await expect(drain(ours.body)).rejects.toThrow(TypeError);
  });

  it('is cloned with its status, headers and URL, each copy read on its own', async () => {
    const [ours] = await both('/encoded/gzip');
    const copy = ours.clone();
    expect(copy.status).toBe(ours.status);
    expect(copy.url).toBe(ours.url);
    expect(copy.headers.get('content-type')).toBe(ours.headers.get('content-type'));
    expect(await copy.text()).toBe(COMPRESSED_JSON);
    expect(copy.bodyUsed).toBe(true);
    expect(ours.bodyUsed).toBe(false);
    expect(await ours.json()).toEqual(JSON.parse(COMPRESSED_JSON));
  });
});
