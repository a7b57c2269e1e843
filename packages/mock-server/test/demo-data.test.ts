import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import type { JsonBody } from './harness.js';
import { type Harness, inProcessHarness } from './harness.js';

describe('demo dataset', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness();
  });
  afterEach(() => h.close());

  it('has shipments at sea, at the terminal with holds, on rail and returned', async () => {
    const list = await h.api('GET', '/containers?page[size]=100');
    const statuses = list.body.data.map((c: JsonBody) => c.attributes.current_status);
    expect(statuses).toEqual(
      expect.arrayContaining(['on_ship', 'not_available', 'on_rail', 'empty_returned']),
    );
    const held = list.body.data.find(
      (c: JsonBody) => c.attributes.current_status === 'not_available',
    );
    expect(held.attributes.holds_at_pod_terminal).toContainEqual(
      expect.objectContaining({ status: 'hold' }),
    );
    expect(held.attributes.pickup_lfd).toEqual(expect.any(String));
    const stopped = await h.api('GET', '/shipments?filter[tracking_stopped]=true');
    expect(stopped.body.data).toHaveLength(1);
    expect(stopped.body.data[0].attributes.line_tracking_stopped_reason).toBe(
      'all_containers_terminated',
    );
  });

  it('lists tracking requests in every state, newest first, with tracked_object included by default', async () => {
    const list = await h.api('GET', '/tracking_requests');
    const statuses = list.body.data.map((r: JsonBody) => r.attributes.status);
    expect(statuses).toEqual(
      expect.arrayContaining(['pending', 'failed', 'created', 'tracking_stopped']),
    );
    expect(list.body.included.every((r: JsonBody) => r.type === 'shipment')).toBe(true);
    const created = list.body.data.map((r: JsonBody) => Date.parse(r.attributes.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const failed = list.body.data.find((r: JsonBody) => r.attributes.status === 'failed');
    expect(failed.attributes.failed_reason).toBe('invalid_number');
  });

  it('keeps accounts isolated: another key sees only its own records and 404 for the others', async () => {
    const mine = await h.api('GET', '/shipments');
    const theirs = await h.api('GET', '/shipments', { apiKey: DEMO_SECOND_API_KEY });
    expect(theirs.body.data).toHaveLength(1);
    const myIds = new Set(mine.body.data.map((s: JsonBody) => s.id));
    expect(myIds.has(theirs.body.data[0].id)).toBe(false);
    const foreign = await h.api('GET', `/shipments/${mine.body.data[0].id}`, {
      apiKey: DEMO_SECOND_API_KEY,
    });
    expect(foreign.status).toBe(404);
  });

  it('is the same on every start: seeded ids and data', async () => {
    const again = inProcessHarness();
    try {
      const a = await h.api('GET', '/shipments?include=containers');
      const b = await again.api('GET', '/shipments?include=containers');
      expect(b.body.data).toEqual(a.body.data);
      expect(b.body.included).toEqual(a.body.included);
    } finally {
      await again.close();
    }
  });

  it('serves every read endpoint with every include within the contract', async () => {
    const shipments = await h.api(
      'GET',
      '/shipments?include=containers,port_of_lading,port_of_discharge,pod_terminal,destination,destination_terminal',
    );
    expect(shipments.status).toBe(200);
    for (const shipment of shipments.body.data) {
      const one = await h.api(
        'GET',
        `/shipments/${shipment.id}?include=containers,port_of_lading,port_of_discharge,pod_terminal,destination,destination_terminal`,
      );
      expect(one.status).toBe(200);
    }
    const containers = await h.api(
      'GET',
      '/containers?include=shipment,pod_terminal,transport_events&page[size]=100',
    );
    for (const container of containers.body.data) {
      for (const path of [
        `/containers/${container.id}?include=shipment,pod_terminal,transport_events`,
        `/containers/${container.id}/transport_events?include=location,terminal,vessel`,
        `/containers/${container.id}/raw_events?include=location,vessel`,
        `/containers/${container.id}/route`,
      ]) {
        expect((await h.api('GET', path)).status).toBe(200);
      }
      expect((await h.api('PATCH', `/containers/${container.id}/refresh`)).status).toBe(200);
    }
    const requests = await h.api('GET', '/tracking_requests?include=tracked_object');
    for (const request of requests.body.data) {
      expect(
        (await h.api('GET', `/tracking_requests/${request.id}?include=tracked_object`)).status,
      ).toBe(200);
    }
  });

  it('lists about forty shipping lines over pages, searchable by name or SCAC', async () => {
    const first = await h.api('GET', '/shipping_lines');
    expect(first.body.meta.total).toBeGreaterThanOrEqual(40);
    expect(first.body.links.next).toContain('page[number]=2');
    const second = await h.api(
      'GET',
      new URL(first.body.links.next).pathname.replace('/v2', '') +
        new URL(first.body.links.next).search,
    );
    expect(second.body.links.next).toBeUndefined();
    expect(first.body.data.length + second.body.data.length).toBe(first.body.meta.total);
    const maersk = await h.api('GET', '/shipping_lines?q=maersk');
    expect(maersk.body.data.map((l: JsonBody) => l.attributes.scac)).toEqual(['MAEU']);
    const medu = await h.api('GET', '/shipping_lines?q=medu');
    expect(medu.body.data.map((l: JsonBody) => l.attributes.scac)).toEqual(['MSCU']);
  });
});
