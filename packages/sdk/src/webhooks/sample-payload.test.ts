import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../../test-support/contract.js';
import { WEBHOOK_EVENT_NAMES } from './event-names.js';
import { createSampleWebhookPayload } from './sample-payload.js';
import { createSignedDelivery } from './testing.js';
import { verifySignature } from './verify.js';

const contract = createContractValidator();

describe('createSampleWebhookPayload', () => {
  it.each(WEBHOOK_EVENT_NAMES)('builds a %s delivery that matches the spec', (name) => {
    const payload = createSampleWebhookPayload(name);
    expect(payload.data.attributes.event).toBe(name);
    contract.assertWebhookBody(payload);
  });

  it('gives each notification a fresh id unless one is given', () => {
    const first = createSampleWebhookPayload('container.updated');
    const second = createSampleWebhookPayload('container.updated');
    expect(first.data.id).not.toBe(second.data.id);
    expect(createSampleWebhookPayload('container.updated', { id: 'n-1' }).data.id).toBe('n-1');
  });
});

describe('createSignedDelivery', () => {
  it('signs the exact body it returns, under the signature header', async () => {
    const delivery = await createSignedDelivery('tracking_request.failed', {
      secret: 'whsec_t',
      headers: { 'x-tenant': 'acme' },
    });
    expect(delivery.headers['X-SVC-Webhook-Signature']).toBe(delivery.signature);
    expect(delivery.headers['x-tenant']).toBe('acme');
    expect(JSON.parse(delivery.body)).toEqual(delivery.payload);
    expect(await verifySignature(delivery.body, delivery.signature, 'whsec_t')).toBe(true);
    const request = delivery.toRequest('https://example.test/hook');
    expect(request.method).toBe('POST');
    expect(await request.text()).toBe(delivery.body);
  });
});
