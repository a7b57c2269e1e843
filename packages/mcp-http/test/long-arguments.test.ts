import type { Client } from '@modelcontextprotocol/client';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, startHost } from './support/host.js';

/** The `_meta` key of the error detail (documented in @shiptrack/mcp's README). */
const ERROR_META_KEY = 'shiptrack/error';

describe('a search query of 20 kB through MCP over HTTP', () => {
  let host: Host;
  let client: Client;

  beforeAll(async () => {
    host = await startHost();
    client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
  });
  afterAll(async () => {
    await client?.close();
    await host?.close();
  });

  it('is a client error to shorten, not retryable, and is not logged whole', async () => {
    const filler = 'y'.repeat(20_000);
    const result = await client.callTool({
      name: 'search_container',
      arguments: { query: `MSCU${filler}` },
    });
    expect(result.isError).toBe(true);
    // The mock's Node server refuses a request line over its header limit with 431.
    expect(result._meta?.[ERROR_META_KEY]).toEqual({
      code: 'invalid_argument',
      httpStatus: 431,
      retryable: false,
      next: expect.stringMatching(/^Shorten the longest argument/),
    });
    const text = JSON.stringify(result.content);
    expect(text).toContain('too large');
    expect(text).not.toMatch(/try again later/i);
    expect(host.errors).toEqual([]);
    expect(JSON.stringify(host.logs)).not.toContain(filler.slice(0, 300));
  });
});
