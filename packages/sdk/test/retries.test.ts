import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import {
  APITimeoutError,
  APIUserAbortError,
  InternalServerError,
  RateLimitError,
} from '../src/index.js';
import {
  BASE_URL,
  errorBody,
  flush,
  outcomeWithoutWaiting,
  testClient,
  useFakeClock,
  useMswServer,
} from './helpers.js';

const server = useMswServer();

const container = {
  data: {
    id: '3d1f0c7e-8d1a-4b59-9f43-0c1a2b3c4d5e',
    type: 'container',
    attributes: { number: 'CSQU3054383', current_status: 'available' },
  },
};

/** Answers each request with the next scripted response and counts requests. */
function script(...responses: Array<() => Response>) {
  const state = { count: 0 };
  server.use(
    http.get(`${BASE_URL}/containers/:id`, () => {
      const next = responses[Math.min(state.count, responses.length - 1)];
      state.count++;
      return next ? next() : HttpResponse.json(container);
    }),
  );
  return state;
}

const tooMany = (retryAfter?: string) => () =>
  HttpResponse.json(errorBody(429, 'Too Many Requests'), {
    status: 429,
    headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
  });
const unavailable = () => HttpResponse.json(errorBody(503, 'Service Unavailable'), { status: 503 });
const ok = () => HttpResponse.json(container);

describe('retries', () => {
  it('waits the Retry-After seconds before retrying a 429', async () => {
    useFakeClock();
    const calls = script(tooMany('3'), ok);
    const result = testClient().containers.get(container.data.id);
    await flush();
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ number: 'CSQU3054383' });
    expect(calls.count).toBe(2);
  });

  it('waits until a Retry-After HTTP date', async () => {
    useFakeClock('2026-03-01T12:00:00Z');
    const calls = script(tooMany('Sun, 01 Mar 2026 12:00:05 GMT'), ok);
    const result = testClient().containers.get(container.data.id);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ id: container.data.id });
    expect(calls.count).toBe(2);
  });

  it('throws RateLimitError at once when Retry-After exceeds maxRetryAfterMs', async () => {
    useFakeClock();
    const calls = script(tooMany('120'), ok);
    const outcome = await outcomeWithoutWaiting(
      testClient({ maxRetryAfterMs: 30_000 }).containers.get(container.data.id),
    );
    // Settled with no time passing, and no wait left scheduled: the 120 s were not slept.
    expect(outcome.status).toBe('rejected');
    expect(vi.getTimerCount()).toBe(0);
    const error = outcome.status === 'rejected' ? outcome.reason : undefined;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000, bucket: 'default' });
    expect(calls.count).toBe(1);
  });

  it('waits a Retry-After equal to maxRetryAfterMs', async () => {
    useFakeClock();
    const calls = script(tooMany('30'), ok);
    const result = testClient({ maxRetryAfterMs: 30_000 }).containers.get(container.data.id);
    expect((await outcomeWithoutWaiting(result)).status).toBe('pending');
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ number: 'CSQU3054383' });
    expect(calls.count).toBe(2);
  });

  it('backs off exponentially with jitter when Retry-After is absent or invalid', async () => {
    useFakeClock();
    const calls = script(tooMany('soon'), unavailable, ok);
    const result = testClient().containers.get(container.data.id);
    await flush();
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(251); // first backoff: 250..500 ms
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1000); // second backoff: 500..1000 ms
    await expect(result).resolves.toMatchObject({ status: 'available' });
    expect(calls.count).toBe(3);
  });

  it('gives up after maxRetries and reports the attempts', async () => {
    useFakeClock();
    const calls = script(unavailable);
    const result = testClient({ maxRetries: 2 })
      .containers.get(container.data.id)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await result;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, attempts: 3 });
    expect(calls.count).toBe(3);
  });

  it('stops waiting between attempts when the caller aborts', async () => {
    useFakeClock();
    const calls = script(tooMany('30'), ok);
    const controller = new AbortController();
    const result = testClient()
      .containers.get(container.data.id, { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error('user left'));
    const error = await result;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as APIUserAbortError).cause).toMatchObject({ message: 'user left' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.count).toBe(1);
  });

  it('does not sleep past the deadline: the last error is thrown at once', async () => {
    useFakeClock();
    const calls = script(tooMany('5'), ok);
    const error = await testClient({ deadlineMs: 2000 })
      .containers.get(container.data.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(calls.count).toBe(1);
  });
});

describe('time-outs', () => {
  const hang = () =>
    server.use(
      // Never answers; the client's abort ends the exchange.
      http.get(`${BASE_URL}/containers/:id`, () => new Promise<Response>(() => {})),
    );

  it('aborts an attempt after timeoutMs and throws APITimeoutError', async () => {
    useFakeClock();
    hang();
    const result = testClient({ timeoutMs: 1000, maxRetries: 0 })
      .containers.get(container.data.id)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(String(error)).toMatch(/within 1000 ms/);
  });

  it('retries an idempotent request that timed out, within the deadline', async () => {
    useFakeClock();
    let count = 0;
    server.use(
      http.get(`${BASE_URL}/containers/:id`, () => {
        count++;
        return count > 1 ? HttpResponse.json(container) : new Promise<Response>(() => {});
      }),
    );
    const result = testClient({ timeoutMs: 1000 }).containers.get(container.data.id);
    await vi.advanceTimersByTimeAsync(1000 + 500);
    await expect(result).resolves.toMatchObject({ number: 'CSQU3054383' });
    expect(count).toBe(2);
  });

  it('ends the whole call at deadlineMs', async () => {
    useFakeClock();
    hang();
    const result = testClient({ timeoutMs: 10_000, deadlineMs: 2500 })
      .containers.get(container.data.id)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2500);
    const error = await result;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(String(error)).toMatch(/2500 ms deadline/);
  });
});
