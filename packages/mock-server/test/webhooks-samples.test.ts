import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../test-support/contract.js';
import { WEBHOOK_EVENT_NAMES } from '../src/engine/webhooks/events.js';
import { sampleDelivery } from '../src/engine/webhooks/samples.js';

const contract = createContractValidator();

describe('sample deliveries', () => {
  it.each(WEBHOOK_EVENT_NAMES)('gives a spec-valid delivery of %s', (event) => {
    const sample = sampleDelivery(event);
    expect(sample?.data.attributes.event).toBe(event);
    contract.assertWebhookBody(JSON.parse(JSON.stringify(sample)));
  });

  it('puts the reference object first in included', () => {
    for (const event of WEBHOOK_EVENT_NAMES) {
      const sample = sampleDelivery(event);
      const reference = sample?.data.relationships?.reference_object?.data;
      expect(reference).toEqual({ type: sample?.included[0]?.type, id: sample?.included[0]?.id });
    }
  });

  it('includes the shipment and its container once a tracking request succeeded', () => {
    const types = (event: string) => sampleDelivery(event)?.included.map((r) => r.type);
    expect(types('tracking_request.succeeded')).toEqual([
      'tracking_request',
      'shipment',
      'container',
    ]);
    expect(types('tracking_request.failed')).toEqual(['tracking_request']);
    expect(types('container.created')).toEqual(['container', 'shipment', 'terminal']);
    expect(types('shipment.estimated.arrival')).toEqual(['estimated_event', 'shipment', 'port']);
  });

  it('knows no sample of an unknown event', () => {
    expect(sampleDelivery('container.exploded')).toBeUndefined();
  });
});
