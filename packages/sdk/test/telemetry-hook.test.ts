/**
 * The transport's telemetry hook against the mock over HTTP: each attempt
 * runs through `attempt` (which may add headers), a retry and a call that
 * fails for good are told, and the operation's path template is named.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientTelemetry, createClient, NotFoundError } from '../src/index.js';

describe('createClient({ telemetry })', () => {
  let mock: RunningMockServer;
  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' } });
  });
  afterAll(() => mock?.close());

  it('runs each attempt through the hook, and tells of the retry and of a call that failed', async () => {
    const events: string[] = [];
    const sentHeaders: (string | null)[] = [];
    const telemetry: ClientTelemetry = {
      attempt: async (info, headers, send) => {
        events.push(`attempt ${info.attempt} ${info.method} ${info.template} ${info.bucket}`);
        expect(info.baseUrl).toBe(mock.url);
        headers.traceparent = `00-${'1'.repeat(32)}-${String(info.attempt).padStart(16, '0')}-01`;
        const exchange = await send();
        events.push(`answered ${exchange.response.status}`);
        return exchange;
      },
      retry: (info, error, delayMs) =>
        events.push(
          `retry after attempt ${info.attempt}: ${(error as Error).name} in ${delayMs} ms`,
        ),
      queueWait: (bucket, waitMs) => events.push(`queued ${bucket} ${waitMs}`),
      failure: (error) => events.push(`failed ${(error as Error).name}`),
    };
    const client = createClient({
      apiKey: DEMO_API_KEY,
      baseUrl: mock.url,
      telemetry,
      fetch: (input, init) => {
        sentHeaders.push(new Headers(init.headers).get('traceparent'));
        return fetch(input, init);
      },
    });
    const id = (await client.containers.list({ pageSize: 1 })).data[0]?.id ?? '';
    events.length = 0;
    sentHeaders.length = 0;
    mock.mock.faults.add({
      id: 'one-429',
      method: 'GET',
      path: `/v2/containers/${id}`,
      rateLimit: { retryAfter: 0 },
      count: 1,
    });
    await client.containers.get(id);
    expect(events).toEqual([
      'attempt 1 GET /containers/{id} default',
      'retry after attempt 1: RateLimitError in 0 ms',
      'attempt 2 GET /containers/{id} default',
      'answered 200',
    ]);
    // The hook's headers are the attempt's own, sent with it.
    expect(sentHeaders).toEqual([
      `00-${'1'.repeat(32)}-0000000000000001-01`,
      `00-${'1'.repeat(32)}-0000000000000002-01`,
    ]);
    events.length = 0;
    await expect(client.containers.get('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      NotFoundError,
    );
    expect(events).toEqual(['attempt 1 GET /containers/{id} default', 'failed NotFoundError']);
  });
});
