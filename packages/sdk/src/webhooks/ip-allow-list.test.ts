import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWebhookIpAllowList, WebhookIpListError } from './ip-allow-list.js';

const body = (ips: string[]) => ({
  webhook_notification_ips: ips,
  last_updated: '2025-01-01T00:00:00Z',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createWebhookIpAllowList', () => {
  it('loads GET /webhooks/ips with the API key and allows only listed addresses', async () => {
    const requests: Request[] = [];
    const allowList = createWebhookIpAllowList({
      baseUrl: 'https://api.example.test/v2/',
      apiKey: 'key_123',
      fetch: async (input, init) => {
        requests.push(new Request(input, init));
        return Response.json(body(['34.224.1.7', '2600:1f18::10']));
      },
    });
    expect(await allowList.isAllowed('34.224.1.7')).toBe(true);
    expect(await allowList.isAllowed('::ffff:34.224.1.7')).toBe(true);
    expect(await allowList.isAllowed('2600:1f18:0:0::10')).toBe(true);
    expect(await allowList.isAllowed('34.224.1.8')).toBe(false);
    expect(await allowList.isAllowed(undefined)).toBe(false);
    expect(await allowList.isAllowed('not an ip')).toBe(false);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('https://api.example.test/v2/webhooks/ips');
    expect(requests[0]?.headers.get('authorization')).toBe('Token key_123');
    expect(allowList.current?.lastUpdated).toBe('2025-01-01T00:00:00Z');
    allowList.close();
  });

  it('takes a client with webhooks.ips(), raw or mapped', async () => {
    const raw = createWebhookIpAllowList({
      client: { webhooks: { ips: async () => body(['1.1.1.1']) } },
    });
    const mapped = createWebhookIpAllowList({
      client: {
        webhooks: { ips: async () => ({ webhookNotificationIps: ['2.2.2.2'], lastUpdated: null }) },
      },
    });
    expect(await raw.isAllowed('1.1.1.1')).toBe(true);
    expect(await mapped.isAllowed('2.2.2.2')).toBe(true);
    raw.close();
    mapped.close();
  });

  it('refreshes on its interval and uses the new list', async () => {
    let ips = ['1.1.1.1'];
    let loads = 0;
    const allowList = createWebhookIpAllowList({
      fetchIps: async () => {
        loads++;
        return body(ips);
      },
      refreshIntervalMs: 60_000,
    });
    expect(await allowList.isAllowed('1.1.1.1')).toBe(true);
    ips = ['9.9.9.9'];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loads).toBe(2);
    expect(await allowList.isAllowed('1.1.1.1')).toBe(false);
    expect(await allowList.isAllowed('9.9.9.9')).toBe(true);
    allowList.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(loads).toBe(2);
  });

  it('fails closed by default while no list could be loaded, then recovers', async () => {
    const reported: Error[] = [];
    let up = false;
    const allowList = createWebhookIpAllowList({
      fetchIps: async () => {
        if (!up) throw new Error('connection refused');
        return body(['1.1.1.1']);
      },
      retryAfterFailureMs: 10_000,
      onError: (error) => void reported.push(error),
    });
    expect(await allowList.isAllowed('1.1.1.1')).toBe(false);
    expect(reported[0]).toBeInstanceOf(WebhookIpListError);
    up = true;
    // Within the retry pause the failure is not retried.
    expect(await allowList.isAllowed('1.1.1.1')).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await allowList.isAllowed('1.1.1.1')).toBe(true);
    allowList.close();
  });

  it('fails open when configured so', async () => {
    const allowList = createWebhookIpAllowList({
      fetchIps: () => Promise.reject(new Error('down')),
      failureMode: 'open',
      onError: () => {},
    });
    expect(await allowList.isAllowed('203.0.113.9')).toBe(true);
    allowList.close();
  });

  it('keeps the last good list when a refresh fails', async () => {
    let fail = false;
    const allowList = createWebhookIpAllowList({
      fetchIps: async () => {
        if (fail) throw new Error('down');
        return body(['1.1.1.1']);
      },
      refreshIntervalMs: 1_000,
      onError: () => {},
    });
    expect(await allowList.isAllowed('1.1.1.1')).toBe(true);
    fail = true;
    await expect(allowList.refresh()).rejects.toBeInstanceOf(WebhookIpListError);
    expect(await allowList.isAllowed('1.1.1.1')).toBe(true);
    allowList.close();
  });

  it('reports an answer that is not an IP list, and a failed status, without the API key', async () => {
    const wrongShape = createWebhookIpAllowList({
      fetchIps: async () => ({ data: [] }),
      onError: () => {},
    });
    await expect(wrongShape.refresh()).rejects.toThrow(/webhook_notification_ips/);
    wrongShape.close();
    const denied = createWebhookIpAllowList({
      baseUrl: 'https://api.example.test/v2',
      apiKey: 'key_secret',
      fetch: async () => new Response('{}', { status: 401 }),
    });
    const error = await denied.refresh().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookIpListError);
    expect(String(error)).toContain('401');
    expect(String(error)).not.toContain('key_secret');
    denied.close();
  });

  it('needs a source of the list', () => {
    expect(() => createWebhookIpAllowList({})).toThrow(/client.*fetchIps.*baseUrl/);
  });
});
