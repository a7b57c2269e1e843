import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import {
  type ClientOptions,
  createClient,
  type FetchLike,
  type RateLimitStore,
  type ResponseFormat,
} from '../src/index.js';

/** Base URL the msw-backed tests call. */
export const BASE_URL = 'https://api.shiptrack.test/v2';

/** A fake key: tests check that it never shows up in errors or logs. */
export const API_KEY = 'sk_test_never_logged_9f8e7d';

/** An msw server for the file, started before and closed after its tests. */
export function useMswServer(): ReturnType<typeof setupServer> {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.useRealTimers();
  });
  afterAll(() => server.close());
  return server;
}

/** Fake timers for `setTimeout` and `Date` only, so msw's own scheduling keeps working. */
export function useFakeClock(now = '2026-03-01T12:00:00Z'): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date(now));
}

/** A client against {@link BASE_URL} without client-side rate limiting unless asked. */
export function testClient<F extends ResponseFormat = 'mapped'>(options: ClientOptions<F> = {}) {
  return createClient<F>({ apiKey: API_KEY, baseUrl: BASE_URL, rateLimit: false, ...options });
}

/** A JSON:API error body. */
export function errorBody(status: number, title: string, extra: Record<string, unknown> = {}) {
  return { errors: [{ status: String(status), title, ...extra }] };
}

/** Lets pending promise callbacks run (fake timers do not advance anything here). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}

/** How a promise stands: settled (and how), or still pending. */
export type Outcome<T> = PromiseSettledResult<T> | { status: 'pending' };

/**
 * The outcome of `promise` while fake time stands still: what it settled
 * to, or `pending` after `rounds` turns of the event loop. A call that
 * should end at once but waits on a timer instead shows as `pending` here
 * at once, rather than hanging the test until vitest's time-out.
 */
export async function outcomeWithoutWaiting<T>(
  promise: Promise<T>,
  rounds = 50,
): Promise<Outcome<T>> {
  const seen: { outcome: Outcome<T> } = { outcome: { status: 'pending' } };
  promise.then(
    (value) => {
      seen.outcome = { status: 'fulfilled', value };
    },
    (reason: unknown) => {
      seen.outcome = { status: 'rejected', reason };
    },
  );
  for (let round = 0; round < rounds && seen.outcome.status === 'pending'; round++) {
    await flush();
    // setImmediate is not faked: one real turn of the event loop, for msw's own steps.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return seen.outcome;
}

/** A client whose fetch and rate-limit store count what reaches them. */
export function countingClient() {
  const seen = { requests: 0, slots: 0 };
  const fetch: FetchLike = async () => {
    seen.requests++;
    return new Response('{"data":[]}', { headers: { 'content-type': 'application/vnd.api+json' } });
  };
  const store: RateLimitStore = {
    acquire: async () => {
      seen.slots++;
      return { waitMs: 0, release: async () => {} };
    },
  };
  const client = createClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch, rateLimit: { store } });
  return { client, seen };
}
