/**
 * The webhook request bodies accept the deliveries the service publishes:
 * per-event reference objects, changes carried by a transport event's
 * `value`, deliveries without `included`, and ports and terminals beside
 * the container.
 */
import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../test-support/contract.js';
import { SERVICE_DELIVERIES, UPDATED_WITH_PORT } from '../../test-support/service-deliveries.js';

const contract = createContractValidator();

describe('spec/openapi.yaml reads the service webhook deliveries', () => {
  it.each(SERVICE_DELIVERIES.map((delivery) => [delivery.name, delivery] as const))(
    'accepts %s',
    (_, delivery) => {
      expect(() => contract.assertWebhookBody(delivery.body)).not.toThrow();
    },
  );

  it('accepts a reference object type nobody knows yet', () => {
    const body = structuredClone(UPDATED_WITH_PORT.body);
    body.data.relationships.reference_object.data.type = 'container_something_changed_event';
    expect(() => contract.assertWebhookBody(body)).not.toThrow();
  });

  it('still rejects an included record of the wrong shape', () => {
    const body = structuredClone(UPDATED_WITH_PORT.body);
    body.included?.push({ id: 'x', type: 'port', attributes: { name: 42 } });
    expect(() => contract.assertWebhookBody(body)).toThrow(/name: must be string/);
  });
});
