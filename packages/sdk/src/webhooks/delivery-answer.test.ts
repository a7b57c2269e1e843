import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toWebhookHandler, type WebhookDelivery } from './delivery-answer.js';
import { createWebhookHandler } from './handler.js';
import { toNodeHandler } from './node-adapter.js';
import type { RawBody } from './raw-body.js';
import { createSignedDelivery } from './testing.js';

const secret = 'whsec_answer';
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

async function listen(listener: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

/** A raw body as text. */
function text(body: RawBody): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

/** A delivery as its parts, counting the reads of its body. */
function parts(
  method: string,
  headers: Record<string, string>,
  body: string,
): WebhookDelivery & { reads: number } {
  const delivery = {
    method,
    headers,
    reads: 0,
    readBody: async () => {
      delivery.reads += 1;
      return body;
    },
  };
  return delivery;
}

describe('a delivery given as its parts', () => {
  it('is answered as its Request would be: 200 once, then a duplicate', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({ secret, onAny: (event) => void seen.push(event.id) });
    const signed = await createSignedDelivery('container.updated', { secret });

    const first = await handler.answer(parts('POST', signed.headers, signed.body));
    const again = await handler(
      new Request('http://receiver/webhooks', {
        method: 'POST',
        headers: signed.headers,
        body: signed.body,
      }),
    );

    expect(first).toEqual({ status: 200, body: { received: true } });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(seen).toEqual([signed.id]);
  });

  it('is not read without a signature header (401), nor for another method (405, Allow)', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const signed = await createSignedDelivery('container.updated', { secret });
    const unsigned = parts('POST', { 'content-type': 'application/json' }, signed.body);
    const get = parts('GET', signed.headers, '');

    const refused = await handler.answer(unsigned);
    const wrongMethod = await handler.answer(get);

    expect(refused).toEqual({
      status: 401,
      body: { error: 'WebhookSignatureError', reason: 'missing_header' },
    });
    expect(unsigned.reads).toBe(0);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers).toEqual({ allow: 'POST' });
    expect(get.reads).toBe(0);
  });

  it('toWebhookHandler turns an answer into a Response with its status, JSON and headers', async () => {
    const handler = toWebhookHandler(async (delivery) => ({
      status: 503,
      body: {
        error: 'Unavailable',
        method: delivery.method,
        body: text(await delivery.readBody()),
      },
      headers: { 'retry-after': '30' },
    }));

    const response = await handler(
      new Request('http://receiver/webhooks', { method: 'POST', body: 'hello' }),
    );

    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toEqual({ error: 'Unavailable', method: 'POST', body: 'hello' });
  });

  it('toNodeHandler hands a node:http delivery to `answer`, building no Request', async () => {
    const inner = createWebhookHandler({ secret });
    let requests = 0;
    // The same handler, counting the Requests it is called with.
    const counted = Object.assign(
      async (request: Request) => {
        requests += 1;
        return inner(request);
      },
      { answer: inner.answer },
    );
    const url = await listen(toNodeHandler(counted));
    const signed = await createSignedDelivery('container.updated', { secret });

    const response = await fetch(url, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ received: true });
    expect(requests).toBe(0);
  });

  it('toNodeHandler still gives a handler without `answer` a Request', async () => {
    const seen: string[] = [];
    const url = await listen(
      toNodeHandler(async (request) => {
        seen.push(`${request.method} ${await request.text()}`);
        return new Response(null, { status: 204 });
      }),
    );

    const response = await fetch(url, { method: 'POST', body: 'ping' });

    expect(response.status).toBe(204);
    expect(seen).toEqual(['POST ping']);
  });
});
