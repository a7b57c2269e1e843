/**
 * A real webhook receiver for tests: a `node:http` server on 127.0.0.1 with an
 * ephemeral port that records every request (raw body bytes, headers) and
 * answers with what the test tells it to, or not at all.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  readonly rawBody: Buffer;
  /** The body parsed as JSON. */
  readonly json: unknown;
}

/** How to answer a request: a status, or `hang` to never answer. */
export type ReceiverAnswer = number | 'hang';

/** A running receiver. */
export interface TestReceiver {
  /** Base URL, e.g. `http://127.0.0.1:43123`. */
  readonly url: string;
  /** Every request so far, in arrival order. */
  readonly requests: ReceivedRequest[];
  /** Sets how the next requests are answered (default 200). */
  answerWith(answer: ReceiverAnswer | ((request: ReceivedRequest) => ReceiverAnswer)): void;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 with a free port. */
export async function startReceiver(): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  let answer: (request: ReceivedRequest) => ReceiverAnswer = () => 200;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        json = undefined;
      }
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        json,
      };
      requests.push(request);
      const status = answer(request);
      if (status === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(status, { 'content-type': 'text/plain', 'x-receiver': 'test' });
      res.end(status === 204 ? undefined : `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // listen() on a TCP host and port always yields an AddressInfo, never a pipe name.
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next) {
      answer = typeof next === 'function' ? next : () => next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Checks a delivery's signature with node:crypto, independently of the SDK. */
export function hasValidSignature(request: ReceivedRequest, secret: string): boolean {
  const header = request.headers['x-svc-webhook-signature'];
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false;
  const expected = createHmac('sha256', secret).update(request.rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
