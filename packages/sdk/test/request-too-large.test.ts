import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, RequestTooLargeError } from '../src/index.js';

describe('a request too large for the service', () => {
  let mock: RunningMockServer;

  beforeAll(async () => {
    mock = await startMockServer();
  });
  afterAll(() => mock?.close());

  it('is a RequestTooLargeError, not retried, whose message names the query by its length only', async () => {
    const query = `MAEU${'x'.repeat(20_000)}`;
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const client = createClient({
      apiKey: DEMO_API_KEY,
      baseUrl: mock.url,
      maxRetries: 2,
      rateLimit: false,
      logger: { debug: log, info: log, warn: log, error: log },
      logLevel: 'debug',
    });
    const error = await client.search(query).catch((e: unknown) => e);
    // The mock's Node server refuses a request line over its header limit with 431.
    expect(error).toBeInstanceOf(RequestTooLargeError);
    const tooLarge = error as RequestTooLargeError;
    expect(tooLarge.status).toBe(431);
    expect(tooLarge.attempts).toBe(1);
    expect(tooLarge.message).toMatch(/\(\d+ characters\)\): Shorten the request/);
    expect(tooLarge.message.length).toBeLessThan(500);
    expect(lines.join('\n')).not.toContain('x'.repeat(300));
  });
});
