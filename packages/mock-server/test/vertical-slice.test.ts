import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, httpHarness, trackingRequestBody } from './harness.js';

describe('tracking a container over real HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ dataset: 'empty' });
  });
  afterEach(() => h.close());

  it('accepts a request as pending, resolves it on the clock and serves the container with its shipment', async () => {
    const created = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody('CSQU3054383', 'MSCU'),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      status: 'pending',
      failed_reason: null,
      is_retrying: false,
      retry_count: null,
    });
    expect(created.body.data.relationships.tracked_object.data).toBeNull();

    await h.advance(60);
    const request = await h.api(
      'GET',
      `/tracking_requests/${created.body.data.id}?include=tracked_object`,
    );
    expect(request.body.data.attributes.status).toBe('created');
    const shipmentId = request.body.data.relationships.tracked_object.data.id;
    expect(request.body.included).toEqual([
      expect.objectContaining({ type: 'shipment', id: shipmentId }),
    ]);

    const shipment = await h.api('GET', `/shipments/${shipmentId}?include=containers`);
    const [container] = shipment.body.included;
    expect(container.attributes.number).toBe('CSQU3054383');

    const got = await h.api('GET', `/containers/${container.id}?include=shipment`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(got.body.data.attributes.current_status).toBe('new');
    expect(got.body.included[0]).toMatchObject({
      type: 'shipment',
      id: shipmentId,
      attributes: { shipping_line_scac: 'MSCU', pod_eta_at: expect.any(String) },
    });
  });
});
