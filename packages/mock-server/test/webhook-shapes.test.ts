/**
 * The mock sends webhooks in the shapes the service publishes: per-event
 * reference objects, last free day and appointment changes carried by a
 * transport event's `value`, deliveries without `included`, and the port
 * beside the container. Its samples and its lifecycles agree.
 */
import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../test-support/contract.js';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { WEBHOOK_EVENT_NAMES } from '../src/engine/webhooks/events.js';
import { sampleDelivery } from '../src/engine/webhooks/samples.js';
import { createMockServer } from '../src/index.js';
import { TEST_START, trackingRequestBody } from './harness.js';

const contract = createContractValidator();

type Body = {
  data: {
    attributes: { event: string };
    relationships: { reference_object: { data: { type: string } } };
  };
  included?: Array<{ type: string; attributes: Record<string, unknown> }>;
};

describe('webhook shapes of the mock', () => {
  it('refers container.created and pod terminal changes to their own event records', () => {
    const created = sampleDelivery('container.created');
    expect(created?.data.relationships?.reference_object?.data).toMatchObject({
      type: 'container_created_event',
    });
    const moved = sampleDelivery('container.pod_terminal_changed');
    const reference = moved?.included?.[0];
    expect(reference?.type).toBe('container_pod_terminal_changed_event');
    expect(reference?.attributes).not.toHaveProperty('changeset');
    expect(Object.keys(reference?.relationships ?? {}).sort()).toEqual([
      'container',
      'shipment',
      'terminal',
    ]);
  });

  it.each([
    'container.pickup_lfd_terminal.changed',
    'container.pickup_lfd_rail.changed',
    'container.pickup_appointment.changed',
  ])('carries %s by a transport event whose value holds the new date', (event) => {
    const sample = sampleDelivery(event);
    expect(sample?.data.relationships?.reference_object?.data).toMatchObject({
      type: 'transport_event',
    });
    const carrier = sample?.included?.[0];
    expect(carrier?.attributes.event).toBe(event);
    expect(carrier?.attributes.value).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it.each([
    'container.transport.available',
    'container.transport.not_available',
    'container.transport.delivered',
  ])('sends %s without included', (event) => {
    const sample = JSON.parse(JSON.stringify(sampleDelivery(event)));
    expect(sample).not.toHaveProperty('included');
    contract.assertWebhookBody(sample);
  });

  it('includes the port of discharge beside the container of container.updated', () => {
    const types = sampleDelivery('container.updated')?.included?.map((r) => r.type);
    expect(types).toEqual(['container_updated_event', 'container', 'shipment', 'port', 'terminal']);
  });

  it('delivers these shapes from its lifecycles, each valid against the spec', async () => {
    const bodies: Body[] = [];
    const mock = createMockServer({
      clock: { mode: 'manual', startAt: TEST_START },
      dataset: 'empty',
      fetch: async (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      },
    });
    const post = (path: string, body: unknown) =>
      mock.fetch(
        new Request(`http://mock.test/v2${path}`, {
          method: 'POST',
          headers: {
            authorization: `Token ${DEMO_API_KEY}`,
            'content-type': 'application/vnd.api+json',
          },
          body: JSON.stringify(body),
        }),
      );
    try {
      const attributes = {
        url: 'https://receiver.example',
        active: true,
        events: WEBHOOK_EVENT_NAMES,
      };
      expect((await post('/webhooks', { data: { type: 'webhook', attributes } })).status).toBe(201);
      for (const number of ['MSCU1234566', 'HLXU1237426', 'MSCU1234567']) {
        expect((await post('/tracking_requests', trackingRequestBody(number, 'MSCU'))).status).toBe(
          201,
        );
      }
      await mock.advance(120 * 86_400);
    } finally {
      mock.dispose();
    }
    for (const body of bodies) contract.assertWebhookBody(body);
    const byEvent = (event: string) => bodies.filter((b) => b.data.attributes.event === event);
    const lfd = byEvent('container.pickup_lfd_terminal.changed')[0];
    expect(lfd?.data.relationships.reference_object.data.type).toBe('transport_event');
    expect(lfd?.included?.[0]?.attributes.value).toEqual(expect.any(String));
    expect(byEvent('container.created')[0]?.data.relationships.reference_object.data.type).toBe(
      'container_created_event',
    );
    const available = byEvent('container.transport.available');
    expect(available.length).toBeGreaterThan(0);
    for (const body of available) expect(body).not.toHaveProperty('included');
  });
});
