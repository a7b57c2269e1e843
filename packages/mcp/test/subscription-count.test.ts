import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  containerResourceUri,
  type SubscriptionCounter,
  SubscriptionHub,
  SubscriptionRefusedError,
} from '../src/index.js';
import { MemorySubscriptionCounter } from '../src/subscriptions/coordination.js';
import { MOCK_START } from './harness.js';

let mock: RunningMockServer;
let uris: string[];

function sdk(): ShiptrackClient {
  return createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false, maxRetries: 0 });
}

/** A memory counter that records what the hub asks of it (a shared counter's view). */
class RecordingCounter implements SubscriptionCounter {
  readonly #inner: SubscriptionCounter = new MemorySubscriptionCounter();
  readonly refreshed: string[][] = [];
  readonly released: string[] = [];
  reserve(account: string, holds: readonly string[], limit: number, ttlMs: number) {
    return this.#inner.reserve(account, holds, limit, ttlMs);
  }
  async refresh(account: string, holds: readonly string[], ttlMs: number) {
    this.refreshed.push([...holds]);
    await this.#inner.refresh(account, holds, ttlMs);
  }
  async release(account: string, holds: readonly string[]) {
    this.released.push(...holds);
    await this.#inner.release(account, holds);
  }
}

beforeAll(async () => {
  mock = await startMockServer({ port: 0, clock: { mode: 'manual', startAt: MOCK_START } });
  const { data } = await sdk().containers.list({ format: 'mapped' });
  uris = data.slice(0, 3).map(({ id }) => containerResourceUri(id));
});
afterAll(() => mock.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('the per-account subscription count', () => {
  it('refreshes the holds of open subscriptions every 30 s and gives them back when they end', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const counter = new RecordingCounter();
    const hub = new SubscriptionHub({ counter, limits: { perAccount: 2 } });
    const session = hub.session({ account: 'acct', client: sdk });
    const other = hub.session({ account: 'acct', client: sdk });
    try {
      await session.add('one', [uris[0] ?? '', uris[1] ?? '']);
      await expect(other.add('two', [uris[2] ?? ''])).rejects.toThrow(
        /already follows 2 of its 2 subscriptions \(all connections to every instance together\)/,
      );
      vi.advanceTimersByTime(30_000);
      expect(counter.refreshed).toHaveLength(1);
      expect(counter.refreshed[0]).toHaveLength(2);

      session.remove('one');
      expect(counter.released).toEqual(counter.refreshed[0]);
      await other.add('two', [uris[2] ?? '']); // room again
      vi.advanceTimersByTime(30_000);
      expect(counter.refreshed.at(-1)).toHaveLength(1);
      other.close();
      const before = counter.refreshed.length;
      vi.advanceTimersByTime(90_000);
      expect(counter.refreshed).toHaveLength(before); // nothing open: no refresh
    } finally {
      hub.close();
    }
  });

  it('lets a subscription through, and reports it, when the counter fails', async () => {
    const errors: string[] = [];
    const failing: SubscriptionCounter = {
      reserve: () => Promise.reject(new Error('Redis is down')),
      refresh: async () => {},
      release: async () => {},
    };
    const hub = new SubscriptionHub({
      counter: failing,
      onError: (_error, where) => errors.push(where),
    });
    const session = hub.session({ account: 'acct', client: sdk });
    try {
      await session.add('one', [uris[0] ?? '']);
      expect(session.uris).toEqual([uris[0]]);
      expect(errors).toEqual(['subscription count']);
      // The per-connection cap still applies.
      const capped = new SubscriptionHub({ counter: failing, limits: { perConnection: 1 } });
      const tight = capped.session({ account: 'acct', client: sdk });
      await expect(tight.add('one', [uris[0] ?? '', uris[1] ?? ''])).rejects.toBeInstanceOf(
        SubscriptionRefusedError,
      );
      capped.close();
    } finally {
      hub.close();
    }
  });
});
