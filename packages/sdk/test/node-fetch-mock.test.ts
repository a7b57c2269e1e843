/**
 * `createNodeFetch` against the mock over real HTTP: a client that sends
 * through it gets the same answers as one on the built-in `fetch` (pages,
 * includes, typed errors with their bodies, a POST).
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  NotFoundError,
  RateLimitError,
  type ShiptrackClient,
  UnprocessableEntityError,
} from '../src/index.js';
import { createNodeFetch, type NodeFetch } from '../src/node/index.js';

let running: RunningMockServer;
let nodeFetch: NodeFetch;
let viaFetch: ShiptrackClient<'both'>;
let viaNode: ShiptrackClient<'both'>;

beforeAll(async () => {
  running = await startMockServer({ port: 0, clock: { mode: 'manual' } });
  nodeFetch = createNodeFetch();
  const options = {
    apiKey: DEMO_API_KEY,
    baseUrl: running.url,
    rateLimit: false,
    format: 'both',
  } as const;
  viaFetch = createClient(options);
  viaNode = createClient({ ...options, fetch: nodeFetch });
});
afterAll(async () => {
  nodeFetch.destroy();
  await running.close();
});

/** What a call answers through each client: the built-in fetch first. */
async function both<T>(call: (client: ShiptrackClient<'both'>) => PromiseLike<T>): Promise<[T, T]> {
  return [await call(viaFetch), await call(viaNode)];
}

/** The error a call fails with through each client, each checked to be an `ErrorClass`. */
async function failures<E>(
  ErrorClass: abstract new (...args: never[]) => E,
  call: (client: ShiptrackClient<'both'>) => PromiseLike<unknown>,
): Promise<[E, E]> {
  const failure = async (client: ShiptrackClient<'both'>): Promise<E> => {
    const error = await Promise.resolve(call(client)).then(
      () => new Error('the call succeeded'),
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof ErrorClass)) throw error;
    return error;
  };
  return [await failure(viaFetch), await failure(viaNode)];
}

describe('createNodeFetch against the mock', () => {
  it('reads a page and its response like fetch', async () => {
    const [a, b] = await both((client) =>
      client.containers.list({ include: ['shipment'], pageSize: 3 }).withResponse(),
    );
    expect(b.data.document).toEqual(a.data.document);
    expect(b.response.status).toBe(200);
    expect(b.response.headers.get('content-type')).toBe(a.response.headers.get('content-type'));
    expect(b.response.url).toBe(a.response.url);
    expect(b.requestId).toBeTruthy();
  });

  it("hands withResponse() a Response like fetch's, its body already read", async () => {
    const [a, b] = await both((client) => client.containers.list({ pageSize: 1 }).withResponse());
    expect([b.response.status, b.response.statusText, b.response.ok]).toEqual([
      a.response.status,
      a.response.statusText,
      a.response.ok,
    ]);
    const names = (response: Response) => [...response.headers.keys()].sort();
    expect(names(b.response)).toEqual(names(a.response));
    expect(b.response.headers.get('x-request-id')).toBe(b.requestId);
    expect(b.response.bodyUsed).toBe(a.response.bodyUsed);
    await expect(b.response.text()).rejects.toThrow(TypeError);
    // Spreading the answer keeps its response (a plain object, as it always was).
    expect({ ...b }.response).toBe(b.response);
  });

  it('gives the same typed 429 with its Retry-After and headers', async () => {
    running.mock.faults.add({
      id: 'limited',
      method: 'GET',
      path: '/v2/shipments',
      rateLimit: { retryAfter: 0 },
      count: 2,
    });
    const [fromFetch, fromNode] = await failures(RateLimitError, (client) =>
      client.shipments.list({ maxRetries: 0 }),
    );
    expect(fromNode.retryAfterMs).toBe(fromFetch.retryAfterMs);
    expect(fromNode.retryAfterMs).toBe(0);
    expect(fromNode.headers).toBeInstanceOf(Headers);
    expect(fromNode.headers.get('retry-after')).toBe('0');
    expect(fromNode.requestId).toBeTruthy();
  });

  it('reads one container with its includes like fetch', async () => {
    const page = await viaFetch.containers.list({ pageSize: 1 });
    const id = page.data[0]?.raw.id ?? '';
    const [a, b] = await both((client) =>
      client.containers.get(id, { include: ['shipment', 'pod_terminal'] }),
    );
    expect(b.raw).toEqual(a.raw);
    expect(b.mapped).toEqual(a.mapped);
  });

  it('gives the same typed 404 with the body of the error', async () => {
    const [fromFetch, fromNode] = await failures(NotFoundError, (client) =>
      client.containers.get('00000000-0000-4000-8000-000000000000'),
    );
    expect(fromNode.errors).toEqual(fromFetch.errors);
    expect(fromNode.errors.length).toBeGreaterThan(0);
  });

  it('gives the same typed 422 with the body of the error', async () => {
    const [fromFetch, fromNode] = await failures(UnprocessableEntityError, (client) =>
      client.trackingRequests.track('MAEU240511987', { scac: 'NOPE', type: 'bill_of_lading' }),
    );
    expect(fromNode.errors).toEqual(fromFetch.errors);
    expect(fromNode.code).toBeTruthy();
  });

  it('sends a POST body the service reads', async () => {
    // Each its own name: the mock refuses a second party of the same name.
    const a = await viaFetch.parties.create({ companyName: 'ACME Imports by fetch' });
    const b = await viaNode.parties.create({ companyName: 'ACME Imports by node' });
    expect(b.mapped.companyName).toBe('ACME Imports by node');
    expect(b.raw.data.type).toBe(a.raw.data.type);
    expect(Object.keys(b.raw.data.attributes).sort()).toEqual(
      Object.keys(a.raw.data.attributes).sort(),
    );
    const stored = await viaFetch.parties.get(b.raw.data.id);
    expect(stored.mapped.companyName).toBe('ACME Imports by node');
  });
});
