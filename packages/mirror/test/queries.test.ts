import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror, MirrorConfigurationError } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-queries';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const rel = (type: string, id: string) => ({ data: { type, id } });

/** Three shipments, four containers: each filter picks a different set. */
function records(p: string) {
  return [
    {
      type: 'shipment',
      id: `${p}s1`,
      attributes: {
        bill_of_lading_number: `${p}MEDU111`,
        shipping_line_scac: 'MSCU',
        port_of_discharge_locode: 'NLRTM',
        pod_eta_at: '2025-03-12T00:00:00Z',
        pod_original_eta_at: '2025-03-10T00:00:00Z',
        ref_numbers: [`${p}PO-9`],
      },
      relationships: {},
    },
    {
      type: 'shipment',
      id: `${p}s2`,
      attributes: {
        bill_of_lading_number: `${p}HLCU222`,
        shipping_line_scac: 'HLCU',
        port_of_discharge_locode: 'USLAX',
        pod_eta_at: '2025-03-10T05:00:00Z',
        pod_original_eta_at: '2025-03-10T00:00:00Z',
        ref_numbers: [],
      },
      relationships: {},
    },
    {
      type: 'container',
      id: `${p}c1`,
      attributes: {
        number: `${p}AAAU1`,
        current_status: 'not_available',
        pickup_lfd: '2025-03-14T22:00:00Z',
        pod_timezone: 'America/Los_Angeles',
        available_for_pickup: false,
        holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
        // A container number as a reference: found however it is written.
        ref_numbers: ['QMRU9046312'],
      },
      relationships: {
        shipment: rel('shipment', `${p}s2`),
        pod_terminal: rel('terminal', 't-lax'),
      },
    },
    {
      type: 'container',
      id: `${p}c2`,
      attributes: {
        number: `${p}BBBU2`,
        current_status: 'available',
        pickup_lfd: '2025-03-20T00:00:00Z',
        pod_timezone: 'Europe/Amsterdam',
        available_for_pickup: true,
        holds_at_pod_terminal: [{ name: 'freight', status: 'pending' }],
        ref_numbers: [],
      },
      relationships: {
        shipment: rel('shipment', `${p}s1`),
        pod_terminal: rel('terminal', 't-rtm'),
      },
    },
    {
      type: 'container',
      id: `${p}c3`,
      attributes: {
        number: `${p}CCCU3`,
        current_status: 'picked_up',
        pickup_lfd: '2025-03-13T00:00:00Z',
        pod_full_out_at: '2025-03-12T10:00:00Z',
        pod_timezone: 'Europe/Amsterdam',
        available_for_pickup: null,
        holds_at_pod_terminal: [],
        ref_numbers: [`${p}REF-3`],
      },
      relationships: {
        shipment: rel('shipment', `${p}s1`),
        pod_terminal: rel('terminal', 't-rtm'),
      },
    },
    {
      type: 'container',
      id: `${p}c4`,
      attributes: {
        number: `${p}DDDU4`,
        current_status: 'on_ship',
        pickup_lfd: null,
        pod_timezone: 'Not/AZone',
        holds_at_pod_terminal: [],
        ref_numbers: [],
      },
      relationships: { shipment: rel('shipment', `${p}s2`) },
    },
    {
      // The service's coalesced pickup_lfd is the line's date; the terminal's comes first.
      type: 'container',
      id: `${p}c5`,
      attributes: {
        number: `${p}EEEU5`,
        current_status: 'grounded',
        pickup_lfd: '2025-03-25T18:00:00Z',
        import_deadlines: {
          pickup_lfd_terminal: '2025-03-13T20:00:00Z',
          pickup_lfd_line: '2025-03-25T18:00:00Z',
        },
        pod_timezone: 'America/Los_Angeles',
        holds_at_pod_terminal: [],
        ref_numbers: [],
      },
      relationships: {},
    },
    {
      type: 'tracking_request',
      id: `${p}tr1`,
      attributes: {
        request_number: `${p}BK777`,
        request_type: 'booking_number',
        scac: 'HLCU',
        status: 'created',
        updated_at: '2025-03-01T00:00:00Z',
      },
      relationships: { tracked_object: rel('shipment', `${p}s2`) },
    },
  ];
}

describe.each(TEST_DATABASES)('queries on $name', (database) => {
  let mirror: Mirror;
  const p = `q-${database.name}-`;
  const ids = async (promise: Promise<{ items: Array<{ id: string }> }>) =>
    (await promise).items.map((item) => item.id.slice(p.length));

  beforeAll(async () => {
    if (!database.available) return;
    mirror = await createMirror({ client, database: await database.shared() });
    const handler = mirror.webhookHandler({ secret: SECRET });
    const response = await handler(
      await signedRequest(deliveryOf(`${p}n1`, '2025-03-11T08:00:00Z', records(p)), SECRET),
    );
    expect(response.status).toBe(200);
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await mirror?.close();
  });

  it.skipIf(!database.available)(
    'filters containers by status, port, terminal, carrier, availability, holds and ETA moves',
    async () => {
      const mine = { limit: 10_000 };
      const only = async (query: Parameters<Mirror['containers']>[0]) =>
        (await ids(mirror.containers({ ...mine, ...query }))).filter((id) => /^c\d$/.test(id));
      expect(await only({ status: 'available' })).toEqual(['c2']);
      expect(await only({ status: ['on_ship', 'not_available'] })).toEqual(['c1', 'c4']);
      expect(await only({ port: 'NLRTM' })).toEqual(['c2', 'c3']);
      expect(await only({ terminal: 't-lax' })).toEqual(['c1']);
      expect(await only({ carrier: 'HLCU' })).toEqual(['c1', 'c4']);
      expect(await only({ availableForPickup: true })).toEqual(['c2']);
      expect(await only({ holds: true })).toEqual(['c1']);
      expect(await only({ holds: false, carrier: 'MSCU' })).toEqual(['c2', 'c3']);
      expect(await only({ etaMovedMoreThanHours: 24 })).toEqual(['c2', 'c3']);
      expect(
        await only({ lastFreeDay: { from: '2025-03-13T00:00:00Z', to: '2025-03-15T00:00:00Z' } }),
      ).toEqual(['c1', 'c3']);
      const result = await mirror.containers({ status: 'available' });
      expect(result.asOf).not.toBeNull();
      expect(result.items[0]?.observedAt).toBe('2025-03-11T08:00:00.000Z');
    },
  );

  it.skipIf(!database.available)(
    'looks a number up as a container number, bill of lading, booking or reference',
    async () => {
      const found = async (number: string) =>
        (await mirror.lookup(number)).items.map((m) => [
          m.container.id.slice(p.length),
          m.matchedBy,
        ]);
      expect(await found(`${p}aaau1`)).toEqual([['c1', 'container_number']]);
      expect(await found(` ${p}MEDU111 `)).toEqual([
        ['c2', 'bill_of_lading'],
        ['c3', 'bill_of_lading'],
      ]);
      expect(await found(`${p}BK777`)).toEqual([
        ['c1', 'booking_number'],
        ['c4', 'booking_number'],
      ]);
      expect(await found(`${p}REF-3`)).toEqual([['c3', 'reference']]);
      expect(await found(`${p}PO-9`)).toEqual([
        ['c2', 'reference'],
        ['c3', 'reference'],
      ]);
      expect(await found(' qmru 904631-2 ')).toEqual([['c1', 'reference']]);
      expect(await found(`${p}nothing`)).toEqual([]);
      await expect(mirror.lookup('  ')).rejects.toThrow(MirrorConfigurationError);
    },
  );

  it.skipIf(!database.available)(
    "counts days to the last free day in the terminal's zone",
    async () => {
      // 2025-03-14T22:00Z is 15:00 on 14 March in Los Angeles; at 2025-03-12T06:00Z it is still 11 March there (in UTC it would be 2 days).
      const risk = await mirror.atRisk({ withinDays: 3, now: '2025-03-12T06:00:00Z' });
      const mine = risk.items.filter((item) => item.container.id.startsWith(p));
      expect(
        mine.map((item) => [
          item.container.id.slice(p.length),
          item.lastFreeDay,
          item.daysLeft,
          item.timeZone,
        ]),
      ).toEqual([
        ['c5', '2025-03-13', 2, 'America/Los_Angeles'],
        ['c1', '2025-03-14', 3, 'America/Los_Angeles'],
      ]);
      // Led by the first deadline that applies (the SDK's lastFreeDay), the coalesced one beside it.
      expect(mine[0]?.deadline).toMatchObject({
        source: 'terminal',
        coalesced: { source: 'line', date: '2025-03-25' },
      });
      const later = await mirror.atRisk({ withinDays: 8, now: '2025-03-12T06:00:00Z' });
      expect(
        later.items
          .filter((i) => i.container.id.startsWith(p))
          .map((i) => i.container.id.slice(p.length)),
      ).toEqual(['c5', 'c1', 'c2']);
    },
  );

  it.skipIf(!database.available)(
    'refuses filters it does not know instead of ignoring them',
    async () => {
      await expect(mirror.containers({ colour: 'red' } as never)).rejects.toThrow(
        /Unknown container filter colour/,
      );
      await expect(mirror.containers({ lastFreeDay: { from: 'soon' } })).rejects.toThrow(
        /ISO 8601/,
      );
    },
  );
});
