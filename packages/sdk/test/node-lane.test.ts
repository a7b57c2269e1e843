/**
 * The client over `createNodeFetch`, which hands the transport its answers
 * through its own lane (no `Response` per call): the lane is taken, and
 * time limits, the caller's signal, decoded answers and `withResponse()`
 * behave as through the built-in `fetch`. Against a real `node:http`
 * server; the attempt's time limit on fake timers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import {
  APITimeoutError,
  APIUserAbortError,
  type ClientOptions,
  createClient,
  rawRequest,
} from '../src/index.js';
import { useTestServer } from './node-fetch-server.js';

const fixture = useTestServer();
const { send: nodeFetch } = fixture;
afterEach(() => {
  vi.useRealTimers();
});

function client(options: ClientOptions<'mapped'> = {}) {
  return createClient({
    apiKey: 'sk_test_lane',
    baseUrl: `${fixture.server.origin}/v2`,
    rateLimit: false,
    maxRetries: 0,
    fetch: nodeFetch,
    ...options,
  });
}

/** The outcome of a call: its error, or `undefined` when it succeeded. */
function failureOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** What a call's outcome is while it has not settled. */
const PENDING = Symbol('pending');

/** The error of a call as it settles (`undefined` on success, {@link PENDING} until then). */
function settled(promise: PromiseLike<unknown>): { error: unknown } {
  const outcome: { error: unknown } = { error: PENDING };
  failureOf(promise).then((error) => {
    outcome.error = error;
  });
  return outcome;
}

describe("the client over createNodeFetch's own lane", () => {
  it('takes the lane: the fetch function itself is not called', async () => {
    let called = 0;
    // A copy of the sender that counts the calls of the function; the lane is carried along.
    const counted = Object.assign((input: string, init: RequestInit) => {
      called++;
      return nodeFetch(input, init);
    }, nodeFetch);
    const answer = await rawRequest(
      client({ fetch: counted }),
      'GET',
      `${fixture.server.origin}/echo`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ method: 'GET', url: '/echo' });
    expect(called).toBe(0);
  });

  it('ends an attempt at timeoutMs with APITimeoutError and closes its socket', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const held = fixture.server.nextHeld();
    const outcome = settled(
      rawRequest(client({ timeoutMs: 1000 }), 'GET', `${fixture.server.origin}/hang`),
    );
    const request = await held;
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome.error).toBe(PENDING);
    await vi.advanceTimersByTimeAsync(1);
    await eventually(() => expect(outcome.error).toBeInstanceOf(APITimeoutError));
    expect(String(outcome.error)).toContain('GET /hang got no complete answer within 1000 ms.');
    await request.closed;
  });

  it("ends an attempt when the caller's signal aborts, and closes its socket", async () => {
    const controller = new AbortController();
    const held = fixture.server.nextHeld();
    const outcome = settled(
      rawRequest(client(), 'GET', `${fixture.server.origin}/hang`, { signal: controller.signal }),
    );
    const request = await held;
    controller.abort(new Error('the user left'));
    await eventually(() => expect(outcome.error).toBeInstanceOf(APIUserAbortError));
    expect((outcome.error as APIUserAbortError).cause).toEqual(new Error('the user left'));
    await request.closed;
  });

  it('sends nothing for a signal aborted before the call', async () => {
    const before = fixture.server.received.length;
    const error = await failureOf(
      rawRequest(client(), 'GET', `${fixture.server.origin}/echo`, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(fixture.server.received.length).toBe(before);
  });

  it('reads a decoded answer and its headers as through fetch', async () => {
    const viaFetch = client({ fetch: (input, init) => fetch(input, init) });
    for (const coding of ['gzip', 'br', 'deflate']) {
      const [a, b] = [
        await rawRequest(viaFetch, 'GET', `${fixture.server.origin}/encoded/${coding}`),
        await rawRequest(client(), 'GET', `${fixture.server.origin}/encoded/${coding}`),
      ];
      expect(b.body).toEqual(a.body);
      expect(b.headers.get('content-encoding')).toBeNull();
      expect(b.headers.get('content-length')).toBeNull();
      expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'));
    }
  });
});
