/**
 * `PATCH /shipments/{id}/resume_tracking`: the duplicate rule (one active
 * request per number and carrier) and shipments whose journey is over.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, inProcessHarness, trackingRequestBody } from './harness.js';

const NUMBER = 'MSCU1234566';

describe('resume tracking', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ dataset: 'empty' });
  });
  afterEach(() => h.close());

  /** Creates a request for NUMBER, lets the carrier answer, and returns the request and shipment ids. */
  const track = async () => {
    const created = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(NUMBER, 'MSCU'),
    });
    expect(created.status).toBe(201);
    await h.advance(60);
    const request = await h.api('GET', `/tracking_requests/${created.body.data.id}`);
    expect(request.body.data.attributes.status).toBe('created');
    return {
      requestId: created.body.data.id as string,
      shipmentId: request.body.data.relationships.tracked_object.data.id as string,
    };
  };
  const requestStatus = async (id: string) =>
    (await h.api('GET', `/tracking_requests/${id}`)).body.data.attributes.status;

  it('answers 422 duplicate naming the other active request, and changes nothing', async () => {
    const old = await track();
    await h.api('PATCH', `/shipments/${old.shipmentId}/stop_tracking`);
    const replacement = await track();

    const resumed = await h.api('PATCH', `/shipments/${old.shipmentId}/resume_tracking`);
    expect(resumed.status).toBe(422);
    const [error] = resumed.body.errors;
    expect(error.code).toBe('duplicate');
    expect(error.detail).toContain(replacement.requestId);
    expect(error.detail).toMatch(/stop tracking its shipment first/);
    expect(error.detail).toMatch(/Keep using that request/);

    const shipment = await h.api('GET', `/shipments/${old.shipmentId}`);
    expect(shipment.body.data.attributes.line_tracking_stopped_reason).toBe('cancelled_by_user');
    expect(shipment.body.data.attributes.line_tracking_stopped_at).not.toBeNull();
    expect(await requestStatus(old.requestId)).toBe('tracking_stopped');
    const active = await h.api('GET', '/tracking_requests?filter[status]=created');
    expect(active.body.data.map((r: { id: string }) => r.id)).toEqual([replacement.requestId]);
    const tracked = await h.api('GET', '/shipments?filter[tracking_stopped]=false');
    expect(tracked.body.meta.total).toBe(1);

    // Once the other one is stopped, the old one resumes.
    await h.api('PATCH', `/shipments/${replacement.shipmentId}/stop_tracking`);
    const again = await h.api('PATCH', `/shipments/${old.shipmentId}/resume_tracking`);
    expect(again.status).toBe(200);
    expect(again.body.data.attributes.line_tracking_stopped_at).toBeNull();
    expect(await requestStatus(old.requestId)).toBe('created');
  });

  it('leaves a shipment whose containers all finished stopped, with its reason', async () => {
    const { requestId, shipmentId } = await track();
    await h.advance(90 * 86_400);
    const before = await h.api('GET', `/shipments/${shipmentId}`);
    expect(before.body.data.attributes.line_tracking_stopped_reason).toBe(
      'all_containers_terminated',
    );
    expect(await requestStatus(requestId)).toBe('tracking_stopped');

    const resumed = await h.api('PATCH', `/shipments/${shipmentId}/resume_tracking`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.attributes).toEqual(before.body.data.attributes);
    expect(await requestStatus(requestId)).toBe('tracking_stopped');
    // The number can be tracked again with a new request, as after any stop.
    const fresh = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(NUMBER, 'MSCU'),
    });
    expect(fresh.status).toBe(201);
  });

  it('answers 200 with the shipment unchanged when it is tracked', async () => {
    const { shipmentId } = await track();
    const before = await h.api('GET', `/shipments/${shipmentId}`);
    const resumed = await h.api('PATCH', `/shipments/${shipmentId}/resume_tracking`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.attributes).toEqual(before.body.data.attributes);
  });
});
