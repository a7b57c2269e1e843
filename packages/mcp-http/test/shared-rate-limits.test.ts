import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { connectWithHeader, type Host, MOCK_START, startHost } from './support/host.js';

/** Three requests a minute per key; a wait longer than 50 ms becomes a rate-limit result. */
const LIMITS = { rateLimits: { default: 3 }, maxRateLimitWaitMs: 50 } as const;

/**
 * Connects to `host` with the demo key (the key check at connect is one
 * request) and calls `list_containers` (one more); tells whether the call
 * was refused for the rate limit.
 */
async function callLimited(host: Host): Promise<boolean> {
  const client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
  try {
    const result = await client.callTool({ name: 'list_containers', arguments: {} });
    if (!result.isError) return false;
    expect(JSON.stringify(result.content)).toContain('rate_limited');
    return true;
  } finally {
    await client.close();
  }
}

describeWithRedis('N instances share one limit per API key through --redis-url', () => {
  const redis = useRedisServer();
  let mock: RunningMockServer;

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('two instances with the same key count together, and each closes its connection', async () => {
    const observer = new Redis(redis.url());
    // Connected clients of the server, one line each.
    const connections = async () =>
      String(await observer.client('LIST'))
        .trim()
        .split('\n').length;
    try {
      const first = await startHost({ ...LIMITS, redisUrl: redis.url() }, mock);
      const second = await startHost({ ...LIMITS, redisUrl: redis.url() }, mock);
      try {
        // First instance: key check and call (2 of 3). Second: key check (3 of 3), then the call is over.
        expect(await callLimited(first)).toBe(false);
        expect(await callLimited(second)).toBe(true);
        // The observer and one connection per instance.
        expect(await connections()).toBe(3);
      } finally {
        await first.close();
        await second.close();
      }
      expect(await connections()).toBe(1);
    } finally {
      observer.disconnect();
    }
  });

  it('without Redis each instance counts alone (what --redis-url prevents)', async () => {
    const first = await startHost(LIMITS, mock);
    const second = await startHost(LIMITS, mock);
    try {
      expect(await callLimited(first)).toBe(false);
      expect(await callLimited(second)).toBe(false);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
