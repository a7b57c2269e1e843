/**
 * A body cut off after the headers, against a real `node:http` server that
 * announces more than it sends (or stops a chunked body) and then closes
 * the connection: the service answered, so the error says so, with the
 * status and request id, and only requests that are safe to repeat are
 * retried. The same through the built-in `fetch` and through
 * `createNodeFetch`, whose own lane hands the transport the answer without
 * a `Response`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  createClient,
  IncompleteResponseError,
  InternalServerError,
} from '../src/index.js';
import { createNodeFetch } from '../src/node/index.js';

const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';
const hits = new Map<string, number>();
let server: Server;
let baseUrl: string;

/** Sends the headers and part of the body, then drops the connection. */
function cutOff(res: ServerResponse, status: number, how: 'length' | 'chunked'): void {
  const headers: Record<string, string> = {
    'content-type': 'application/vnd.api+json',
    'x-request-id': `req-${how}-${status}`,
    // The retry waits out Retry-After exactly: 0 keeps the test free of real waits.
    'retry-after': '0',
  };
  if (how === 'length') headers['content-length'] = '4096';
  res.writeHead(status, headers);
  res.write('{"data":{"id":"0b9f5f4e","type":"container","attri', () => {
    // Destroying after the write has flushed: the client has the headers and a partial body.
    setImmediate(() => res.socket?.destroy());
  });
}

function route(req: IncomingMessage, res: ServerResponse): void {
  const key = `${req.method} ${req.url?.split('?')[0]}`;
  hits.set(key, (hits.get(key) ?? 0) + 1);
  req.resume();
  const url = req.url ?? '';
  if (url.startsWith(`/v2/containers/${ID}/route`)) cutOff(res, 503, 'length');
  else if (url.startsWith(`/v2/containers/${ID}`)) cutOff(res, 200, 'length');
  else if (url.startsWith('/v2/shipments')) cutOff(res, 200, 'chunked');
  else if (url.startsWith('/v2/tracking_requests')) cutOff(res, 201, 'length');
  else res.writeHead(404).end();
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});
const nodeFetch = createNodeFetch();
afterAll(async () => {
  nodeFetch.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => hits.clear());

/** The senders each case runs through: the built-in `fetch` (the default) and `createNodeFetch`. */
const SENDERS = [
  ['fetch', undefined],
  ['createNodeFetch', nodeFetch],
] as const;

async function failureOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe.each(SENDERS)('a body cut off after the headers, through %s', (_, fetch) => {
  const client = (maxRetries = 0) =>
    createClient({ apiKey: 'sk_test_cut', baseUrl, rateLimit: false, maxRetries, fetch });

  it('reports that the service answered, with status and request id (Content-Length not reached)', async () => {
    const error = await failureOf(client().containers.get(ID));
    expect(error).toBeInstanceOf(IncompleteResponseError);
    expect(error).toBeInstanceOf(APIError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    const incomplete = error as IncompleteResponseError;
    expect(incomplete.name).toBe('IncompleteResponseError');
    expect(incomplete.status).toBe(200);
    expect(incomplete.requestId).toBe('req-length-200');
    expect(incomplete.message).toBe(
      `The service answered GET /v2/containers/${ID} with status 200, but the body was cut off before its end. Retry later; if it keeps happening, a proxy or the service is dropping connections. Request id: req-length-200.`,
    );
    expect(incomplete.message).not.toContain('Could not reach');
    expect(incomplete.cause).toBeDefined();
  });

  it('reports a chunked body that stops mid-way the same way', async () => {
    const error = await failureOf(client().shipments.list());
    expect(error).toBeInstanceOf(IncompleteResponseError);
    expect((error as IncompleteResponseError).status).toBe(200);
    expect((error as IncompleteResponseError).requestId).toBe('req-chunked-200');
  });

  it('retries a GET, which is safe to repeat, and counts the attempts', async () => {
    const error = await failureOf(client(2).containers.get(ID));
    expect(error).toBeInstanceOf(IncompleteResponseError);
    expect((error as IncompleteResponseError).attempts).toBe(3);
    expect((error as Error).message).toContain('(after 3 attempts)');
    expect(hits.get(`GET /v2/containers/${ID}`)).toBe(3);
  });

  it('does not retry a create, which the service may have applied, and says to check first', async () => {
    const error = await failureOf(
      client(2).trackingRequests.create({
        requestType: 'container',
        requestNumber: 'MSCU1234565',
        scac: 'MSCU',
      }),
    );
    expect(error).toBeInstanceOf(IncompleteResponseError);
    expect((error as IncompleteResponseError).status).toBe(201);
    expect((error as Error).message).toContain(
      'It was not retried, since the service may have applied it',
    );
    expect(hits.get('POST /v2/tracking_requests')).toBe(1);
  });

  it('keeps the error of an error status whose body was cut off (the status says what happened)', async () => {
    const error = await failureOf(client().containers.route(ID));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
    expect((error as InternalServerError).requestId).toBe('req-length-503');
  });
});
