import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../test-support/contract.js';
import {
  APIConnectionError,
  AuthenticationError,
  createClient,
  NotFoundError,
} from '../src/index.js';
import { MappedContainerSchema } from '../src/mapped/index.js';

let running: RunningMockServer;
const contract = createContractValidator();

beforeAll(async () => {
  running = await startMockServer({ port: 0, clock: { mode: 'manual' } });
});
afterAll(() => running.close());

/** Adds a fault through the mock's control API. */
async function addFault(rule: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${running.origin}/_mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  expect(response.ok).toBe(true);
}

describe('over real HTTP', () => {
  it('reads containers with their shipment, and the raw document matches the spec', async () => {
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: running.url, format: 'both' });
    const page = await client.containers.list({ include: ['shipment'], pageSize: 3 });
    contract.assertResponse({
      method: 'GET',
      url: `${running.url}/containers?include=shipment&page[size]=3`,
      status: 200,
      body: page.document,
    });
    const first = page.data[0];
    if (!first) throw new Error('the demo data has containers');
    const mapped = MappedContainerSchema.parse(first.mapped);
    expect(mapped.shipment?.billOfLading).toBeTruthy();

    const one = await client.containers.get(first.raw.id, { include: ['shipment'] });
    contract.assertResponse({
      method: 'GET',
      url: `${running.url}/containers/${first.raw.id}?include=shipment`,
      status: 200,
      body: one.raw,
    });
    expect(one.mapped.number).toBe(first.mapped.number);
  });

  it('follows absolute next links across pages', async () => {
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: running.url });
    let count = 0;
    for await (const _line of client.shippingLines.list({ pageSize: 5 })) count++;
    const first = await client.shippingLines.list({ pageSize: 5 });
    expect(count).toBe(first.meta.total);
    expect(count).toBeGreaterThan(5);
  });

  it('reports a wrong key as AuthenticationError and a missing record as NotFoundError', async () => {
    const wrong = createClient({ apiKey: 'st_wrong_key', baseUrl: running.url });
    await expect(wrong.shippingLines.list()).rejects.toBeInstanceOf(AuthenticationError);
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: running.url });
    await expect(
      client.containers.get('00000000-0000-4000-8000-000000000000'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('retries a throttled request at once when Retry-After is 0', async () => {
    await addFault({
      method: 'GET',
      path: '/v2/shipping_lines',
      rateLimit: { retryAfter: 0 },
      count: 1,
    });
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: running.url });
    const page = await client.shippingLines.list();
    expect(page.data.length).toBeGreaterThan(0);
  });

  it('turns a dropped connection into APIConnectionError', async () => {
    await addFault({ method: 'GET', path: '/v2/webhooks/ips', drop: true, count: 1 });
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: running.url, maxRetries: 0 });
    const error = await client.webhooks.ips().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(String(error)).toContain(running.url);
    await expect(client.webhooks.ips()).resolves.toMatchObject({
      webhookNotificationIps: expect.any(Array),
    });
  });
});
