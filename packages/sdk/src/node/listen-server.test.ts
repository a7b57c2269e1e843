/** Starting a Node server: the address it took, or the listen error, with nothing left listening for it. */
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServer } from './close-server.js';
import { listenServer } from './listen-server.js';

const started: ReturnType<typeof createServer>[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => closeServer(server, 0)));
});

describe('listenServer', () => {
  it('resolves with the port it took, and rejects with the error of a port in use', async () => {
    const first = createServer();
    started.push(first);
    const { port, address } = await listenServer(first, 0, '127.0.0.1');
    expect(port).toBeGreaterThan(0);
    expect(address).toBe('127.0.0.1');
    expect(first.listenerCount('error')).toBe(0);

    const second = createServer();
    await expect(listenServer(second, port, '127.0.0.1')).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    expect(second.listening).toBe(false);
  });
});
