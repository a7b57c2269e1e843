import { describe, expect, it } from 'vitest';
import { constructEvent } from './construct-event.js';
import type { WebhookEventName } from './event-names.js';
import type { WebhookEvent } from './event-types.js';
import { parseWebhookEvent } from './parse-event.js';
import { signPayload } from './sign.js';
import { createSignedDelivery } from './testing.js';

const secret = 'whsec_mapped';

async function eventOf(name: WebhookEventName): Promise<WebhookEvent> {
  const delivery = await createSignedDelivery(name, { secret, id: 'notification-1' });
  return constructEvent(delivery.body, delivery.headers, secret);
}

describe('the mapped form of an event', () => {
  it('maps a tracking request delivery with the SDK models', async () => {
    const event = await eventOf('tracking_request.succeeded');
    if (event.family !== 'tracking_request') throw new Error(`family ${event.family}`);
    const { mapped } = event;
    expect(mapped.notification).toMatchObject({
      id: 'notification-1',
      type: 'webhook_notification',
      event: 'tracking_request.succeeded',
      deliveryStatus: 'pending',
    });
    expect(mapped.trackingRequest).toMatchObject({
      requestNumber: 'MAEU246813579',
      status: 'created',
    });
    expect(mapped.referenceObject?.id).toBe(mapped.trackingRequest?.id);
    expect(mapped.shipment).toMatchObject({
      billOfLading: 'MAEU246813579',
      shippingLineScac: 'MAEU',
    });
    expect(mapped.containers).toHaveLength(1);
    expect(mapped.containers[0]).toMatchObject({
      number: 'CSQU3054383',
      equipment: { type: 'dry', length: 40, height: 'high_cube' },
    });
  });

  it('maps a transport event with its container, shipment and port', async () => {
    const event = await eventOf('container.transport.vessel_arrived');
    if (event.family !== 'container_transport') throw new Error(`family ${event.family}`);
    expect(event.mapped.transportEvent).toMatchObject({
      event: 'container.transport.vessel_arrived',
      locationLocode: 'USLAX',
    });
    expect(event.mapped.container?.number).toBe('CSQU3054383');
    expect(event.mapped.location).toMatchObject({ type: 'port', code: 'USLAX' });
  });

  it('maps an inland milestone with its metro area and the rail terminal that serves it', async () => {
    const delivery = await createSignedDelivery('container.transport.rail_unloaded', { secret });
    const event = parseWebhookEvent(delivery.body);
    if (event.family !== 'container_transport') throw new Error(`family ${event.family}`);
    const area = {
      type: 'metro_area',
      code: 'USCHI',
      name: 'Chicago',
      stateAbbr: 'IL',
      countryCode: 'US',
      timeZone: 'America/Chicago',
      latitude: 41.8781,
      longitude: -87.6298,
    };
    expect(event.mapped.location).toMatchObject(area);
    expect(event.mapped.transportEvent).toMatchObject({
      locationLocode: 'USCHI',
      location: area,
      terminal: { type: 'rail_terminal', name: 'BNSF Logistics Park Chicago' },
    });
    expect(event.mapped.terminal).toMatchObject({ type: 'rail_terminal', metroArea: area });
    expect(event.mapped.shipment).toMatchObject({ destinationLocode: 'USCHI', destination: area });
  });

  it('maps a change event with its changeset keyed by camelCase attribute names', async () => {
    const event = await eventOf('container.pickup_lfd.changed');
    if (event.family !== 'container_change') throw new Error(`family ${event.family}`);
    expect(event.mapped.containerUpdatedEvent?.changeset).toEqual({
      pickupLfd: ['2025-03-16T12:00:00Z', '2025-03-17T12:00:00Z'],
    });
    expect(event.mapped.terminal).toMatchObject({
      type: 'terminal',
      name: 'APM Terminals Pier 400',
    });
  });

  it('maps a shipment estimate with its port', async () => {
    const event = await eventOf('shipment.estimated.arrival');
    if (event.family !== 'shipment_estimate') throw new Error(`family ${event.family}`);
    expect(event.mapped.estimatedEvent?.estimatedTimestamp).toBe('2025-03-12T12:00:00Z');
    expect(event.mapped.port).toMatchObject({ code: 'USLAX', latitude: 33.7397 });
  });

  it('maps the notification of an unknown event', async () => {
    const body = JSON.stringify({
      data: {
        id: 'n-9',
        type: 'webhook_notification',
        attributes: {
          event: 'brand.new',
          delivery_status: 'pending',
          created_at: '2025-01-01T00:00:00Z',
        },
      },
    });
    const event = await constructEvent(
      body,
      { 'x-svc-webhook-signature': await signPayload(body, secret) },
      secret,
    );
    expect(event.mapped.notification.event).toBe('brand.new');
    expect(event.mapped.referenceObject).toBeUndefined();
  });

  it('builds the mapped form once, on first access', async () => {
    const event = await eventOf('container.updated');
    expect(event.mapped).toBe(event.mapped);
  });
});
