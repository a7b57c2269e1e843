/**
 * `LanePost` over a real `node:http` server: its signal aborts when the
 * client goes away before the answer, whether it was read before or only
 * after (the full server may build its `Request` late); and its `Request`
 * is built once, with the same headers and signal.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LanePost } from './lane-post.js';

/** A server that hands each request's `LanePost` to the test and never answers. */
async function holdingServer(): Promise<{
  port: number;
  next: Promise<{ post: LanePost; closed: Promise<void> }>;
  close(): Promise<void>;
}> {
  let hand: (value: { post: LanePost; closed: Promise<void> }) => void = () => undefined;
  const next = new Promise<{ post: LanePost; closed: Promise<void> }>((resolve) => {
    hand = resolve;
  });
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const closed = new Promise<void>((resolve) => outgoing.once('close', () => resolve()));
    incoming.url = `http://localhost${incoming.url ?? ''}`;
    const post = new LanePost(incoming, outgoing);
    // The (empty) body is read whole first: the client leaves after its request, before the answer.
    incoming.once('end', () => hand({ post, closed }));
    incoming.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A TCP server's address is an AddressInfo once it listens.
  const { port } = server.address() as AddressInfo;
  return {
    port,
    next,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a POST's head and leaves, once the server has it; resolves with the request. */
async function postAndLeave(
  port: number,
  next: Promise<{ post: LanePost; closed: Promise<void> }>,
  beforeLeaving: (post: LanePost) => void,
): Promise<LanePost> {
  const socket = connect(port, '127.0.0.1');
  socket.write(
    'POST /mcp HTTP/1.1\r\nhost: localhost\r\nAuthorization: Token a\r\nauthorization: Token b\r\ncontent-length: 0\r\n\r\n',
  );
  const { post, closed } = await next;
  beforeLeaving(post);
  socket.destroy();
  await closed;
  return post;
}

let close: () => Promise<void> = async () => undefined;
afterEach(() => close());

describe('LanePost', () => {
  it('aborts a signal read before the client went away', async () => {
    const server = await holdingServer();
    close = server.close;
    let signal: AbortSignal | undefined;
    await postAndLeave(server.port, server.next, (post) => {
      signal = post.signal;
      expect(signal.aborted).toBe(false);
    });
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe('Client connection prematurely closed.');
  });

  it('gives an aborted signal, and a Request with it, when first read after the client went away', async () => {
    const server = await holdingServer();
    close = server.close;
    const post = await postAndLeave(server.port, server.next, () => undefined);
    expect(post.signal.aborted).toBe(true);
    expect(post.signal.reason).toBe('Client connection prematurely closed.');
    const whole = post.whole();
    expect(post.whole()).toBe(whole);
    expect(whole.signal).toBe(post.signal);
    expect(whole.url).toBe('http://localhost/mcp');
    expect(whole.headers.get('authorization')).toBe('Token a, Token b');
    expect(post.headers.get('authorization')).toBe('Token a, Token b');
  });
});
