import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();
let connection: Connection;
let check: (tool: string, result: unknown) => void;

const call = (name: string, args: Record<string, unknown> = {}) =>
  connection.client.callTool({ name, arguments: args });

/** The id of a demo container, found by its number. */
async function containerIdOf(number: string): Promise<string> {
  const found = await call('search_container', { query: number });
  const hit = (
    found.structuredContent as { containers: { id: string; containerNumber: string }[] }
  ).containers.find((c) => c.containerNumber === number);
  if (!hit) throw new Error(`demo container ${number} not found`);
  return hit.id;
}

beforeAll(async () => {
  connection = await connect({ client: service.client(), now: () => new Date(MOCK_START) });
  check = await outputValidators(connection.client);
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('tools', () => {
  it('lists the ten tools of the specification and the at-risk list with their annotations', async () => {
    const { tools } = await connection.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'get_container',
        'get_container_route',
        'get_container_transport_events',
        'get_shipment_details',
        'get_supported_shipping_lines',
        'list_containers',
        'list_containers_at_risk',
        'list_shipments',
        'list_tracking_requests',
        'search_container',
        'track_container',
      ].sort(),
    );
    for (const tool of tools) {
      // Open world (carrier and terminal data): the protocol's default, so it is not spelled out.
      expect(tool.annotations?.openWorldHint ?? true, tool.name).toBe(true);
      // The title is said once, at the top (the annotations' copy is the older place for it).
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.annotations?.title, tool.name).toBeUndefined();
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(tool.name !== 'track_container');
      expect(tool.outputSchema, tool.name).toBeDefined();
    }
    const track = tools.find((t) => t.name === 'track_container');
    expect(track?.annotations).toMatchObject({ idempotentHint: true, destructiveHint: false });
  });

  it('search_container finds a container and its shipment, exact match first', async () => {
    const result = await call('search_container', { query: 'MAEU4002159' });
    check('search_container', result);
    const found = result.structuredContent as {
      containers: { containerNumber: string; podTerminal: string }[];
      totalResults: number;
    };
    expect(found.containers[0]).toMatchObject({
      containerNumber: 'MAEU4002159',
      podTerminal: 'TraPac Los Angeles',
    });
    expect(textOf(result)).toContain('MAEU4002159 not_available');
    expect(result.content).toContainEqual(expect.objectContaining({ type: 'resource_link' }));
  });

  it('search_container says how to start tracking when nothing matches', async () => {
    const result = await call('search_container', { query: 'ZZZZ999' });
    check('search_container', result);
    expect(result.structuredContent).toMatchObject({
      totalResults: 0,
      containers: [],
      shipments: [],
    });
    expect(textOf(result)).toContain('track_container');
  });

  it('get_container tells status, last free day in the terminal time zone, holds and fees', async () => {
    const id = await containerIdOf('MAEU4002159');
    const result = await call('get_container', { id, include: ['shipment'] });
    check('get_container', result);
    expect(result.structuredContent).toMatchObject({
      number: 'MAEU4002159',
      status: 'not_available',
      demurrage: {
        lastFreeDay: '2025-03-04',
        daysToLastFreeDay: 4,
        countedIn: 'America/Los_Angeles',
        holds: [
          { name: 'customs', status: 'hold' },
          { name: 'freight', status: 'pending' },
        ],
        feeTotals: [{ currencyCode: 'USD', amount: 285, source: 'service' }],
      },
      flags: { leftTerminal: false, trackingStopped: false },
      shipment: { billOfLading: '241038926', shippingLineScac: 'MAEU' },
    });
    const text = textOf(result);
    expect(text).toContain(
      'Last free day: 2025-03-04 (in 4 day(s), terminal, America/Los_Angeles time)',
    );
    expect(text).not.toContain('"number"');
    expect(result.content).toContainEqual({
      type: 'resource_link',
      uri: `service://container/${id}`,
      name: 'MAEU4002159',
    });
  });

  it('get_container with transport_events adds the latest events, bounded', async () => {
    const id = await containerIdOf('MAEU4002159');
    const result = await call('get_container', { id, include: ['transport_events'] });
    check('get_container', result);
    const { recentEvents } = result.structuredContent as {
      recentEvents: { totalEvents: number; latest: unknown[]; omitted: number };
    };
    expect(recentEvents.latest.length).toBeLessThanOrEqual(10);
    expect(recentEvents.latest.length + recentEvents.omitted).toBe(recentEvents.totalEvents);
  });

  it('get_container does not warn about demurrage once the box is returned, and flags stopped tracking', async () => {
    const id = await containerIdOf('CMAU9155939');
    const result = await call('get_container', { id });
    check('get_container', result);
    expect(result.structuredContent).toMatchObject({
      status: 'empty_returned',
      flags: {
        leftTerminal: true,
        trackingStopped: true,
        trackingStoppedReason: 'all_containers_terminated',
      },
    });
    expect(result.structuredContent).not.toHaveProperty('demurrage.daysToLastFreeDay');
    expect(textOf(result)).not.toContain('Last free day');
    expect(textOf(result)).toContain('no terminal demurrage accrues');
  });

  it('get_container keeps "not reported" apart from "none" while the terminal does not report', async () => {
    const id = await containerIdOf('MSCU1451670');
    const result = await call('get_container', { id });
    check('get_container', result);
    // Not reported: left out; none would be [].
    expect(result.structuredContent).toHaveProperty('demurrage.feeTotals');
    expect(result.structuredContent).not.toHaveProperty('demurrage.holds');
    expect(result.structuredContent).not.toHaveProperty('demurrage.fees');
    expect(textOf(result)).toContain('Holds: not reported');
  });

  it('get_container_transport_events gives counts, milestones and the timeline', async () => {
    const id = await containerIdOf('MAEU4002159');
    const result = await call('get_container_transport_events', { id });
    check('get_container_transport_events', result);
    expect(result.structuredContent).toMatchObject({
      totalEvents: 8,
      milestones: { vesselLoadedAt: '2025-02-13T00:00:00Z', dischargedAt: '2025-02-28T18:00:00Z' },
      timelineOmitted: 0,
    });
    expect(textOf(result)).toContain('vessel_discharged at Los Angeles USLAX');
  });

  it('get_shipment_details gives ports, vessel, first and current ETA and linked containers', async () => {
    const search = await call('search_container', { query: '241038926' });
    const shipmentId = (search.structuredContent as { shipments: { id: string }[] }).shipments[0]
      ?.id;
    const result = await call('get_shipment_details', { id: shipmentId });
    check('get_shipment_details', result);
    expect(result.structuredContent).toMatchObject({
      billOfLading: '241038926',
      vessel: { name: 'MSC GULSUN', voyage: '684E' },
      times: { podOriginalEtaAt: '2025-02-27T06:00:00Z', podEtaAt: '2025-02-28T06:00:00Z' },
      containersOmitted: 0,
    });
    const links = (result.content ?? []).filter((block) => block.type === 'resource_link');
    expect(links).toHaveLength(2);
    const without = await call('get_shipment_details', {
      id: shipmentId,
      include_containers: false,
    });
    check('get_shipment_details', without);
    expect(without.structuredContent).not.toHaveProperty('containers');
  });

  it('get_supported_shipping_lines finds a SCAC by name and bounds the list', async () => {
    const result = await call('get_supported_shipping_lines', { search: 'hapag' });
    check('get_supported_shipping_lines', result);
    expect(result.structuredContent).toMatchObject({
      shippingLines: [{ scac: 'HLCU' }],
      total: 1,
      omitted: 0,
    });
    const all = await call('get_supported_shipping_lines');
    check('get_supported_shipping_lines', all);
    const { total, shippingLines, omitted } = all.structuredContent as {
      total: number;
      shippingLines: unknown[];
      omitted: number;
    };
    expect(shippingLines.length + omitted).toBe(total);
    // Without a search the list is paged: 20 lines, then the next page.
    expect(shippingLines).toHaveLength(20);
    expect(textOf(all)).toContain('with page: 2');
    const second = await call('get_supported_shipping_lines', { page: 2 });
    check('get_supported_shipping_lines', second);
    expect((second.structuredContent as { page: number }).page).toBe(2);
    expect(JSON.stringify(second.structuredContent)).not.toContain(
      JSON.stringify((shippingLines as unknown[])[0]),
    );
  });

  it('get_container_route lists the stops', async () => {
    const id = await containerIdOf('MAEU4002159');
    const result = await call('get_container_route', { id });
    check('get_container_route', result);
    expect(result.structuredContent).toMatchObject({
      available: true,
      stops: [
        { locode: 'TWKHH', leaveBy: 'vessel' },
        { locode: 'USLAX', arriveBy: 'vessel' },
      ],
    });
  });

  it('list_shipments filters by port and embeds containers on request', async () => {
    const result = await call('list_shipments', { port: 'uslax', include_containers: true });
    check('list_shipments', result);
    const { shipments, paging, filters } = result.structuredContent as {
      shipments: {
        pol: string;
        pod: string;
        containers: unknown[];
      }[];
      paging: { total: number; complete: boolean };
      filters: { checked: unknown[]; notApplied: unknown[] };
    };
    expect(shipments).toHaveLength(2);
    expect(shipments.every((s) => s.pod === 'USLAX')).toBe(true);
    expect(shipments).toContainEqual(
      expect.objectContaining({
        bl: '241038926',
        scac: 'MAEU',
        pol: 'TWKHH',
        stopped: false,
        cntrs: 2,
      }),
    );
    expect(paging).toMatchObject({ total: 2, complete: true, hasMore: false });
    expect(paging).not.toHaveProperty('next');
    expect(filters).toEqual({ checked: [{ name: 'port', value: 'USLAX' }], notApplied: [] });
    expect(textOf(result)).toContain('Page 1 (size 25): 2 of 2 shown; last page.');
  });

  it('list_containers explains paging and sends each row once: a compact table, no links', async () => {
    const result = await call('list_containers', { status: 'on_ship', page_size: 2 });
    check('list_containers', result);
    expect(result.structuredContent).toMatchObject({
      paging: {
        page: 1,
        pageSize: 2,
        returned: 2,
        total: 3,
        hasMore: true,
      },
    });
    expect(result.structuredContent).not.toHaveProperty('paging.next');
    expect((result.content ?? []).filter((block) => block.type === 'resource_link')).toEqual([]);
    expect(textOf(result)).toContain('number|status|SCAC|POD|LFD local|holds (?=unknown)\n');
    expect(textOf(result)).toContain('\nPage 1 (size 2): 2 of 3 shown; next: page 2.');
    expect(textOf(result)).toMatch(/\nMSCU\d{7}\|on_ship\|MSCU\|USNYC\|-\|\?\n/);
    const second = await call('list_containers', { status: 'on_ship', page_size: 2, page: 2 });
    check('list_containers', second);
    expect(second.structuredContent).toMatchObject({ paging: { returned: 1, hasMore: false } });
  });

  it('list_containers adds the extras asked for in include', async () => {
    const result = await call('list_containers', {
      carrier: 'MAEU',
      include: 'shipment,pod_terminal,transport_events',
    });
    check('list_containers', result);
    const rows = (result.structuredContent as { containers: Record<string, unknown>[] }).containers;
    expect(rows[0]).toMatchObject({
      bl: '241038926',
      terminal: 'TraPac Los Angeles',
      events: 8,
    });
  });

  it('list_tracking_requests filters by status and by raw filters', async () => {
    const pending = await call('list_tracking_requests', { status: 'pending' });
    check('list_tracking_requests', pending);
    expect(pending.structuredContent).toMatchObject({
      trackingRequests: [{ number: 'MSCU5528717', status: 'pending', retrying: false }],
    });
    const failed = await call('list_tracking_requests', {
      filters: { 'filter[status]': 'failed', scac: 'mscu' },
    });
    check('list_tracking_requests', failed);
    expect(failed.structuredContent).toMatchObject({
      trackingRequests: [{ number: 'TGHU8812349', reason: 'invalid_number' }],
      filters: { checked: [{ name: 'status' }, { name: 'scac' }] },
    });
    expect(textOf(failed)).toContain(
      '\nTGHU8812349|container|MSCU|failed (invalid_number)|2025-02-28 20:59\n',
    );
    const created = await call('list_tracking_requests', { status: 'created', page_size: 1 });
    expect(created.structuredContent).toMatchObject({
      trackingRequests: [
        { number: 'MEDUQ4821563', type: 'bill_of_lading', shipmentId: expect.any(String) },
      ],
    });
    expect(textOf(created)).toContain('\nMEDUQ4821563|B/L|MSCU|created|');
  });
});

describe('get_container on a later day', () => {
  it('flags terminal data older than a day and counts the days left from that day', async () => {
    const later = await connect({
      client: service.client(),
      now: () => new Date('2025-03-03T20:00:00Z'),
    });
    try {
      const found = await later.client.callTool({
        name: 'search_container',
        arguments: { query: 'MAEU4002159' },
      });
      const id = (found.structuredContent as { containers: { id: string }[] }).containers[0]?.id;
      const result = await later.client.callTool({ name: 'get_container', arguments: { id } });
      expect(result.structuredContent).toMatchObject({
        demurrage: { lastFreeDay: '2025-03-04', daysToLastFreeDay: 1 },
        flags: { terminalDataStale: true },
      });
      expect(textOf(result)).toContain('Terminal data is more than a day old.');
    } finally {
      await later.close();
    }
  });
});
