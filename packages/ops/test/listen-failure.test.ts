/**
 * The words every bin gives a server that could not listen: the real
 * errors of `node:net` for a port in use and an address not this
 * machine's, and one of the shape Node gives for a port without permission.
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenFailureText } from '../src/http/listen-failure.js';

/** The error of listening on `port` and `host`. */
function listenError(port: number, host: string): Promise<Error> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', resolve);
    server.listen(port, host, () => {
      server.close();
      reject(new Error(`${host}:${port} was free`));
    });
  });
}

describe('listenFailureText', () => {
  it('says a port is in use, and how to pick another', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    try {
      expect(listenFailureText(await listenError(address.port, '127.0.0.1'))).toBe(
        `127.0.0.1:${address.port} is already in use: stop what holds it, or pick another port with --port <n> (--port 0 picks a free one).`,
      );
    } finally {
      holder.close();
    }
  });

  it('says a host is not an address of this machine', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): no machine has it.
    expect(listenFailureText(await listenError(45_678, '192.0.2.1'))).toBe(
      '192.0.2.1:45678 is not an address of this machine: check --host.',
    );
  });

  it('says a port needs permission, and leaves other errors to the caller', () => {
    const denied = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), {
      code: 'EACCES',
      address: '0.0.0.0',
      port: 80,
    });
    expect(listenFailureText(denied)).toBe(
      'no permission to listen on 0.0.0.0:80: use a port above 1023.',
    );
    expect(listenFailureText(new Error('something else'))).toBeUndefined();
    expect(listenFailureText(undefined)).toBeUndefined();
  });
});
