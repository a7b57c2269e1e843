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
import { manualScheduler } from '../../../test-support/subscriptions.js';
import { connectWithHeader, type Host, MOCK_START, startHost } from './support/host.js';

describeWithRedis(
  'N instances count one account against one subscription cap through --redis-url',
  () => {
    const redis = useRedisServer();
    let mock: RunningMockServer;
    const clients: Client[] = [];
    let first: Host;
    let second: Host;

    async function containerUris(apiKey: string): Promise<string[]> {
      const sdk = createClient({ apiKey, baseUrl: mock.url, rateLimit: false, maxRetries: 0 });
      const { data } = await sdk.containers.list({ format: 'mapped' });
      return data.map(({ id }) => containerResourceUri(id));
    }

    async function modernClient(host: Host, apiKey = DEMO_API_KEY): Promise<Client> {
      const client = await connectWithHeader(host.url, `Token ${apiKey}`, '2026-07-28');
      clients.push(client);
      return client;
    }

    async function heldInRedis(): Promise<Record<string, number>> {
      const observer = new Redis(redis.url());
      try {
        const keys = await observer.keys('shiptrack:subscriptions:*');
        const counts: Record<string, number> = {};
        for (const key of keys) counts[key] = await observer.zcard(key);
        return counts;
      } finally {
        await observer.quit();
      }
    }

    beforeAll(async () => {
      mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
      const subscriptions = (scheduler = manualScheduler().scheduler) => ({
        limits: { perAccount: 2 },
        polling: { scheduler },
      });
      first = await startHost({ redisUrl: redis.url(), subscriptions: subscriptions() }, mock);
      second = await startHost({ redisUrl: redis.url(), subscriptions: subscriptions() }, mock);
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await first?.close();
      await second?.close();
      await mock?.close();
    });

    it('two holds on one instance leave no room for a third on the other; closing one makes room', async () => {
      const [one, two, three] = await containerUris(DEMO_API_KEY);
      if (!one || !two || !three) throw new Error('the demo account has fewer than 3 containers');
      const onFirst = await modernClient(first);
      await onFirst.listen({ resourceSubscriptions: [one] });
      const alsoOnFirst = await modernClient(first);
      await alsoOnFirst.listen({ resourceSubscriptions: [two] });

      const onSecond = await modernClient(second);
      await expect(onSecond.listen({ resourceSubscriptions: [three] })).rejects.toThrow(
        /this account already follows 2 of its 2 subscriptions \(all connections to every instance together\)/,
      );
      // Another account has a cap of its own.
      const [foreign] = await containerUris(DEMO_SECOND_API_KEY);
      const otherAccount = await modernClient(second, DEMO_SECOND_API_KEY);
      const accepted = await otherAccount.listen({ resourceSubscriptions: [foreign ?? ''] });
      expect(accepted.honoredFilter.resourceSubscriptions).toEqual([foreign]);

      // Counted in Redis under a hash of the account, never its key: 2 holds and 1.
      const held = await heldInRedis();
      expect(Object.values(held).sort()).toEqual([1, 2]);
      for (const key of Object.keys(held)) {
        expect(key).toMatch(/^shiptrack:subscriptions:[0-9a-f]{32}$/);
      }

      // A stream that ends gives its hold back, for every instance.
      await alsoOnFirst.close();
      await eventually(async () =>
        expect(Object.values(await heldInRedis()).sort()).toEqual([1, 1]),
      );
      const retry = await modernClient(second);
      const taken = await retry.listen({ resourceSubscriptions: [three] });
      expect(taken.honoredFilter.resourceSubscriptions).toEqual([three]);
    });
  },
);
