import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookHandler } from './handler.js';
import { toNodeHandler } from './node-adapter.js';
import { createSignedDelivery } from './testing.js';

const secret = 'whsec_node';
const servers: Server[] = [];

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('toNodeHandler', () => {
  it('reads the raw body from the stream, runs the handler once and deduplicates', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({
      secret,
      on: { 'container.transport.vessel_arrived': (event) => void seen.push(event.id) },
    });
    const url = await listen(toNodeHandler(handler));
    const delivery = await createSignedDelivery('container.transport.vessel_arrived', { secret });
    const send = () =>
      fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });

    const first = await send();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    const second = await send();
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    expect(seen).toEqual([delivery.id]);
  });

  it('rejects a tampered delivery with 401', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const url = await listen(toNodeHandler(handler));
    const delivery = await createSignedDelivery('container.updated', { secret });
    const response = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body.replace('"pending"', '"succeeded"'),
    });
    expect(response.status).toBe(401);
  });

  it('uses a Buffer req.body left by express.raw()', async () => {
    const handler = createWebhookHandler({ secret });
    const adapter = toNodeHandler(handler);
    const url = await listen(async (req, res) => {
      const raw = Object.assign(req, { body: await readAll(req) });
      adapter(raw, res);
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    const response = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(response.status).toBe(200);
  });

  it('uses req.rawBody when a framework kept it next to a parsed body', async () => {
    const handler = createWebhookHandler({ secret });
    const adapter = toNodeHandler(handler);
    const url = await listen(async (req, res) => {
      const rawBody = await readAll(req);
      adapter(Object.assign(req, { rawBody, body: JSON.parse(rawBody.toString('utf8')) }), res);
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    const response = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(response.status).toBe(200);
  });

  it('answers 500 and says to mount express.raw when a JSON parser consumed the body', async () => {
    const reported: Error[] = [];
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const adapter = toNodeHandler(handler, { onError: (error) => void reported.push(error) });
    const url = await listen(async (req, res) => {
      const parsed: unknown = JSON.parse((await readAll(req)).toString('utf8'));
      adapter(Object.assign(req, { body: parsed }), res);
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    const response = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(response.status).toBe(500);
    expect(reported[0]?.name).toBe('WebhookRawBodyError');
    expect(reported[0]?.message).toContain("express.raw({ type: 'application/json' })");
    expect(reported[0]?.message).not.toContain(secret);
  });

  it("tells the wrapped handler's onError about bodies it could not read", async () => {
    const reported: { name: string; status: number }[] = [];
    const handler = createWebhookHandler({
      secret,
      onError: (error, { status }) => void reported.push({ name: error.name, status }),
    });
    const adapter = toNodeHandler(handler);
    const url = await listen(async (req, res) => {
      const parsed: unknown = JSON.parse((await readAll(req)).toString('utf8'));
      adapter(Object.assign(req, { body: parsed }), res);
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    await fetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body });
    expect(reported).toEqual([{ name: 'WebhookRawBodyError', status: 500 }]);
  });

  it('answers 413 to a body over the limit', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const url = await listen(toNodeHandler(handler, { maxBodyBytes: 1_000, onError: () => {} }));
    const delivery = await createSignedDelivery('container.updated', { secret });
    const response = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(response.status).toBe(413);
  });

  /** A request whose body must not be read: asking for it is recorded, and fails at once. */
  function unreadRequest(headers: Record<string, string>) {
    const reads: string[] = [];
    const request = {
      method: 'POST',
      url: '/webhooks',
      headers,
      // The body is never given, only asked for.
      on: () => {
        reads.push('read');
        throw new Error('the body was read');
      },
      off: () => {},
      pause: () => {},
    };
    return { request, reads };
  }

  /** A response that records what the adapter answered. */
  function recordingResponse() {
    const headers = new Map<string, string>();
    let resolveEnded: (body: string) => void = () => {};
    const ended = new Promise<string>((resolve) => {
      resolveEnded = resolve;
    });
    const response = {
      statusCode: 0,
      setHeader: (name: string, value: string) => void headers.set(name, value),
      end: (chunk?: Uint8Array) => resolveEnded(new TextDecoder().decode(chunk)),
    };
    return { response, headers, ended };
  }

  it('answers 413 at once to a declared length over the limit, reading nothing', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const delivery = await createSignedDelivery('container.updated', { secret });
    const { request, reads } = unreadRequest({
      'content-type': 'application/json',
      'x-svc-webhook-signature': delivery.signature,
      'content-length': '1001',
    });
    const { response, headers, ended } = recordingResponse();
    toNodeHandler(handler, { maxBodyBytes: 1_000 })(request, response);
    expect(JSON.parse(await ended)).toEqual({ error: 'WebhookPayloadError', reason: 'too_large' });
    expect(response.statusCode).toBe(413);
    expect(headers.get('connection')).toBe('close');
    expect(reads).toEqual([]);
  });

  it('answers 401 to a delivery without a signature header before reading its body', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const { request, reads } = unreadRequest({
      'content-type': 'application/json',
      'content-length': '500',
    });
    const { response, headers, ended } = recordingResponse();
    toNodeHandler(handler)(request, response);
    expect(JSON.parse(await ended)).toEqual({
      error: 'WebhookSignatureError',
      reason: 'missing_header',
    });
    expect(response.statusCode).toBe(401);
    expect(headers.get('connection')).toBe('close');
    expect(reads).toEqual([]);
  });

  it('passes repeated signature headers on, so they are rejected', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const url = await listen(toNodeHandler(handler));
    const delivery = await createSignedDelivery('container.updated', { secret });
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('x-svc-webhook-signature', delivery.signature);
    headers.append('x-svc-webhook-signature', delivery.signature);
    const response = await fetch(url, { method: 'POST', headers, body: delivery.body });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'WebhookSignatureError',
      reason: 'duplicate_header',
    });
  });
});
