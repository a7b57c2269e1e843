/**
 * Drives the example with real deliveries from the mock service: the mock
 * signs and posts them when a tracking request succeeds (on its manual
 * clock), and `POST /v2/webhooks/trigger` sends a sample on demand.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookApp, WEBHOOK_PATH } from '../src/app.js';

let service: RunningMockServer;
let server: Server;
let receiverUrl: string;
let webhookId: string;
let secret: string;
const lines: string[] = [];

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

/** Sends the sample delivery of `event` to the receiver and returns what the mock sent. */
async function trigger(event: string) {
  const { body } = await api('/webhooks/trigger', {
    method: 'POST',
    body: { url: receiverUrl, event, secret },
  });
  return body as {
    status_code: number;
    request_headers: Record<string, string>;
    request_body: string;
  };
}

const post = (body: string, headers: Record<string, string>) =>
  fetch(receiverUrl, { method: 'POST', headers, body });

beforeAll(async () => {
  service = await startMockServer({ clock: { mode: 'manual' }, dataset: 'empty' });
  // The secret exists once the webhook does; the receiver's URL once it listens: create, listen, then point the webhook at it.
  const created = await api('/webhooks', {
    method: 'POST',
    body: {
      data: {
        type: 'webhook',
        attributes: {
          url: 'http://127.0.0.1:9/pending',
          active: true,
          events: ['tracking_request.succeeded'],
        },
      },
    },
  });
  webhookId = created.body.data.id;
  secret = created.body.data.attributes.secret;
  const app = createWebhookApp({ secret, record: (line) => lines.push(line) });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  await api(`/webhooks/${webhookId}`, {
    method: 'PATCH',
    body: {
      data: {
        type: 'webhook',
        attributes: { url: receiverUrl, active: true, events: ['tracking_request.succeeded'] },
      },
    },
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

describe('the Express webhook example, fed by the mock service', () => {
  it('processes the delivery of a succeeded tracking request once', async () => {
    const request = await api('/tracking_requests', {
      method: 'POST',
      body: {
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'bill_of_lading',
            request_number: 'MAEU240000123',
            scac: 'MAEU',
          },
        },
      },
    });
    expect(request.status).toBe(201);
    const processed = () =>
      lines.filter((line) => line.startsWith('processed tracking_request.succeeded'));
    // Simulated time: each advance runs the carrier lookup and the deliveries that fall due.
    for (let step = 0; step < 48 && processed().length === 0; step++)
      await service.mock.advance(300);

    expect(processed()).toHaveLength(1);
    expect(lines).toContainEqual(
      expect.stringMatching(/^now tracking MAEU240000123 with \d+ container\(s\)$/),
    );
    const notificationId = processed()[0]?.split(' ')[2];
    const notification = await api(`/webhook_notifications/${notificationId}`);
    expect(notification.body.data.attributes.delivery_status).toBe('succeeded');
  });

  it('rejects a tampered copy of a delivery with 401', async () => {
    const sent = await trigger('tracking_request.succeeded');
    expect(sent.status_code).toBe(200);
    const before = lines.length;
    const tampered = sent.request_body.replace('"pending"', '"failed"');
    expect((await post(tampered, sent.request_headers)).status).toBe(401);
    expect(lines).toHaveLength(before);
  });

  it('words what a container.updated delivery changed', async () => {
    const sent = await trigger('container.updated');
    expect(sent.status_code).toBe(200);
    expect(lines).toContainEqual(
      expect.stringMatching(/^[A-Z]{4}\d{7} changed: available_for_pickup: false -> true(; |$)/),
    );
  });

  it('acknowledges a redelivery of a notification without processing it again', async () => {
    const sent = await trigger('tracking_request.succeeded');
    const id = JSON.parse(sent.request_body).data.id as string;
    const again = await post(sent.request_body, sent.request_headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(lines.filter((line) => line.includes(id))).toHaveLength(1);
  });

  it('accepts a delivery larger than body parsers take by default (100 kB)', async () => {
    const sent = await trigger('tracking_request.succeeded');
    const delivery = JSON.parse(sent.request_body) as {
      data: { id: string };
      included: Array<{ type: string; id: string }>;
    };
    // A bill of lading with many containers: repeat the container record under new ids.
    const container = delivery.included.find((item) => item.type === 'container');
    if (container === undefined) throw new Error('the sample has no container');
    for (let index = 0; delivery.included.length < 200; index++) {
      delivery.included.push({
        ...container,
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      });
    }
    delivery.data.id = '7f3c1a52-9d4e-4b8a-a6f1-0c2d3e4f5a6b';
    const body = JSON.stringify(delivery);
    expect(body.length).toBeGreaterThan(150_000);
    const answer = await post(body, {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, secret),
    });
    expect(answer.status).toBe(200);
    expect(lines).toContain(`processed tracking_request.succeeded ${delivery.data.id}`);
  });
});
