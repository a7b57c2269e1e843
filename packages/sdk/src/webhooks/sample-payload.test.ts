import { describe, expect, it } from 'vitest';
import { createContractValidator } from '../../../../test-support/contract.js';
import { WebhookConfigurationError } from './errors.js';
import {
  type ContainerTransportEventName,
  WEBHOOK_EVENT_NAMES,
  type WebhookEventName,
} from './event-names.js';
import type { RawResource } from './event-types.js';
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

  it('returns a new body each call: changing one leaves the next untouched', () => {
    // A fixed time: the default is now, which moves between the two calls.
    const options = { id: 'n-1', createdAt: '2025-03-10T08:00:00Z' };
    const first = createSampleWebhookPayload('container.updated', options);
    const pristine = JSON.stringify(first);
    const [record, container] = first.included ?? [];
    const reference = first.data.relationships?.reference_object?.data;
    if (record?.attributes === undefined || container?.attributes === undefined) {
      throw new Error('container.updated includes its event and container');
    }
    if (reference === null || reference === undefined || Array.isArray(reference)) {
      throw new Error('container.updated names its reference object');
    }
    record.attributes.changeset = {};
    reference.id = 'changed';
    container.attributes.number = 'CHANGED';
    first.included?.push({ type: 'port', id: 'extra' });
    first.data.attributes.event = 'container.changed';
    const second = createSampleWebhookPayload('container.updated', options);
    expect(JSON.stringify(second)).toBe(pristine);
  });

  it('refuses an event name it has no sample of, naming the list of those it has', () => {
    // Deliberately not a WebhookEventName: a JavaScript caller can pass any string.
    const unknown = 'container.exploded' as WebhookEventName;
    expect(() => createSampleWebhookPayload(unknown)).toThrow(WebhookConfigurationError);
    expect(() => createSampleWebhookPayload(unknown)).toThrow(
      '"container.exploded" is not a webhook event name this SDK knows, so it has no sample; WEBHOOK_EVENT_NAMES lists the names it has.',
    );
  });
});

/** Milestones at the end of the rail leg, which the service places at a metro area. */
const INLAND_MILESTONES: readonly ContainerTransportEventName[] = [
  'container.transport.rail_arrived',
  'container.transport.rail_unloaded',
  'container.transport.arrived_at_inland_destination',
  'container.transport.estimated.arrived_at_inland_destination',
];

/** Milestones at a port, including loading onto the train at the port of discharge. */
const PORT_MILESTONES: readonly [ContainerTransportEventName, string][] = [
  ['container.transport.vessel_loaded', 'CNSHA'],
  ['container.transport.transshipment_arrived', 'SGSIN'],
  ['container.transport.vessel_arrived', 'USLAX'],
  ['container.transport.vessel_discharged', 'USLAX'],
  ['container.transport.rail_loaded', 'USLAX'],
  ['container.transport.rail_departed', 'USLAX'],
  ['container.transport.full_out', 'USLAX'],
];

/** The transport event of a sample and the included record each of its relationships names. */
function transportSample(name: ContainerTransportEventName) {
  const included = createSampleWebhookPayload(name).included ?? [];
  const [event] = included;
  if (event?.type !== 'transport_event') throw new Error('the transport event comes first');
  const related = (relationship: string): RawResource | undefined => {
    const data = event.relationships?.[relationship]?.data;
    if (data === null || data === undefined || Array.isArray(data)) return undefined;
    return included.find((record) => record.type === data.type && record.id === data.id);
  };
  return { event, included, location: related('location'), terminal: related('terminal') };
}

describe('the place of a sample transport milestone', () => {
  it.each(INLAND_MILESTONES)('places %s at the inland metro area and its rail terminal', (name) => {
    const { event, included, location, terminal } = transportSample(name);
    expect(location).toMatchObject({
      type: 'metro_area',
      attributes: { code: 'USCHI', name: 'Chicago', time_zone: 'America/Chicago' },
    });
    expect(event.attributes).toMatchObject({
      location_locode: 'USCHI',
      timezone: 'America/Chicago',
    });
    expect(terminal?.type).toBe('rail_terminal');
    expect(terminal?.relationships?.metro_area?.data).toEqual({
      type: 'metro_area',
      id: location?.id,
    });
    expect(included.some((record) => record.type === 'port')).toBe(false);
  });

  it.each(PORT_MILESTONES)('keeps %s at the port %s', (name, locode) => {
    const { event, included, location, terminal } = transportSample(name);
    expect(location).toMatchObject({ type: 'port', attributes: { code: locode } });
    expect(event.attributes?.location_locode).toBe(locode);
    expect(event.attributes?.timezone).toBe(location?.attributes?.time_zone);
    if (terminal !== undefined) expect(terminal.type).toBe('terminal');
    expect(
      included.some((record) => record.type.startsWith('rail_') || record.type === 'metro_area'),
    ).toBe(false);
  });

  it('gives the shipment the inland journey: the metro area and rail terminal as its destination', () => {
    const { included, location, terminal } = transportSample('container.transport.rail_arrived');
    const shipment = included.find((record) => record.type === 'shipment');
    expect(shipment?.relationships?.destination?.data).toEqual({
      type: 'metro_area',
      id: location?.id,
    });
    expect(shipment?.relationships?.destination_terminal?.data).toEqual({
      type: 'rail_terminal',
      id: terminal?.id,
    });
    expect(shipment?.attributes).toMatchObject({
      destination_locode: 'USCHI',
      destination_timezone: 'America/Chicago',
    });
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
