import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import type { JsonBody } from './harness.js';
import { type Harness, inProcessHarness } from './harness.js';

describe('shipments', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness();
  });
  afterEach(() => h.close());

  const firstActive = async () =>
    (
      await h.api(
        'GET',
        '/shipments?filter[tracking_stopped]=false&filter[container_status]=on_ship',
      )
    ).body.data[0];

  it('edits reference numbers and tags', async () => {
    const shipment = await firstActive();
    const edited = await h.api('PATCH', `/shipments/${shipment.id}`, {
      body: {
        data: {
          type: 'shipment',
          id: shipment.id,
          attributes: { ref_numbers: ['PO-9'], tags: ['urgent'] },
        },
      },
    });
    expect(edited.body.data.attributes).toMatchObject({ ref_numbers: ['PO-9'], tags: ['urgent'] });
    const found = await h.api('GET', '/shipments?q=po-9');
    expect(found.body.data.map((s: JsonBody) => s.id)).toEqual([shipment.id]);
  });

  it('stops tracking by the user and resumes it, catching up on missed milestones', async () => {
    const shipment = await firstActive();
    const stopped = await h.api('PATCH', `/shipments/${shipment.id}/stop_tracking`, {
      body: { data: { type: 'shipment', id: shipment.id } },
    });
    expect(stopped.body.data.attributes.line_tracking_stopped_reason).toBe('cancelled_by_user');
    expect(stopped.body.data.relationships.line_tracking_stopped_by_user.data).toMatchObject({
      type: 'user',
    });
    const containerId = shipment.relationships.containers.data[0].id;
    await h.advance(60 * 86_400);
    const frozen = await h.api('GET', `/containers/${containerId}`);
    expect(frozen.body.data.attributes.current_status).toBe('on_ship');

    const resumed = await h.api('PATCH', `/shipments/${shipment.id}/resume_tracking`);
    expect(resumed.status).toBe(200);
    const caughtUp = await h.api('GET', `/containers/${containerId}`);
    expect(caughtUp.body.data.attributes.current_status).toBe('empty_returned');
    const after = await h.api('GET', `/shipments/${shipment.id}`);
    expect(after.body.data.attributes.line_tracking_stopped_reason).toBe(
      'all_containers_terminated',
    );
  });

  it('filters by port, carrier, update time and container status, and rejects bad values', async () => {
    const all = await h.api('GET', '/shipments');
    const first = all.body.data[0].attributes;
    const byPort = await h.api('GET', `/shipments?filter[port]=${first.port_of_lading_locode}`);
    expect(byPort.body.data.length).toBeGreaterThan(0);
    for (const s of byPort.body.data) {
      expect([
        s.attributes.port_of_lading_locode,
        s.attributes.port_of_discharge_locode,
        s.attributes.destination_locode,
      ]).toContain(first.port_of_lading_locode);
    }
    const byCarrier = await h.api('GET', '/shipments?filter[carrier]=hlcu');
    expect(byCarrier.body.data.map((s: JsonBody) => s.attributes.shipping_line_scac)).toEqual([
      'HLCU',
    ]);
    const future = await h.api('GET', '/shipments?filter[updated_after]=2030-01-01T00:00:00Z');
    expect(future.body.data).toEqual([]);
    const byNumber = await h.api('GET', `/shipments?number=${first.bill_of_lading_number}`);
    expect(byNumber.body.data).toHaveLength(1);
    const railing = await h.api('GET', '/shipments?filter[container_status]=on_rail');
    expect(railing.body.data).toHaveLength(1);
    for (const [query, parameter] of [
      ['filter[port]=LA', 'filter[port]'],
      ['filter[tracking_stopped]=yes', 'filter[tracking_stopped]'],
      ['filter[updated_after]=yesterday', 'filter[updated_after]'],
      ['filter[container_status]=lost', 'filter[container_status]'],
      ['filter[status]=on_ship', 'filter[status]'],
      ['include=vessel', 'include'],
      ['page[size]=101', 'page[size]'],
      ['page[number]=0', 'page[number]'],
      ['page[number]=1.5', 'page[number]'],
      ['page[offset]=3', 'page[offset]'],
    ]) {
      const bad = await h.api('GET', `/shipments?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.errors[0].source.parameter).toBe(parameter);
    }
  });

  it('paginates with absolute links that keep other parameters and unencoded brackets', async () => {
    const page = await h.api(
      'GET',
      '/shipments?filter[tracking_stopped]=false&page[size]=2&page[number]=2',
    );
    expect(page.body.meta).toEqual({ size: 2, total: 3 });
    expect(page.body.links.self).toBe(
      `${h.baseUrl}/shipments?filter[tracking_stopped]=false&page[number]=2&page[size]=2`,
    );
    expect(page.body.links.prev).toContain('page[number]=1');
    expect(page.body.links.next).toBeUndefined();
    expect(page.body.links.last).toContain('page[number]=2');
    const beyond = await h.api('GET', '/shipments?page[number]=9');
    expect(beyond.body.data).toEqual([]);
  });
});

describe('containers', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness();
  });
  afterEach(() => h.close());

  it('filters by status, port of discharge, carrier and free text', async () => {
    const held = await h.api('GET', '/containers?filter[status]=not_available&include=shipment');
    expect(held.body.data.length).toBeGreaterThan(0);
    const shipment = held.body.included[0];
    const pod = shipment.attributes.port_of_discharge_locode;
    const byPort = await h.api(
      'GET',
      `/containers?filter[port]=${pod}&filter[carrier]=${shipment.attributes.shipping_line_scac}`,
    );
    expect(byPort.body.data.map((c: JsonBody) => c.id)).toEqual(
      expect.arrayContaining(held.body.data.map((c: JsonBody) => c.id)),
    );
    const byBl = await h.api('GET', `/containers?q=${shipment.attributes.bill_of_lading_number}`);
    expect(byBl.body.data).toHaveLength(held.body.data.length);
    const byNumber = await h.api(
      'GET',
      `/containers?q=${held.body.data[0].attributes.number.slice(0, 8).toLowerCase()}`,
    );
    expect(byNumber.body.data[0].id).toBe(held.body.data[0].id);
    expect((await h.api('GET', '/containers?filter[tracking_stopped]=true')).status).toBe(400);
  });

  it('forces a refresh only when the account has the feature', async () => {
    const container = (await h.api('GET', '/containers')).body.data[0];
    const ok = await h.api('PATCH', `/containers/${container.id}/refresh`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json');
    expect(ok.body.message).toEqual(expect.any(String));
    const other = (await h.api('GET', '/containers', { apiKey: DEMO_SECOND_API_KEY })).body.data[0];
    const denied = await h.api('PATCH', `/containers/${other.id}/refresh`, {
      apiKey: DEMO_SECOND_API_KEY,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0].code).toBe('feature_not_enabled');
  });

  it('serves the route only when the account has the feature', async () => {
    const list = await h.api('GET', '/containers?filter[status]=on_rail');
    const route = await h.api('GET', `/containers/${list.body.data[0].id}/route`);
    expect(route.body.data.type).toBe('route');
    const locations = route.body.included.filter((r: JsonBody) => r.type === 'route_location');
    expect(
      locations.map((l: JsonBody) => [l.attributes.inbound_mode, l.attributes.outbound_mode]),
    ).toEqual([
      [null, 'vessel'],
      ['vessel', 'rail'],
      ['rail', null],
    ]);
    const other = (await h.api('GET', '/containers', { apiKey: DEMO_SECOND_API_KEY })).body.data[0];
    const denied = await h.api('GET', `/containers/${other.id}/route`, {
      apiKey: DEMO_SECOND_API_KEY,
    });
    expect(denied.status).toBe(403);
  });

  it('answers 404 for ids that are not UUIDs, unknown, or of another account', async () => {
    const mine = (await h.api('GET', '/containers')).body.data[0];
    for (const [path, apiKey] of [
      ['/containers/not-a-uuid', undefined],
      ['/containers/00000000-0000-4000-8000-000000000000', undefined],
      [`/containers/${mine.id}`, DEMO_SECOND_API_KEY],
      [`/containers/${mine.id}/transport_events`, DEMO_SECOND_API_KEY],
      ['/tracking_requests/42', undefined],
      ['/shipments/00000000-0000-4000-8000-000000000000', undefined],
    ] as const) {
      const response = await h.api('GET', path, apiKey === undefined ? {} : { apiKey });
      expect(response.status, path).toBe(404);
      expect(response.body.errors[0].detail).toContain('List the');
    }
  });
});
