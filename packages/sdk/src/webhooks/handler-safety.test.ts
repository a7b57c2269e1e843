/**
 * What keeps a notification from being lost or processed twice when
 * deliveries overlap or the idempotency store fails, and what bounds the
 * work one request can cause.
 */
import { describe, expect, it } from 'vitest';
import {
  WebhookHandlerError,
  WebhookInProgressError,
  type WebhookPayloadError,
  WebhookRawBodyError,
} from './errors.js';
import { createWebhookHandler, type WebhookErrorContext } from './handler.js';
import { type IdempotencyStore, MemoryIdempotencyStore } from './idempotency.js';
import { WEBHOOK_SIGNATURE_HEADER } from './sign.js';
import { createSignedDelivery } from './testing.js';

const secret = 'whsec_safety';

function recorder() {
  const errors: { error: Error; context: WebhookErrorContext }[] = [];
  return {
    errors,
    onError: (error: Error, context: WebhookErrorContext) => void errors.push({ error, context }),
  };
}

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('overlapping deliveries of one notification', () => {
  it('answers 409 to a retry that arrives while the first attempt runs, then processes the retry after the first failed', async () => {
    const { errors, onError } = recorder();
    const started = gate();
    const slow = gate();
    let attempts = 0;
    const handler = createWebhookHandler({
      secret,
      onError,
      on: {
        'container.updated': async () => {
          attempts += 1;
          if (attempts === 1) {
            started.open();
            await slow.opened;
            throw new Error('database down');
          }
        },
      },
    });
    const delivery = await createSignedDelivery('container.updated', { secret });

    const first = handler(delivery.toRequest());
    await started.opened;
    const overlapping = await handler(delivery.toRequest());
    expect(overlapping.status).toBe(409);
    expect(errors[0]?.error).toBeInstanceOf(WebhookInProgressError);

    slow.open();
    expect((await first).status).toBe(500);
    const retry = await handler(delivery.toRequest());
    expect(retry.status).toBe(200);
    expect(attempts).toBe(2);
    const duplicate = await handler(delivery.toRequest());
    expect(await duplicate.json()).toEqual({ received: true, duplicate: true });
    expect(attempts).toBe(2);
  });

  it('takes the claim over once its lease expired (the process that held it died)', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ now: () => now });
    const delivery = await createSignedDelivery('container.updated', { secret });
    expect(await store.claim(delivery.id, 1_000)).toBe('claimed'); // the attempt that died
    let runs = 0;
    const handler = createWebhookHandler({
      secret,
      onError: () => {},
      idempotency: store,
      idempotencyLeaseMs: 1_000,
      on: { 'container.updated': () => void runs++ },
    });
    expect((await handler(delivery.toRequest())).status).toBe(409);
    now = 1_000;
    expect((await handler(delivery.toRequest())).status).toBe(200);
    expect(runs).toBe(1);
  });
});

describe('idempotency store failures', () => {
  const failing = (overrides: Partial<IdempotencyStore>): IdempotencyStore => {
    const memory = new MemoryIdempotencyStore();
    return {
      claim: (id, leaseMs) => memory.claim(id, leaseMs),
      complete: (id, ttlMs) => memory.complete(id, ttlMs),
      release: (id) => memory.release(id),
      ...overrides,
    };
  };

  it('reports a release that failed, besides the handler error', async () => {
    const { errors, onError } = recorder();
    const handler = createWebhookHandler({
      secret,
      onError,
      idempotency: failing({ release: () => Promise.reject(new Error('redis unreachable')) }),
      on: {
        'container.updated': () => {
          throw new Error('handler failed');
        },
      },
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    expect((await handler(delivery.toRequest())).status).toBe(500);
    const causes = errors.map(({ error }) => (error.cause as Error | undefined)?.message);
    expect(causes).toEqual(['redis unreachable', 'handler failed']);
    expect(errors.every(({ error }) => error instanceof WebhookHandlerError)).toBe(true);
  });

  it('answers 200 when the work was done but could not be recorded, and says so', async () => {
    const { errors, onError } = recorder();
    let runs = 0;
    const handler = createWebhookHandler({
      secret,
      onError,
      idempotency: failing({ complete: () => Promise.reject(new Error('redis unreachable')) }),
      on: { 'container.updated': () => void runs++ },
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    expect((await handler(delivery.toRequest())).status).toBe(200);
    expect(runs).toBe(1);
    expect(errors[0]?.context.status).toBe(200);
    expect(errors[0]?.error.cause).toMatchObject({ message: 'redis unreachable' });
  });
});

describe('request bodies', () => {
  it('answers 401 to a delivery without a signature without reading its body', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const request = new Request('http://localhost/', { method: 'POST', body: 'x'.repeat(1000) });
    expect((await handler(request)).status).toBe(401);
    expect(request.bodyUsed).toBe(false);
  });

  it('answers 413 to a body over maxBodyBytes, declared or streamed', async () => {
    const { errors, onError } = recorder();
    const handler = createWebhookHandler({ secret, onError, maxBodyBytes: 1_024 });
    const headers = { [WEBHOOK_SIGNATURE_HEADER]: 'a'.repeat(64) };
    const declared = new Request('http://localhost/', {
      method: 'POST',
      headers: { ...headers, 'content-length': '5000' },
      body: 'x'.repeat(5000),
    });
    const declaredAnswer = await handler(declared);
    expect(declaredAnswer.status).toBe(413);
    expect(declared.bodyUsed).toBe(false);

    const chunk = new TextEncoder().encode('x'.repeat(600));
    let pulled = 0;
    const streamed = new Request('http://localhost/', {
      method: 'POST',
      headers,
      duplex: 'half',
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(chunk);
        },
      }),
    } as RequestInit);
    const streamedAnswer = await handler(streamed);
    expect(streamedAnswer.status).toBe(413);
    expect(await streamedAnswer.json()).toEqual({
      error: 'WebhookPayloadError',
      reason: 'too_large',
    });
    expect(pulled).toBeLessThan(5);
    expect(errors.map(({ error }) => (error as WebhookPayloadError).reason)).toEqual([
      'too_large',
      'too_large',
    ]);
  });

  it('explains a body a middleware already read, and answers 500 so the service retries', async () => {
    const { errors, onError } = recorder();
    const handler = createWebhookHandler({ secret, onError });
    const delivery = await createSignedDelivery('container.updated', { secret });
    const request = delivery.toRequest();
    await request.json(); // what `await c.req.json()` in a middleware does
    const response = await handler(request);
    expect(response.status).toBe(500);
    expect(errors[0]?.error).toBeInstanceOf(WebhookRawBodyError);
    expect(errors[0]?.error.message).toContain('already read');
  });

  it('refuses a body limit that is not a positive integer', () => {
    expect(() => createWebhookHandler({ secret, maxBodyBytes: 0 })).toThrow(/maxBodyBytes/);
  });
});
