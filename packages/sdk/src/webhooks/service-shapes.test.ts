/**
 * Deliveries in the shapes the service publishes reach the records they
 * carry through the family accessors, raw and mapped, and say what changed.
 */
import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_BY_VALUE,
  CONTAINER_CREATED,
  DELIVERED_WITHOUT_INCLUDED,
  DELIVERY_CONTAINER_ID,
  DELIVERY_SHIPMENT_ID,
  DELIVERY_TERMINAL_ID,
  ESTIMATE_ONLY,
  POD_TERMINAL_CHANGED,
  RAIL_LFD_WITHOUT_CONTAINER,
  SERVICE_DELIVERIES,
  type ServiceDelivery,
  TERMINAL_LFD_BY_VALUE,
  TRACKING_SUCCEEDED_WITHOUT_INCLUDED,
  UPDATED_WITH_PORT,
} from '../../../../test-support/service-deliveries.js';
import { constructEvent } from './construct-event.js';
import { describeChanges } from './container-changes.js';
import type { ContainerChangeWebhookEvent, WebhookEvent } from './event-types.js';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from './sign.js';

const secret = 'whsec_service_shapes';

async function eventOf(delivery: ServiceDelivery): Promise<WebhookEvent> {
  const body = JSON.stringify(delivery.body);
  const headers = { [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, secret) };
  return constructEvent(body, headers, secret);
}

async function changeEventOf(delivery: ServiceDelivery): Promise<ContainerChangeWebhookEvent> {
  const event = await eventOf(delivery);
  if (event.family !== 'container_change') throw new Error(`family ${event.family}`);
  return event;
}

describe('events of the service delivery shapes', () => {
  it.each(SERVICE_DELIVERIES.map((delivery) => [delivery.name, delivery] as const))(
    'builds the mapped form of %s without throwing',
    async (_, delivery) => {
      const event = await eventOf(delivery);
      expect(event.mapped.notification.id).toBe(delivery.body.data.id);
      expect(event.referenceObjectId).toBe(
        delivery.body.data.relationships.reference_object.data.id,
      );
    },
  );

  it('reads a terminal LFD change from the transport event value, raw and mapped', async () => {
    const event = await changeEventOf(TERMINAL_LFD_BY_VALUE);
    expect(event.changes).toEqual([{ field: 'pickup_lfd_terminal', to: '2026-03-07T08:00:00Z' }]);
    expect(event.changes[0] && 'from' in event.changes[0]).toBe(false);
    expect(event.transportEvent?.attributes.value).toBe('2026-03-07T08:00:00Z');
    expect(event.container?.id).toBe(DELIVERY_CONTAINER_ID);
    expect(event.terminal?.id).toBe(DELIVERY_TERMINAL_ID);
    expect(event.shipment?.id).toBe(DELIVERY_SHIPMENT_ID);
    expect(event.mapped.changes).toEqual([
      { field: 'pickupLfdTerminal', to: '2026-03-07T08:00:00Z' },
    ]);
    expect(event.mapped.container?.id).toBe(DELIVERY_CONTAINER_ID);
    expect(event.mapped.transportEvent?.event).toBe('container.pickup_lfd_terminal.changed');
  });

  it('reads an appointment change from the transport event value', async () => {
    const event = await changeEventOf(APPOINTMENT_BY_VALUE);
    expect(event.changes).toEqual([{ field: 'pickup_appointment_at', to: '2026-03-04T09:30:00Z' }]);
  });

  it('leaves the container empty when the transport event names none', async () => {
    const event = await changeEventOf(RAIL_LFD_WITHOUT_CONTAINER);
    expect(event.changes).toEqual([{ field: 'pickup_lfd_rail', to: '2026-03-09T08:00:00Z' }]);
    expect(event.container).toBeUndefined();
    expect(event.shipment?.id).toBe(DELIVERY_SHIPMENT_ID);
  });

  it('reads a changeset as changes with their old values', async () => {
    const event = await changeEventOf(UPDATED_WITH_PORT);
    expect(event.changes).toEqual([
      { field: 'pickup_lfd', from: '2026-03-04T08:00:00Z', to: '2026-03-05T08:00:00Z' },
    ]);
    expect(event.containerUpdatedEvent?.id).toBe('6c17c8d9-eafb-40c1-8c79-f4a5b6c7d8e9');
    expect(event.findIncluded('port')?.attributes?.code).toBe('USLAX');
    expect(event.mapped.changes).toEqual([
      { field: 'pickupLfd', from: '2026-03-04T08:00:00Z', to: '2026-03-05T08:00:00Z' },
    ]);
  });

  it.each([CONTAINER_CREATED, POD_TERMINAL_CHANGED].map((d) => [d.name, d] as const))(
    'follows %s to its container, shipment and terminal',
    async (_, delivery) => {
      const event = await changeEventOf(delivery);
      expect(event.referenceObject?.type).toBe(
        delivery.body.data.relationships.reference_object.data.type,
      );
      expect(event.container?.id).toBe(DELIVERY_CONTAINER_ID);
      expect(event.shipment?.id).toBe(DELIVERY_SHIPMENT_ID);
      expect(event.changes).toEqual([]);
      expect(event.mapped.container?.number).toBe('TGHU7302614');
      expect(event.mapped.referenceObject?.id).toBe(event.referenceObjectId);
    },
  );

  it('follows the terminal a pod terminal change names', async () => {
    const event = await changeEventOf(POD_TERMINAL_CHANGED);
    expect(event.terminal?.id).toBe(DELIVERY_TERMINAL_ID);
  });

  it('follows a reference type nobody knows yet to the container it names', async () => {
    const body = structuredClone(POD_TERMINAL_CHANGED.body);
    const reference = body.included?.[0];
    if (reference === undefined) throw new Error('the corpus includes the reference');
    reference.type = 'container_something_changed_event';
    body.data.relationships.reference_object.data.type = 'container_something_changed_event';
    const event = await changeEventOf({ name: 'unknown reference', body });
    expect(event.referenceObject?.type).toBe('container_something_changed_event');
    expect(event.container?.id).toBe(DELIVERY_CONTAINER_ID);
    expect(event.mapped.referenceObject).toMatchObject({
      type: 'container_something_changed_event',
    });
  });

  it('gives a delivery without included empty accessors and the reference id', async () => {
    const event = await eventOf(DELIVERED_WITHOUT_INCLUDED);
    if (event.family !== 'container_transport') throw new Error(`family ${event.family}`);
    expect(event.included).toEqual([]);
    expect(event.referenceObject).toBeUndefined();
    expect(event.referenceObjectType).toBe('transport_event');
    expect(event.referenceObjectId).toBe('8e39eafb-0c1d-42e3-8e9b-b6c7d8e9fa0b');
    expect(event.transportEvent).toBeUndefined();
    expect(event.container).toBeUndefined();
    expect(event.mapped.container).toBeUndefined();
    expect(event.mapped.referenceObject).toBeUndefined();

    const request = await eventOf(TRACKING_SUCCEEDED_WITHOUT_INCLUDED);
    if (request.family !== 'tracking_request') throw new Error(`family ${request.family}`);
    expect(request.trackingRequest).toBeUndefined();
    expect(request.mapped.containers).toEqual([]);
  });

  it('reads an estimate that includes only itself', async () => {
    const event = await eventOf(ESTIMATE_ONLY);
    if (event.family !== 'shipment_estimate') throw new Error(`family ${event.family}`);
    expect(event.estimatedEvent?.attributes.estimated_timestamp).toBe('2026-03-01T04:00:00Z');
    expect(event.shipment).toBeUndefined();
    expect(event.mapped.estimatedEvent?.estimatedTimestamp).toBe('2026-03-01T04:00:00Z');
  });

  it('passes on only a string reference id', async () => {
    const body = structuredClone(DELIVERED_WITHOUT_INCLUDED.body);
    // The wire is not validated: a number where the id belongs must not be typed as a string.
    Object.assign(body.data.relationships.reference_object.data, { id: 42 });
    const event = await eventOf({ name: 'numeric id', body });
    expect(event.referenceObjectId).toBeUndefined();
    expect(event.referenceObjectType).toBe('transport_event');
  });

  it('describes the changes of an event in one line', async () => {
    const byValue = await changeEventOf(TERMINAL_LFD_BY_VALUE);
    expect(describeChanges(byValue.changes)).toBe('pickup_lfd_terminal: -> 2026-03-07T08:00:00Z');
    const bySet = await changeEventOf(UPDATED_WITH_PORT);
    expect(describeChanges(bySet.changes)).toBe(
      'pickup_lfd: 2026-03-04T08:00:00Z -> 2026-03-05T08:00:00Z',
    );
    expect(describeChanges([{ field: 'holds', from: null, to: [{ name: 'customs' }] }])).toBe(
      'holds: null -> [{"name":"customs"}]',
    );
  });
});
