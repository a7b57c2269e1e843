import { describe, expect, it } from 'vitest';
import { ResourceIndex, resolveDocument, resolveResource } from '../jsonapi/resolve.js';
import type { JsonApiDocument } from '../jsonapi/types.js';
import { MappedContainerSchema, MappedShipmentSchema } from './cargo.js';
import { mapContainer, mapDocument, mapResource, mapWebhookNotification } from './map.js';
import { MappedWebhookNotificationSchema } from './webhooks.js';

const document: JsonApiDocument = {
  data: [
    {
      id: 'c1',
      type: 'container',
      attributes: {
        number: 'CSQU3054383',
        current_status: 'available',
        equipment_type: 'reefer',
        equipment_length: '40',
        equipment_height: 'high_cube',
        location_at_pod_terminal: 'Row 4',
        available_for_pickup: true,
        pod_arrived_at: '2026-01-02T00:00:00Z',
        pod_discharged_at: null,
        pickup_lfd: '2026-01-09T00:00:00Z',
        holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }],
        fees_at_pod_terminal: [{ type: 'demurrage', amount: 120.5, currency_code: 'USD' }],
        import_deadlines: { pickup_lfd_line: '2026-01-09T00:00:00Z' },
        ssl_lfd: '2026-01-10T00:00:00Z',
        status: 'weird',
        location: 'X',
      },
      relationships: {
        shipment: { data: { type: 'shipment', id: 's1' } },
        pod_terminal: { data: { type: 'terminal', id: 't1' } },
      },
    },
  ],
  included: [
    {
      id: 's1',
      type: 'shipment',
      attributes: { bill_of_lading_number: 'MAEU123', shipping_line_scac: 'MAEU' },
      relationships: { port_of_discharge: { data: { type: 'port', id: 'p1' } } },
    },
    { id: 't1', type: 'terminal', attributes: { name: 'APM', firms_code: 'Y123' } },
    {
      id: 'p1',
      type: 'port',
      attributes: { name: 'Rotterdam', code: 'NLRTM', latitude: '51.95', longitude: 4.1 },
    },
  ],
};

describe('mapped models', () => {
  it('groups the container as get_container does and keeps every other attribute', () => {
    const [container] = mapDocument(document).data as unknown[];
    const mapped = MappedContainerSchema.parse(container);
    expect(mapped).toMatchObject({
      id: 'c1',
      number: 'CSQU3054383',
      status: 'available',
      equipment: { type: 'reefer', length: 40, height: 'high_cube' },
      location: {
        currentLocation: 'Row 4',
        availableForPickup: true,
        podArrivedAt: '2026-01-02T00:00:00Z',
        podDischargedAt: null,
      },
      demurrage: {
        pickupLfd: '2026-01-09T00:00:00Z',
        holds: [{ name: 'customs', status: 'hold', description: null }],
        fees: [{ type: 'demurrage', amount: 120.5, currencyCode: 'USD' }],
      },
      importDeadlines: { pickupLfdLine: '2026-01-09T00:00:00Z' },
      sslLfd: '2026-01-10T00:00:00Z',
      statusAttribute: 'weird',
      locationAttribute: 'X',
      shipmentId: 's1',
      shipment: { id: 's1', billOfLading: 'MAEU123', shippingLineScac: 'MAEU' },
      podTerminal: { name: 'APM', firmsCode: 'Y123' },
    });
    expect(mapped).not.toHaveProperty('currentStatus');
    expect(mapped).not.toHaveProperty('holdsAtPodTerminal');
    MappedShipmentSchema.parse(mapped.shipment);
    expect(mapped.shipment?.portOfDischarge).toMatchObject({ latitude: 51.95, longitude: 4.1 });
  });

  it('gives the same model from a resolved node as in one pass', () => {
    const fused = mapDocument(document).data;
    const resolved = resolveDocument(document).data;
    expect(Array.isArray(resolved) ? resolved.map(mapResource) : resolved).toEqual(fused);
    const index = new ResourceIndex(document);
    const first = Array.isArray(document.data) ? document.data[0] : undefined;
    if (!first) throw new Error('fixture has data');
    expect(mapContainer(resolveResource(first, index))).toEqual((fused as unknown[])[0]);
  });

  it('maps a webhook notification with its reference object', () => {
    const notification = {
      id: 'n1',
      type: 'webhook_notification',
      attributes: {
        event: 'tracking_request.succeeded',
        delivery_status: 'succeeded',
        created_at: '2026-01-01T00:00:00Z',
      },
      relationships: {
        webhook: { data: { type: 'webhook', id: 'w1' } },
        reference_object: { data: { type: 'tracking_request', id: 'r1' } },
      },
    };
    const index = new ResourceIndex({
      data: notification,
      included: [
        {
          id: 'r1',
          type: 'tracking_request',
          attributes: {
            request_number: 'MAEU123',
            request_type: 'bill_of_lading',
            scac: 'MAEU',
            status: 'created',
          },
        },
      ],
    });
    const mapped = MappedWebhookNotificationSchema.parse(
      mapWebhookNotification(resolveResource(notification, index)),
    );
    expect(mapped).toMatchObject({
      deliveryStatus: 'succeeded',
      webhookId: 'w1',
      referenceObject: { type: 'tracking_request', requestNumber: 'MAEU123', status: 'created' },
    });
  });
});
