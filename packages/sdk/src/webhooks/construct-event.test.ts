import { describe, expect, expectTypeOf, it } from 'vitest';
import { constructEvent } from './construct-event.js';
import { WebhookPayloadError, WebhookRawBodyError, WebhookSignatureError } from './errors.js';
import { WEBHOOK_EVENT_NAMES } from './event-names.js';
import type { WebhookEvent, WebhookRawTrackingRequest } from './event-types.js';
import { createSampleWebhookPayload } from './sample-payload.js';
import { signPayload } from './sign.js';
import { createSignedDelivery } from './testing.js';

const secret = 'whsec_construct';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

async function signatureFailure(promise: Promise<unknown>): Promise<string> {
  const error = await rejection(promise);
  if (!(error instanceof WebhookSignatureError)) throw error;
  return error.reason;
}

async function payloadFailure(promise: Promise<unknown>): Promise<string> {
  const error = await rejection(promise);
  if (!(error instanceof WebhookPayloadError)) throw error;
  return error.reason;
}

const signed = async (body: string) => ({
  'x-svc-webhook-signature': await signPayload(body, secret),
});

describe('constructEvent', () => {
  it('verifies and parses a delivery into the typed event of its name', async () => {
    const delivery = await createSignedDelivery('tracking_request.succeeded', { secret });
    const event = await constructEvent(delivery.body, delivery.headers, secret);
    expect(event.id).toBe(delivery.id);
    expect(event.name).toBe('tracking_request.succeeded');
    expect(event.raw).toEqual(delivery.payload);
    // Known events are told apart from unknown ones first; then `name` narrows exactly.
    if (event.family === 'unknown' || event.name !== 'tracking_request.succeeded') {
      throw new Error(`expected tracking_request.succeeded, got ${event.name}`);
    }
    expectTypeOf(event.trackingRequest).toEqualTypeOf<WebhookRawTrackingRequest | undefined>();
    // Open: the known statuses autocomplete, and a status the SDK does not know yet still fits.
    expectTypeOf(event.trackingRequest?.attributes.status).toEqualTypeOf<
      | 'pending'
      | 'awaiting_manifest'
      | 'created'
      | 'failed'
      | 'tracking_stopped'
      | (string & {})
      | undefined
    >();
    expect(event.trackingRequest?.attributes.status).toBe('created');
    expect(event.shipment?.attributes.bill_of_lading_number).toBe('MAEU246813579');
    expect(event.containers.map((container) => container.attributes.number)).toEqual([
      'CSQU3054383',
    ]);
    expect(event.referenceObject).toBe(event.trackingRequest);
  });

  it.each(WEBHOOK_EVENT_NAMES)('gives %s its family and resolved records', async (name) => {
    const delivery = await createSignedDelivery(name, { secret });
    const event = await constructEvent(delivery.body, new Headers(delivery.headers), secret);
    expect(event.name).toBe(name);
    switch (event.family) {
      case 'tracking_request':
        expect(event.trackingRequest?.type).toBe('tracking_request');
        break;
      case 'container_transport':
        if (!('included' in event.raw)) {
          // Sent without included, as the service sends it: the reference object is named only.
          expect(event.transportEvent).toBeUndefined();
          expect(event.referenceObjectType).toBe('transport_event');
          break;
        }
        expect(event.transportEvent?.attributes.event).toBe(name);
        expect(event.container?.type).toBe('container');
        expect(event.shipment?.type).toBe('shipment');
        // A port, or the metro area of an inland milestone: the place the event's locode names.
        expect(['port', 'metro_area']).toContain(event.location?.type);
        expect(event.location?.attributes?.code).toBe(
          event.transportEvent?.attributes.location_locode,
        );
        break;
      case 'container_change':
        expect(event.container?.type).toBe('container');
        expect(event.shipment?.type).toBe('shipment');
        expect(event.terminal?.type).toBe('terminal');
        // Per-event records carry no change; every other change event says what changed.
        if (name === 'container.created' || name === 'container.pod_terminal_changed') {
          expect(event.changes).toEqual([]);
        } else expect(event.changes.length).toBeGreaterThan(0);
        break;
      case 'shipment_estimate':
        expect(event.estimatedEvent?.type).toBe('estimated_event');
        expect(event.port?.attributes.code).toBe('USLAX');
        break;
      case 'unknown':
        throw new Error(`${name} was not recognised`);
    }
  });

  it('follows relationships, leaving one sent as null empty even when a record of its type is included', async () => {
    // Loading at Shanghai happens at no terminal; here the pod terminal rides along in included.
    const payload = createSampleWebhookPayload('container.transport.vessel_loaded');
    const podTerminal = createSampleWebhookPayload(
      'container.transport.vessel_arrived',
    ).included?.find((record) => record.type === 'terminal');
    if (podTerminal === undefined) throw new Error('vessel_arrived includes the pod terminal');
    payload.included?.push(podTerminal);
    const atOrigin = await createSignedDelivery('container.transport.vessel_loaded', {
      secret,
      payload,
    });
    const loaded = await constructEvent(atOrigin.body, atOrigin.headers, secret);
    if (loaded.family !== 'container_transport') throw new Error(loaded.family);
    expect(loaded.findIncluded('terminal')).toBeDefined();
    expect(loaded.terminal).toBeUndefined();
    expect(loaded.location?.attributes?.code).toBe('CNSHA');

    const atDischarge = await createSignedDelivery('container.transport.vessel_arrived', {
      secret,
    });
    const arrived = await constructEvent(atDischarge.body, atDischarge.headers, secret);
    if (arrived.family !== 'container_transport') throw new Error(arrived.family);
    expect(arrived.terminal?.attributes?.name).toBe('APM Terminals Pier 400');
    expect(arrived.location?.attributes?.code).toBe('USLAX');
  });

  it.each([
    ['an object', { '0': { id: 'c1', type: 'container', attributes: {} } }],
    [
      'a list with scalars and null',
      [1, 'two', null, { id: 'c1', type: 'container', attributes: {} }],
    ],
    ['absent', undefined],
  ])(
    'reads a delivery whose included is %s, keeping only resource objects',
    async (_name, included) => {
      const body = JSON.stringify({
        data: {
          id: 'f9e2d3c4-0000-4000-8000-000000000002',
          type: 'webhook_notification',
          attributes: { event: 'container.updated', created_at: '2025-01-01T00:00:00Z' },
        },
        included,
      });
      const event = await constructEvent(body, await signed(body), secret);
      expect(event.name).toBe('container.updated');
      expect(event.included.every((resource) => typeof resource.id === 'string')).toBe(true);
      expect(event.mapped.notification.id).toBe('f9e2d3c4-0000-4000-8000-000000000002');
    },
  );

  it('passes an unknown event name through as a generic event', async () => {
    const body = JSON.stringify({
      data: {
        id: 'f9e2d3c4-0000-4000-8000-000000000001',
        type: 'webhook_notification',
        attributes: {
          event: 'vessel.teleported',
          delivery_status: 'pending',
          created_at: '2025-01-01T00:00:00Z',
        },
      },
      included: [{ id: 'x', type: 'wormhole', attributes: { depth: 3 } }],
    });
    const event: WebhookEvent = await constructEvent(body, await signed(body), secret);
    expect(event.family).toBe('unknown');
    expect(event.name).toBe('vessel.teleported');
    expect(event.findIncluded('wormhole')?.attributes).toEqual({ depth: 3 });
  });

  it('rejects a delivery without the signature header', async () => {
    const delivery = await createSignedDelivery('container.updated', { secret });
    expect(await signatureFailure(constructEvent(delivery.body, {}, secret))).toBe(
      'missing_header',
    );
  });

  it('rejects a wrong signature and a signature made with another secret', async () => {
    const delivery = await createSignedDelivery('container.updated', { secret });
    const wrong = { 'x-svc-webhook-signature': 'ab'.repeat(32) };
    expect(await signatureFailure(constructEvent(delivery.body, wrong, secret))).toBe('mismatch');
    const other = { 'x-svc-webhook-signature': await signPayload(delivery.body, 'whsec_other') };
    expect(await signatureFailure(constructEvent(delivery.body, other, secret))).toBe('mismatch');
  });

  it('rejects a truncated or altered body', async () => {
    const delivery = await createSignedDelivery('container.updated', { secret });
    const truncated = delivery.body.slice(0, -10);
    expect(await signatureFailure(constructEvent(truncated, delivery.headers, secret))).toBe(
      'mismatch',
    );
    const altered = delivery.body.replace('CSQU3054383', 'CSQU3054384');
    expect(await signatureFailure(constructEvent(altered, delivery.headers, secret))).toBe(
      'mismatch',
    );
  });

  it('rejects a non-hex or wrong-length signature as malformed', async () => {
    const delivery = await createSignedDelivery('container.updated', { secret });
    const nonHex = { 'x-svc-webhook-signature': 'g'.repeat(64) };
    const short = { 'x-svc-webhook-signature': delivery.signature.slice(0, 40) };
    expect(await signatureFailure(constructEvent(delivery.body, nonHex, secret))).toBe(
      'malformed_signature',
    );
    expect(await signatureFailure(constructEvent(delivery.body, short, secret))).toBe(
      'malformed_signature',
    );
  });

  it('rejects duplicate signature headers', async () => {
    const delivery = await createSignedDelivery('container.updated', { secret });
    const headers = { 'x-svc-webhook-signature': [delivery.signature, delivery.signature] };
    expect(await signatureFailure(constructEvent(delivery.body, headers, secret))).toBe(
      'duplicate_header',
    );
  });

  it('rejects an empty body, even when correctly signed', async () => {
    expect(await payloadFailure(constructEvent('', await signed(''), secret))).toBe('empty_body');
  });

  it('rejects invalid JSON that carries a valid signature', async () => {
    const body = '{"data": {"id": "1", ';
    expect(await payloadFailure(constructEvent(body, await signed(body), secret))).toBe(
      'invalid_json',
    );
  });

  it('rejects JSON that is not a webhook notification', async () => {
    for (const body of ['[]', '{"data":{"id":"1","type":"x","attributes":{}}}', '{"errors":[]}']) {
      expect(await payloadFailure(constructEvent(body, await signed(body), secret))).toBe(
        'not_a_notification',
      );
    }
  });

  it('explains raw bodies when given a parsed object', async () => {
    const delivery = await createSignedDelivery('container.updated', { secret });
    // Deliberately bypasses the types, as a JavaScript caller with a parsed body would.
    const parsed = JSON.parse(delivery.body) as string;
    expect(await rejection(constructEvent(parsed, delivery.headers, secret))).toBeInstanceOf(
      WebhookRawBodyError,
    );
  });
});
