import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../test-support/contract.js';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { WEBHOOK_EVENT_NAMES } from '../src/engine/webhooks/events.js';
import { sampleDelivery } from '../src/engine/webhooks/samples.js';
import { createMockServer } from '../src/index.js';
import { TEST_START, trackingRequestBody } from './harness.js';

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
      if (sample?.included === undefined) continue;
      const reference = sample?.data.relationships?.reference_object?.data;
      expect(reference).toEqual({ type: sample?.included[0]?.type, id: sample?.included[0]?.id });
    }
  });

  it('includes the shipment and its container once a tracking request succeeded', () => {
    const types = (event: string) => sampleDelivery(event)?.included?.map((r) => r.type);
    expect(types('tracking_request.succeeded')).toEqual([
      'tracking_request',
      'shipment',
      'container',
    ]);
    expect(types('tracking_request.failed')).toEqual(['tracking_request']);
    expect(types('container.created')).toEqual([
      'container_created_event',
      'container',
      'shipment',
      'terminal',
    ]);
    expect(types('shipment.estimated.arrival')).toEqual(['estimated_event', 'shipment', 'port']);
  });

  it('includes the metro area, not a port, for a transport event at the inland destination', () => {
    const types = (event: string) => sampleDelivery(event)?.included?.map((r) => r.type);
    const at = (place: string, terminal: string) => [
      'transport_event',
      'container',
      'shipment',
      place,
      terminal,
    ];
    expect(types('container.transport.rail_arrived')).toEqual(at('metro_area', 'rail_terminal'));
    expect(types('container.transport.vessel_arrived')).toEqual(at('port', 'terminal'));
    const sample = sampleDelivery('container.transport.rail_arrived');
    const area = sample?.included?.find((r) => r.type === 'metro_area');
    expect(sample?.included?.[0]?.relationships?.location?.data).toEqual({
      type: 'metro_area',
      id: area?.id,
    });
    expect(area?.attributes.code).toBe(sample?.included?.[0]?.attributes.location_locode);
  });

  it('includes the same kinds of records as real deliveries of each event', async () => {
    // The included types of every real delivery, per event: ocean and rail journeys, a
    // failure and a wait for the manifest, each run to its end on the manual clock.
    const delivered = new Map<string, Set<string>>();
    const mock = createMockServer({
      clock: { mode: 'manual', startAt: TEST_START },
      dataset: 'empty',
      fetch: async (_url, init) => {
        const body = JSON.parse(String(init?.body));
        const types = JSON.stringify(body.included?.map((r: { type: string }) => r.type));
        const event: string = body.data.attributes.event;
        delivered.set(event, (delivered.get(event) ?? new Set()).add(types));
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
      for (const number of ['MSCU1234566', 'HLXU1237426', 'MSCU1234567', 'MSCU0002020']) {
        const created = await post('/tracking_requests', trackingRequestBody(number, 'MSCU'));
        expect(created.status).toBe(201);
      }
      await mock.advance(120 * 86_400);
    } finally {
      mock.dispose();
    }

    for (const [event, variants] of delivered) {
      const sample = JSON.stringify(sampleDelivery(event)?.included?.map((r) => r.type));
      // full_out and empty_in happen at the port terminal (ocean) or the rail terminal (rail).
      expect([...variants], event).toContain(sample);
    }
    // Events the simulation never raises; their samples follow the same inclusion rules.
    const neverRaised = WEBHOOK_EVENT_NAMES.filter((event) => !delivered.has(event));
    expect(neverRaised.map((event) => event.replace('container.transport.', ''))).toEqual([
      'container.pod_terminal_changed',
      'vessel_berthed',
      'transshipment_arrived',
      'transshipment_discharged',
      'transshipment_loaded',
      'transshipment_departed',
      'feeder_arrived',
      'feeder_discharged',
      'feeder_loaded',
      'feeder_departed',
      'not_available',
      'delivered',
    ]);
    for (const event of neverRaised) {
      expect(sampleDelivery(event)?.included?.map((r) => r.type) ?? []).not.toContain('vessel');
    }
  });

  it('knows no sample of an unknown event', () => {
    expect(sampleDelivery('container.exploded')).toBeUndefined();
  });
});
