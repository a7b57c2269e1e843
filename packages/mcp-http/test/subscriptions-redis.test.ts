import type { Client } from '@modelcontextprotocol/client';
import { containerResourceUri } from '@shiptrack/mcp';
import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import {
  collectUpdates,
  type ManualScheduler,
  manualScheduler,
} from '../../../test-support/subscriptions.js';
import { connectWithHeader, type Host, MOCK_START, startHost } from './support/host.js';

const HOUR = 3600;

describeWithRedis('N instances share live container updates through --redis-url', () => {
  const redis = useRedisServer();
  let mock: RunningMockServer;
  const clients: Client[] = [];
  let first: Host;
  let second: Host;
  let firstPolls: ManualScheduler;
  let secondPolls: ManualScheduler;

  async function containerUri(apiKey: string, number?: string): Promise<string> {
    const sdk = createClient({ apiKey, baseUrl: mock.url, rateLimit: false, maxRetries: 0 });
    const id = (await sdk.containers.list({ format: 'mapped', q: number })).data[0]?.id;
    if (!id) throw new Error(`no container ${number ?? ''} in the demo data`);
    return containerResourceUri(id);
  }

  async function listenOn(host: Host, apiKey: string, uri: string): Promise<string[]> {
    const client = await connectWithHeader(host.url, `Token ${apiKey}`, '2026-07-28');
    clients.push(client);
    const updates = collectUpdates(client);
    await client.listen({ resourceSubscriptions: [uri] });
    return updates;
  }

  async function advanceHours(hours: number): Promise<void> {
    const response = await fetch(`${mock.origin}/_mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: hours * HOUR }),
    });
    expect(response.status).toBe(200);
  }

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    firstPolls = manualScheduler();
    secondPolls = manualScheduler();
    first = await startHost(
      { redisUrl: redis.url(), subscriptions: { polling: { scheduler: firstPolls.scheduler } } },
      mock,
    );
    second = await startHost(
      { redisUrl: redis.url(), subscriptions: { polling: { scheduler: secondPolls.scheduler } } },
      mock,
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await first?.close();
    await second?.close();
    await mock?.close();
  });

  it('a stream on one instance hears a change the other picked up, once; another account hears none of it', async () => {
    const uri = await containerUri(DEMO_API_KEY, 'MSCU1451670');
    const otherUri = await containerUri(DEMO_SECOND_API_KEY);
    const onFirst = await listenOn(first, DEMO_API_KEY, uri);
    const onSecond = await listenOn(second, DEMO_API_KEY, uri);
    const otherAccount = await listenOn(second, DEMO_SECOND_API_KEY, otherUri);

    await advanceHours(100); // the ETA is revised at 72 h
    await secondPolls.round(); // only the second instance polls: it takes the lease
    await eventually(() => expect(onFirst).toEqual([uri]));
    await eventually(() => expect(onSecond).toEqual([uri]));
    await firstPolls.round(); // the lease is the second's: the first does not poll again

    await advanceHours(130); // discharged at 228 h
    await firstPolls.round();
    await secondPolls.round();
    await eventually(() => expect(onFirst).toEqual([uri, uri]));
    await eventually(() => expect(onSecond).toEqual([uri, uri]));
    expect(otherAccount).not.toContain(uri);

    // Channels are named by a hash of the account: neither the key nor its fingerprint.
    const observer = new Redis(redis.url());
    try {
      const channels = (await observer.pubsub('CHANNELS', '*')) as string[];
      expect(channels.length).toBe(2);
      for (const channel of channels) {
        expect(channel).toMatch(/^shiptrack:changes:[0-9a-f]{32}$/);
        expect(channel).not.toContain(DEMO_API_KEY);
      }
    } finally {
      await observer.quit();
    }
  });
});
