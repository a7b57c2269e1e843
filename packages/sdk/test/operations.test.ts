import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ResponseFormat } from '../src/index.js';
import {
  MappedContainerSchema,
  MappedInferNumberResultSchema,
  MappedRawEventSchema,
  MappedRefreshResultSchema,
  MappedRouteSchema,
  MappedShipmentSchema,
  MappedShippingLineSchema,
  MappedTrackingRequestSchema,
  MappedTransportEventSchema,
  MappedWebhookEventCategorySchema,
  MappedWebhookIpsSchema,
  MappedWebhookNotificationSchema,
  MappedWebhookSchema,
  MappedWebhookTriggerResultSchema,
} from '../src/mapped/index.js';
import { HOOK_URL, useMockService } from './mock-harness.js';

const harness = useMockService();

/** Checks a single-resource (or plain) result in the given format. */
function expectOne(format: ResponseFormat, value: unknown, schema: z.ZodType, rawType?: string) {
  const raw = format === 'both' ? (value as { raw: unknown }).raw : value;
  const mapped = format === 'both' ? (value as { mapped: unknown }).mapped : value;
  if (format !== 'mapped') {
    if (rawType) expect(raw).toMatchObject({ data: { type: rawType } });
    else expect(raw).toBeTypeOf('object');
  }
  if (format !== 'raw') schema.parse(mapped);
  if (format === 'both' && rawType) {
    expect((mapped as { id: string }).id).toBe((raw as { data: { id: string } }).data.id);
  }
  return mapped;
}

/** Checks the items of a page in the given format; returns the ids. */
function expectItems(format: ResponseFormat, items: unknown[], schema: z.ZodType, rawType: string) {
  return items.map((item) => {
    const raw = format === 'both' ? (item as { raw: unknown }).raw : item;
    const mapped = format === 'both' ? (item as { mapped: unknown }).mapped : item;
    if (format !== 'mapped')
      expect(raw).toMatchObject({ type: rawType, attributes: expect.any(Object) });
    if (format !== 'raw') schema.parse(mapped);
    return (raw as { id: string }).id;
  });
}

const formats: ResponseFormat[] = ['raw', 'mapped', 'both'];

describe.each(formats)('every operation, format %s', (format) => {
  it('shipments: list, get, update, stopTracking, resumeTracking', async () => {
    harness.renew();
    const client = harness.client({ format });
    const page = await client.shipments.list({
      include: ['containers', 'port_of_lading', 'port_of_discharge', 'pod_terminal'],
      pageSize: 5,
    });
    const [id] = expectItems(format, page.data, MappedShipmentSchema, 'shipment');
    expect(id).toBeDefined();
    if (!id) return;
    const one = expectOne(
      format,
      await client.shipments.get(id, { include: ['containers', 'pod_terminal', 'destination'] }),
      MappedShipmentSchema,
      'shipment',
    );
    if (format !== 'raw') {
      expect(MappedShipmentSchema.parse(one).containers?.length).toBeGreaterThan(0);
    }
    const updated = expectOne(
      format,
      await client.shipments.update(id, { refNumbers: ['PO-1'], tags: ['urgent'] }),
      MappedShipmentSchema,
      'shipment',
    );
    if (format !== 'raw') expect(MappedShipmentSchema.parse(updated).tags).toEqual(['urgent']);
    const stopped = expectOne(
      format,
      await client.shipments.stopTracking(id),
      MappedShipmentSchema,
      'shipment',
    );
    if (format !== 'raw') {
      expect(MappedShipmentSchema.parse(stopped).lineTrackingStoppedReason).toBe(
        'cancelled_by_user',
      );
    }
    expectOne(format, await client.shipments.resumeTracking(id), MappedShipmentSchema, 'shipment');
  });

  it('containers: list, get, transportEvents, rawEvents, refresh, route', async () => {
    harness.renew();
    const client = harness.client({ format });
    const page = await client.containers.list({
      include: ['shipment', 'pod_terminal', 'transport_events'],
      pageSize: 3,
    });
    const [id] = expectItems(format, page.data, MappedContainerSchema, 'container');
    if (!id) throw new Error('the demo data has containers');
    const container = expectOne(
      format,
      await client.containers.get(id, { include: ['shipment', 'pod_terminal'] }),
      MappedContainerSchema,
      'container',
    );
    if (format !== 'raw') {
      const mapped = MappedContainerSchema.parse(container);
      expect(mapped.shipment?.billOfLading).toMatch(/\w+/);
      expect(mapped.shipment?.id).toBe(mapped.shipmentId);
      expect(mapped.equipment).toHaveProperty('length');
      expect(mapped.demurrage).toHaveProperty('holds');
    }
    const events = await client.containers.transportEvents(id, {
      include: ['location', 'terminal', 'vessel'],
    });
    expectItems(format, events.data, MappedTransportEventSchema, 'transport_event');
    const raw = await client.containers.rawEvents(id, { include: ['location', 'vessel'] });
    expectItems(format, raw.data, MappedRawEventSchema, 'raw_event');
    expectOne(format, await client.containers.refresh(id), MappedRefreshResultSchema);
    expectOne(format, await client.containers.route(id), MappedRouteSchema, 'route');
  });

  it('tracking requests: create, list, get, update, inferNumber', async () => {
    harness.renew();
    const client = harness.client({ format });
    const created = expectOne(
      format,
      await client.trackingRequests.create({
        requestType: 'bill_of_lading',
        requestNumber: 'MAEU240511987',
        scac: 'MAEU',
        refNumbers: ['PO-7'],
      }),
      MappedTrackingRequestSchema,
      'tracking_request',
    );
    const id =
      (created as { id?: string; data?: { id: string } }).id ??
      (created as { data: { id: string } }).data.id;
    const page = await client.trackingRequests.list({
      filter: { status: 'pending' },
      include: ['tracked_object'],
    });
    expect(
      expectItems(format, page.data, MappedTrackingRequestSchema, 'tracking_request'),
    ).toContain(id);
    expectOne(
      format,
      await client.trackingRequests.get(id),
      MappedTrackingRequestSchema,
      'tracking_request',
    );
    const updated = expectOne(
      format,
      await client.trackingRequests.update(id, { refNumbers: ['PO-8'] }),
      MappedTrackingRequestSchema,
      'tracking_request',
    );
    if (format !== 'raw')
      expect(MappedTrackingRequestSchema.parse(updated).refNumbers).toEqual(['PO-8']);
    expectOne(
      format,
      await client.trackingRequests.inferNumber('CSQU3054383'),
      MappedInferNumberResultSchema,
      'infer_number_results',
    );
  });

  it('webhooks and notifications: every operation', async () => {
    harness.renew();
    const client = harness.client({ format });
    const created = expectOne(
      format,
      await client.webhooks.create({
        url: HOOK_URL,
        events: ['tracking_request.succeeded', 'tracking_request.failed'],
      }),
      MappedWebhookSchema,
      'webhook',
    );
    const id = (created as { id?: string }).id ?? (created as { data: { id: string } }).data.id;
    const list = await client.webhooks.list();
    expect(expectItems(format, list.data, MappedWebhookSchema, 'webhook')).toContain(id);
    expectOne(format, await client.webhooks.get(id), MappedWebhookSchema, 'webhook');
    expectOne(
      format,
      await client.webhooks.update(id, { active: true }),
      MappedWebhookSchema,
      'webhook',
    );
    const categories = await client.webhooks.events();
    if (format !== 'raw') {
      const mapped = format === 'both' ? (categories as { mapped: unknown[] }).mapped : categories;
      for (const category of mapped as unknown[]) MappedWebhookEventCategorySchema.parse(category);
    }
    expectOne(
      format,
      await client.webhooks.trigger({ url: HOOK_URL, event: 'container.updated' }),
      MappedWebhookTriggerResultSchema,
    );
    expectOne(format, await client.webhooks.ips(), MappedWebhookIpsSchema);

    await client.trackingRequests.create({
      requestType: 'bill_of_lading',
      requestNumber: 'MSCU77120404',
      scac: 'MSCU',
    });
    await harness.mock.advance(3600);
    const notifications = await client.webhookNotifications.list({
      include: ['webhook', 'reference_object'],
    });
    const [notificationId] = expectItems(
      format,
      notifications.data,
      MappedWebhookNotificationSchema,
      'webhook_notification',
    );
    if (!notificationId) throw new Error('a notification was sent');
    const one = expectOne(
      format,
      await client.webhookNotifications.get(notificationId, { include: ['reference_object'] }),
      MappedWebhookNotificationSchema,
      'webhook_notification',
    );
    if (format !== 'raw') {
      expect(MappedWebhookNotificationSchema.parse(one).referenceObject).toMatchObject({
        type: 'tracking_request',
      });
    }
    const examples = await client.webhookNotifications.examples(
      'container.transport.vessel_arrived',
    );
    if (format !== 'raw') {
      const mapped = format === 'both' ? (examples as { mapped: unknown[] }).mapped : examples;
      expect((mapped as unknown[]).length).toBeGreaterThan(0);
      for (const example of mapped as unknown[]) MappedWebhookNotificationSchema.parse(example);
    }
    await client.webhooks.delete(id);
    await expect(client.webhooks.get(id)).rejects.toMatchObject({ status: 404 });
  });

  it('shipping lines: list', async () => {
    const client = harness.client({ format });
    const page = await client.shippingLines.list({ q: 'maersk' });
    expect(
      expectItems(format, page.data, MappedShippingLineSchema, 'shipping_line').length,
    ).toBeGreaterThan(0);
  });
});

describe('contract', () => {
  it('checked every response against the spec', () => {
    expect(harness.checked()).toBeGreaterThan(80);
  });

  it('parsed every mapped model of every response with its zod schema', () => {
    expect(harness.conformed()).toBeGreaterThan(100);
  });
});
