import { describe, expect, expectTypeOf, it } from 'vitest';
import { WebhookHandlerError, WebhookSignatureError } from './errors.js';
import type {
  ContainerTransportWebhookEvent,
  TrackingRequestWebhookEvent,
  WebhookEvent,
} from './event-types.js';
import { createWebhookHandler, type WebhookErrorContext } from './handler.js';
import { MemoryIdempotencyStore } from './idempotency.js';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from './sign.js';
import { createSignedDelivery } from './testing.js';

const secret = 'whsec_handler';

function recorder() {
  const errors: { error: Error; context: WebhookErrorContext }[] = [];
  return {
    errors,
    onError: (error: Error, context: WebhookErrorContext) => errors.push({ error, context }),
  };
}

describe('createWebhookHandler', () => {
  it('runs the handler of the event name once, with the typed event, and answers 200', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({
      secret,
      on: {
        'tracking_request.succeeded': (event) => {
          expectTypeOf(event).toEqualTypeOf<
            TrackingRequestWebhookEvent<'tracking_request.succeeded'>
          >();
          seen.push(`${event.name}:${event.shipment?.attributes.bill_of_lading_number}`);
        },
        'container.transport.vessel_loaded': (event) => {
          expectTypeOf(event).toEqualTypeOf<
            ContainerTransportWebhookEvent<'container.transport.vessel_loaded'>
          >();
          seen.push(event.name);
        },
      },
    });
    const delivery = await createSignedDelivery('tracking_request.succeeded', { secret });
    const response = await handler(delivery.toRequest());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(seen).toEqual(['tracking_request.succeeded:MAEU246813579']);
  });

  it('runs onAny after the named handler, for known and unknown events', async () => {
    const seen: string[] = [];
    const handler = createWebhookHandler({
      secret,
      on: { 'container.updated': () => void seen.push('on') },
      onAny: (event: WebhookEvent) => void seen.push(`any:${event.name}`),
    });
    const known = await createSignedDelivery('container.updated', { secret });
    expect((await handler(known.toRequest())).status).toBe(200);
    const body = JSON.stringify({
      data: { id: 'unknown-1', type: 'webhook_notification', attributes: { event: 'new.thing' } },
    });
    const unknown = new Request('http://localhost/', {
      method: 'POST',
      body,
      headers: { [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, secret) },
    });
    expect((await handler(unknown)).status).toBe(200);
    expect(seen).toEqual(['on', 'any:container.updated', 'any:new.thing']);
  });

  it('acknowledges an event without a handler with 200', async () => {
    const handler = createWebhookHandler({ secret, on: {} });
    const delivery = await createSignedDelivery('shipment.estimated.arrival', { secret });
    expect((await handler(delivery.toRequest())).status).toBe(200);
  });

  it('acknowledges a redelivery of the same notification id without processing it again', async () => {
    let runs = 0;
    const handler = createWebhookHandler({
      secret,
      on: { 'container.updated': () => void runs++ },
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    expect((await handler(delivery.toRequest())).status).toBe(200);
    const again = await handler(delivery.toRequest());
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(runs).toBe(1);
  });

  it('answers 500 when a handler throws, reports it, and processes the retry', async () => {
    const { errors, onError } = recorder();
    let attempts = 0;
    const handler = createWebhookHandler({
      secret,
      onError,
      on: {
        'container.updated': () => {
          attempts++;
          if (attempts === 1) throw new Error('database is down');
        },
      },
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    const failed = await handler(delivery.toRequest());
    expect(failed.status).toBe(500);
    const [reported] = errors;
    expect(reported?.error).toBeInstanceOf(WebhookHandlerError);
    expect(reported?.context.status).toBe(500);
    expect(reported?.context.event?.id).toBe(delivery.id);
    expect(reported?.error.cause).toEqual(new Error('database is down'));

    expect((await handler(delivery.toRequest())).status).toBe(200);
    expect(attempts).toBe(2);
  });

  it('answers 401 to a bad or missing signature without running handlers', async () => {
    const { errors, onError } = recorder();
    let runs = 0;
    const handler = createWebhookHandler({
      secret,
      onError,
      on: { 'container.updated': () => void runs++ },
    });
    const delivery = await createSignedDelivery('container.updated', { secret: 'whsec_other' });
    const wrong = await handler(delivery.toRequest());
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'WebhookSignatureError', reason: 'mismatch' });
    const missing = await handler(
      new Request('http://localhost/', { method: 'POST', body: delivery.body }),
    );
    expect(missing.status).toBe(401);
    expect(runs).toBe(0);
    expect(
      errors.map(({ error }) => error instanceof WebhookSignatureError && error.reason),
    ).toEqual(['mismatch', 'missing_header']);
  });

  it('does not let a forged copy of a notification id block the real one', async () => {
    let runs = 0;
    const handler = createWebhookHandler({
      secret,
      onError: () => {},
      on: { 'container.updated': () => void runs++ },
    });
    const real = await createSignedDelivery('container.updated', { secret });
    const forged = await createSignedDelivery('container.updated', {
      secret: 'attacker',
      id: real.id,
    });
    expect((await handler(forged.toRequest())).status).toBe(401);
    expect((await handler(real.toRequest())).status).toBe(200);
    expect(runs).toBe(1);
  });

  it('answers 400 to a signed body that is not JSON', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const body = 'not json';
    const response = await handler(
      new Request('http://localhost/', {
        method: 'POST',
        body,
        headers: { [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, secret) },
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'WebhookPayloadError', reason: 'invalid_json' });
  });

  it('answers 405 to methods other than POST', async () => {
    const handler = createWebhookHandler({ secret, onError: () => {} });
    const response = await handler(new Request('http://localhost/'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('processes redeliveries again when deduplication is turned off', async () => {
    let runs = 0;
    const handler = createWebhookHandler({
      secret,
      idempotency: false,
      on: { 'container.updated': () => void runs++ },
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    await handler(delivery.toRequest());
    await handler(delivery.toRequest());
    expect(runs).toBe(2);
  });

  it('uses the given store and time to live', async () => {
    const store = new MemoryIdempotencyStore();
    const handler = createWebhookHandler({ secret, idempotency: store, idempotencyTtlMs: 5_000 });
    const delivery = await createSignedDelivery('container.updated', { secret });
    await handler(delivery.toRequest());
    expect(await store.claim(delivery.id, 5_000)).toBe('done');
  });

  it('answers 500 and keeps the id claimable when the store fails', async () => {
    const { errors, onError } = recorder();
    const handler = createWebhookHandler({
      secret,
      onError,
      idempotency: {
        claim: () => Promise.reject(new Error('redis unreachable')),
        complete: () => Promise.resolve(),
        release: () => Promise.resolve(),
      },
    });
    const delivery = await createSignedDelivery('container.updated', { secret });
    expect((await handler(delivery.toRequest())).status).toBe(500);
    expect(errors[0]?.error).toBeInstanceOf(WebhookHandlerError);
  });

  it('refuses to start without a secret', () => {
    expect(() => createWebhookHandler({ secret: [] })).toThrow(/No webhook secret/);
  });
});
