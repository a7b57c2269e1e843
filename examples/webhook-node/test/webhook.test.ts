/**
 * Drives the example with real deliveries from the mock service: the mock
 * signs and posts them when a tracking request succeeds (on its manual
 * clock), and `POST /v2/webhooks/trigger` sends a sample on demand.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient, createWebhookIpAllowList } from '@shiptrack/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookServer, WEBHOOK_PATH, type WebhookServerOptions } from '../src/receiver.js';

let service: RunningMockServer;
let webhookId: string;
let secret: string;
const servers: Server[] = [];

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Token ${service.mock.apiKeys()[0]}`,
      'content-type': 'application/vnd.api+json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: await response.json() };
}

const webhookBody = (url: string) => ({
  data: {
    type: 'webhook',
    attributes: { url, active: true, events: ['tracking_request.succeeded'] },
  },
});

/** Starts the example with the webhook's secret and points the webhook at it. */
async function startReceiver(options: Partial<WebhookServerOptions> = {}) {
  const lines: string[] = [];
  const server = createWebhookServer({ secret, record: (line) => lines.push(line), ...options });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  await api(`/webhooks/${webhookId}`, { method: 'PATCH', body: webhookBody(url) });
  const trigger = async (event: string) => {
    const { body } = await api('/webhooks/trigger', {
      method: 'POST',
      body: { url, event, secret },
    });
    return body as {
      status_code: number;
      request_headers: Record<string, string>;
      request_body: string;
    };
  };
  const post = (body: string, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers, body });
  return { lines, trigger, post };
}

beforeAll(async () => {
  service = await startMockServer({ clock: { mode: 'manual' }, dataset: 'empty' });
  // The secret exists once the webhook does, so the receiver starts after it is created.
  const created = await api('/webhooks', {
    method: 'POST',
    body: webhookBody('http://127.0.0.1:9/pending'),
  });
  webhookId = created.body.data.id;
  secret = created.body.data.attributes.secret;
});

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

afterAll(async () => {
  await service.close();
});

describe('the node:http webhook example, fed by the mock service', () => {
  it('processes the delivery of a succeeded tracking request once', async () => {
    const { lines } = await startReceiver();
    await api('/tracking_requests', {
      method: 'POST',
      body: {
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'bill_of_lading',
            request_number: 'HLCU240000456',
            scac: 'HLCU',
          },
        },
      },
    });
    const processed = () =>
      lines.filter((line) => line.startsWith('processed tracking_request.succeeded'));
    for (let step = 0; step < 48 && processed().length === 0; step++)
      await service.mock.advance(300);
    expect(processed()).toHaveLength(1);
  });

  it('routes a sample delivery to its typed handler', async () => {
    const { lines, trigger } = await startReceiver();
    const sent = await trigger('container.pickup_lfd.changed');
    expect(sent.status_code).toBe(200);
    expect(lines[0]).toMatch(/^[A-Z]{4}\d{7} pickup_lfd: \S+ -> \S+$/);
  });

  it('reads a last free day that comes as a transport event the same way', async () => {
    const { lines, trigger } = await startReceiver();
    const sent = await trigger('container.pickup_lfd_terminal.changed');
    expect(sent.status_code).toBe(200);
    // The service sends only the new date here: no old value before the arrow.
    expect(lines[0]).toMatch(/^[A-Z]{4}\d{7} pickup_lfd_terminal: -> \d{4}-\d{2}-\d{2}T\S+$/);
  });

  it('rejects a tampered copy of a delivery with 401', async () => {
    const { lines, trigger, post } = await startReceiver();
    const sent = await trigger('shipment.estimated.arrival');
    const tampered = sent.request_body.replace(
      /"estimated_timestamp":"[^"]+"/,
      '"estimated_timestamp":"2030-01-01T00:00:00Z"',
    );
    expect(tampered).not.toBe(sent.request_body);
    expect((await post(tampered, sent.request_headers)).status).toBe(401);
    expect(lines).toHaveLength(2);
  });

  it('acknowledges a redelivery of a notification without processing it again', async () => {
    const { lines, trigger, post } = await startReceiver();
    const sent = await trigger('shipment.estimated.arrival');
    const again = await post(sent.request_body, sent.request_headers);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(lines.filter((line) => line.startsWith('processed'))).toHaveLength(1);
  });

  it('refuses deliveries from addresses missing from the service’s IP list', async () => {
    const allowList = createWebhookIpAllowList({
      baseUrl: service.url,
      apiKey: service.mock.apiKeys()[0] ?? '',
    });
    const { lines, trigger } = await startReceiver({ allowList });
    // The mock lists documentation addresses (192.0.2.0/24, ...), so its loopback deliveries are refused.
    expect((await trigger('container.updated')).status_code).toBe(403);
    expect(lines).toEqual([]);
    expect(allowList.current?.ips).toContain('192.0.2.10');
    allowList.close();
  });

  it('loads the IP list through the SDK client as well', async () => {
    const client = createClient({ apiKey: service.mock.apiKeys()[0], baseUrl: service.url });
    const allowList = createWebhookIpAllowList({ client });
    expect(await allowList.isAllowed('::ffff:192.0.2.10')).toBe(true);
    expect(await allowList.isAllowed('127.0.0.1')).toBe(false);
    allowList.close();
  });
});
