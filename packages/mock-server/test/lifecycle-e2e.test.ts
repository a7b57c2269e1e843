/**
 * The "Done when" test of the mock server: a container number is tracked over
 * plain HTTP from `POST /v2/tracking_requests` until its container is
 * `empty_returned`, by advancing the manual clock through the control API. A
 * real local receiver gets every signed webhook. Nothing waits on the wall
 * clock, and every REST body and every webhook body is checked against the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_NAMES } from '../src/engine/webhooks/events.js';
import type { RunningMockServer } from '../src/index.js';
import {
  advance,
  call,
  contract,
  many,
  one,
  type Resource,
  startTestServer,
  webhookBody,
} from './webhooks-harness.js';
import {
  hasValidSignature,
  type ReceivedRequest,
  startReceiver,
  type TestReceiver,
} from './webhooks-receiver.js';

const DAY_SECONDS = 24 * 3600;
const MAX_DAYS = 90;

/** The order milestones of an ocean journey happen in; a journey skips the ones that do not apply. */
const JOURNEY = [
  'empty_out',
  'full_in',
  'vessel_loaded',
  'vessel_departed',
  'transshipment_arrived',
  'transshipment_discharged',
  'transshipment_loaded',
  'transshipment_departed',
  'vessel_arrived',
  'vessel_berthed',
  'vessel_discharged',
  'available',
  'full_out',
  'delivered',
  'empty_in',
].map((name) => `container.transport.${name}`);

/** A delivery as the receiver got it, after its signature and schema were checked. */
interface Delivery {
  id: string;
  event: string;
  createdAt: string;
  reference: { type: string; id: string };
  included: Resource[];
}

let server: RunningMockServer;
let receiver: TestReceiver;
let secret: string;

beforeAll(async () => {
  server = await startTestServer({ rateLimits: false });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

function toDelivery(request: ReceivedRequest): Delivery {
  expect(request.method).toBe('POST');
  expect(request.headers['content-type']).toBe('application/json');
  expect(hasValidSignature(request, secret)).toBe(true);
  contract.assertWebhookBody(request.json);
  // assertWebhookBody just checked the envelope against the spec.
  const body = request.json as {
    data: Resource & { attributes: { event: string; created_at: string } };
    included?: Resource[];
  };
  const reference = body.data.relationships?.reference_object?.data;
  if (!reference) throw new Error('a delivery without a reference object');
  return {
    id: body.data.id,
    event: body.data.attributes.event,
    createdAt: body.data.attributes.created_at,
    reference,
    // Some events come without included (available, not_available, delivered), as from the service.
    included: body.included ?? [],
  };
}

describe('tracking a container from request to empty return', () => {
  it('follows the whole lifecycle over HTTP with signed, spec-valid webhooks in milestone order', async () => {
    const webhook = await call(server, 'POST', '/webhooks', {
      body: webhookBody({ url: `${receiver.url}/shiptrack`, events: WEBHOOK_EVENT_NAMES }),
    });
    expect(webhook.status).toBe(201);
    secret = String(one(webhook).attributes.secret);

    const created = await call(server, 'POST', '/tracking_requests', {
      body: {
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'container',
            request_number: 'CSQU3054383',
            scac: 'MAEU',
            ref_numbers: ['PO-77'],
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const request = one(created);
    expect(request.attributes.status).toBe('pending');
    expect(receiver.requests).toEqual([]);

    // Day by day until the container is back empty; every REST read is validated by `call`.
    const statuses: string[] = [];
    let container: Resource | undefined;
    for (
      let day = 0;
      day < MAX_DAYS && container?.attributes.current_status !== 'empty_returned';
      day++
    ) {
      await advance(server, DAY_SECONDS);
      const list = many(await call(server, 'GET', '/containers?include=shipment'));
      container = list[0];
      const status = container?.attributes.current_status;
      if (typeof status === 'string' && statuses.at(-1) !== status) statuses.push(status);
    }
    expect(container?.attributes.current_status).toBe('empty_returned');
    expect(statuses[0]).not.toBe('empty_returned');
    expect(statuses).toContain('on_ship');
    const containerId = container?.id ?? '';

    const tracked = one(await call(server, 'GET', `/tracking_requests/${request.id}`));
    expect(['created', 'tracking_stopped']).toContain(tracked.attributes.status);
    const shipmentId = tracked.relationships?.tracked_object?.data?.id;
    expect(shipmentId).toBeDefined();
    await call(
      server,
      'GET',
      `/shipments/${shipmentId}?include=containers,port_of_lading,port_of_discharge,pod_terminal`,
    );
    await call(
      server,
      'GET',
      `/containers/${containerId}?include=shipment,pod_terminal,transport_events`,
    );
    const timeline = many(
      await call(server, 'GET', `/containers/${containerId}/transport_events?page[size]=100`),
    );

    // Every delivery: signed, spec-valid, accepted, once.
    const deliveries = receiver.requests.map(toDelivery);
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(deliveries.length);
    const notifications = many(await call(server, 'GET', '/webhook_notifications?page[size]=100'));
    expect(notifications.map((n) => n.id).sort()).toEqual(deliveries.map((d) => d.id).sort());
    expect(notifications.every((n) => n.attributes.delivery_status === 'succeeded')).toBe(true);

    // Delivered in event order: created_at never goes back, the request's success comes first.
    const times = deliveries.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(deliveries[0]?.event).toBe('tracking_request.succeeded');
    expect(deliveries[0]?.included.map((r) => r.type)).toEqual([
      'tracking_request',
      'shipment',
      'container',
    ]);
    const containerCreated = deliveries.find((d) => d.event === 'container.created');
    expect(containerCreated?.reference.type).toBe('container_created_event');
    expect(containerCreated?.included.find((r) => r.type === 'container')?.id).toBe(containerId);
    expect(deliveries.some((d) => d.event === 'container.updated')).toBe(true);

    // Milestones: in journey order, each carrying its transport event, container and shipment
    // (or nothing at all).
    const milestones = deliveries.filter(
      (d) => d.event.startsWith('container.transport.') && !d.event.includes('.estimated.'),
    );
    const names = milestones.map((d) => d.event);
    for (const key of [
      'vessel_loaded',
      'vessel_departed',
      'vessel_arrived',
      'vessel_discharged',
      'full_out',
      'empty_in',
    ]) {
      expect(names).toContain(`container.transport.${key}`);
    }
    const positions = names.map((name) => JOURNEY.indexOf(name));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const milestone of milestones) {
      // available, not_available and delivered come without included, as from the service.
      if (milestone.included.length === 0) {
        expect(milestone.event).toMatch(/\.(available|not_available|delivered)$/);
        expect(milestone.reference.type).toBe('transport_event');
        continue;
      }
      const [event, ...rest] = milestone.included;
      expect(event).toMatchObject({ type: 'transport_event', id: milestone.reference.id });
      expect(event?.attributes.event).toBe(milestone.event);
      expect(rest.map((r) => r.type)).toEqual(expect.arrayContaining(['container', 'shipment']));
    }

    // The REST timeline holds the same milestones in the same order.
    const restMilestones = timeline
      .filter((e) => !String(e.attributes.event).includes('.estimated.'))
      .map((e) => e.id);
    expect(restMilestones).toEqual(milestones.map((d) => d.reference.id));
  });
});
