/**
 * A client that trickles its request (Slowloris) cannot hold the Node
 * server open: past `requestTimeoutMs` (headers and body together) the
 * server answers 408 and closes the socket. Real sockets, a short
 * configured time-out, and the close event awaited (no elapsed time is
 * asserted): a server that keeps the socket open fails at a bound of
 * trickled bytes, not at vitest's time-out.
 */
import { connect, type Socket } from 'node:net';
import { UsageError } from '@shiptrack/ops';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { type RunningMockServer, startMockServer } from '../src/index.js';
import { parseCliOptions } from './cli-options.js';

let server: RunningMockServer | undefined;
let trickle: ReturnType<typeof setInterval> | undefined;
afterEach(async () => {
  clearInterval(trickle);
  await server?.close();
  server = undefined;
});

/**
 * Bytes trickled before the test gives up on the server closing: one each
 * 20 ms at best, so at least 5 s, 25 times the configured 200 ms. A server
 * that never closes fails the test here, well before vitest's time-out.
 */
const TRICKLE_BOUND = 250;

/** What came back on a trickling socket, and who closed it. */
interface Trickled {
  answer: string;
  /** Whether the server closed the socket (rather than the test, at {@link TRICKLE_BOUND}). */
  closedByServer: boolean;
}

/** Opens a socket, sends `head`, then one byte every 20 ms until it closes or the bound is reached. */
function trickleRequest(port: number, head: string): Promise<Trickled> {
  return new Promise((resolve) => {
    let answer = '';
    let sent = 0;
    let closedByServer = true;
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      trickle = setInterval(() => {
        if (sent >= TRICKLE_BOUND) {
          closedByServer = false;
          socket.destroy();
        } else if (!socket.destroyed && socket.writable) {
          sent++;
          socket.write('x');
        }
      }, 20);
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {
      // A reset after the 408 is a close too.
    });
    socket.on('close', () => {
      clearInterval(trickle);
      resolve({ answer, closedByServer });
    });
  });
}

describe('the request time-out', () => {
  it('closes a connection whose body trickles past requestTimeoutMs, answering 408', async () => {
    server = await startMockServer({ clock: { mode: 'manual' }, requestTimeoutMs: 200 });
    const port = Number(new URL(server.url).port);
    const trickled = await trickleRequest(
      port,
      `POST /v2/tracking_requests HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Token ${DEMO_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
    );
    expect(trickled).toMatchObject({
      closedByServer: true,
      answer: expect.stringMatching(/^HTTP\/1\.1 408 /),
    });
  });

  it('closes a connection whose headers trickle past requestTimeoutMs', async () => {
    server = await startMockServer({ clock: { mode: 'manual' }, requestTimeoutMs: 200 });
    const port = Number(new URL(server.url).port);
    const trickled = await trickleRequest(port, `GET /v2/shipments HTTP/1.1\r\nX-Slow: `);
    expect(trickled).toMatchObject({
      closedByServer: true,
      answer: expect.stringMatching(/^HTTP\/1\.1 408 /),
    });
  });

  it('refuses a time-out that is not a positive whole number of ms', async () => {
    await expect(startMockServer({ requestTimeoutMs: 0 })).rejects.toThrow(
      /requestTimeoutMs must be a positive integer/,
    );
  });

  it('is --request-timeout <seconds> on the command line, 30 by default', () => {
    expect(parseCliOptions([]).requestTimeoutMs).toBe(30_000);
    expect(parseCliOptions(['--request-timeout', '0.2']).requestTimeoutMs).toBe(200);
    expect(() => parseCliOptions(['--request-timeout', '0'])).toThrow(UsageError);
    expect(() => parseCliOptions(['--request-timeout', 'soon'])).toThrow(/--request-timeout/);
  });
});
