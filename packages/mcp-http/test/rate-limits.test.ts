import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, startHost } from './support/host.js';

describe("MCP calls count against the caller's own REST limits", () => {
  let host: Host;

  beforeAll(async () => {
    // Two requests a minute per key; a wait longer than 50 ms becomes a result instead.
    host = await startHost({ rateLimits: { default: 2 }, maxRateLimitWaitMs: 50 });
  });
  afterAll(() => host?.close());

  it('answers a call over the limit with a rate-limit result that says how long to wait', async () => {
    // The key check at connect takes one request, the first call the second.
    const acme = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
    try {
      const first = await acme.callTool({ name: 'list_containers', arguments: {} });
      expect(first.isError).toBeFalsy();
      const limited = await acme.callTool({ name: 'list_containers', arguments: {} });
      expect(limited.isError).toBe(true);
      expect(JSON.stringify(limited.content)).toMatch(/rate.limit/i);
      expect(JSON.stringify(limited.content)).toMatch(/\d+ ?s/);
    } finally {
      await acme.close();
    }
  });

  it('keeps the limit per key: another key is not slowed down', async () => {
    const globex = await connectWithHeader(host.url, `Token ${DEMO_SECOND_API_KEY}`);
    try {
      const result = await globex.callTool({ name: 'list_containers', arguments: {} });
      expect(result.isError).toBeFalsy();
    } finally {
      await globex.close();
    }
  });
});
