import { type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient, MemoryRateLimitStore } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientCache } from './client-cache.js';

const KEYS = Array.from({ length: 12 }, (_, index) => `many-keys-${index}`);

describe('per-key state of many API keys, over real HTTP', () => {
  let mock: RunningMockServer;

  beforeAll(async () => {
    mock = await startMockServer({
      port: 0,
      accounts: [{ name: 'Many keys', apiKeys: KEYS }],
      clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' },
    });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('keeps at most `maxClients` clients and rate-limit buckets of the last window only', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now });
    const clients = new ClientCache({
      maxClients: 4,
      create: (apiKey) => createClient({ apiKey, baseUrl: mock.url, rateLimit: { store } }),
    });
    const first = await clients.get(KEYS[0] ?? '');
    for (const key of KEYS) {
      const { client } = await clients.get(key);
      await client.containers.list({ pageSize: 1, format: 'raw' });
      expect(clients.size).toBeLessThanOrEqual(4);
    }
    expect(clients.size).toBe(4);
    expect(store.size).toBe(KEYS.length);
    // The first key was evicted: it gets a new client; the most recent keeps its own.
    const last = await clients.get(KEYS.at(-1) ?? '');
    expect((await clients.get(KEYS.at(-1) ?? '')).client).toBe(last.client);
    expect((await clients.get(KEYS[0] ?? '')).client).not.toBe(first.client);

    // Once the window has passed, the buckets of the quiet keys go as the busy one calls.
    now += 61_000;
    for (let call = 0; call < KEYS.length; call++) {
      await last.client.containers.list({ pageSize: 1, format: 'raw' });
    }
    expect(store.size).toBe(1);
  });
});
