/**
 * The page and search queries (what the MCP server's lists read): filters in
 * the database, exact totals, related records, on PGlite and PostgreSQL.
 */
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror, MirrorConfigurationError } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-pages';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const rel = (type: string, id: string) => ({ data: { type, id } });
const rels = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

function shipment(id: string, bl: string, scac: string, pod: string, containers: string[]) {
  return {
    type: 'shipment',
    id,
    attributes: {
      bill_of_lading_number: bl,
      shipping_line_scac: scac,
      port_of_lading_locode: 'CNSHA',
      port_of_discharge_locode: pod,
      destination_locode: pod === 'NLRTM' ? 'DEDUI' : null,
      ref_numbers: [],
    },
    relationships: { containers: rels('container', containers) },
  };
}

function container(id: string, number: string, status: string, shipmentId: string) {
  return {
    type: 'container',
    id,
    attributes: { number, current_status: status, ref_numbers: [] },
    relationships: { shipment: rel('shipment', shipmentId) },
  };
}

function request(id: string, number: string, scac: string, status: string, created: string) {
  return {
    type: 'tracking_request',
    id,
    attributes: {
      request_number: number,
      request_type: 'bill_of_lading',
      scac,
      status,
      created_at: created,
      updated_at: Number.isNaN(Date.parse(created)) ? '2025-03-01T00:00:00Z' : created,
    },
    relationships: {},
  };
}

const RECORDS = [
  shipment('s1', 'MEDUAB1111', 'MSCU', 'NLRTM', ['c1', 'c2']),
  shipment('s2', 'HLCUCD2222', 'HLCU', 'USLAX', ['c3']),
  container('c1', 'MSCU1000001', 'available', 's1'),
  container('c2', 'MSCU1000002', 'on_ship', 's1'),
  container('c3', 'HLXU2000003', 'available', 's2'),
  request('r1', 'MEDUAB1111', 'MSCU', 'created', '2025-03-01T00:00:00Z'),
  request('r2', 'HLCUCD2222', 'HLCU', 'created', '2025-03-02T00:00:00Z'),
  request('r3', 'ONEYXX3333', 'ONEY', 'failed', '2025-03-03T00:00:00Z'),
  // `created_at` is not validated on ingest: a value that is no date-time sorts last, never fails.
  request('r4', 'ZIMUXX4444', 'ZIMU', 'pending', 'yesterday'),
];

describe.each(TEST_DATABASES)('pages and search on $name', (database) => {
  let mirror: Mirror;
  const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

  beforeAll(async () => {
    if (!database.available) return;
    mirror = await createMirror({ client, database: await database.shared() });
    const handler = mirror.webhookHandler({ secret: SECRET });
    const response = await handler(
      await signedRequest(deliveryOf('pages-n1', '2025-03-04T00:00:00Z', RECORDS), SECRET),
    );
    expect(response.status).toBe(200);
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await mirror?.close();
  });

  it.skipIf(!database.available)(
    'pages containers with exact totals and their shipments',
    async () => {
      const first = await mirror.containerPage({ limit: 2 });
      expect(ids(first)).toEqual(['c3', 'c1']);
      expect(first.total).toBe(3);
      expect(first.related.map((record) => record.id).sort()).toEqual(['s1', 's2']);
      expect(ids(await mirror.containerPage({ limit: 2, offset: 2 }))).toEqual(['c2']);
      const available = await mirror.containerPage({ status: 'available', carrier: 'mscu' });
      expect([ids(available), available.total]).toEqual([['c1'], 1]);
      // The port of discharge only: DEDUI is s1's destination, not its port of discharge.
      expect((await mirror.containerPage({ portOfDischarge: 'DEDUI' })).total).toBe(0);
      expect(ids(await mirror.containerPage({ portOfDischarge: 'nlrtm' }))).toEqual(['c1', 'c2']);
      expect(first.asOf).toBe('2025-03-04T00:00:00.000Z');
    },
  );

  it.skipIf(!database.available)(
    'pages shipments by container status, any port and carrier',
    async () => {
      const onShip = await mirror.shipmentPage({
        containerStatus: 'on_ship',
        withContainers: true,
      });
      expect([ids(onShip), onShip.total]).toEqual([['s1'], 1]);
      expect(onShip.related.map((record) => record.id)).toEqual(['c1', 'c2']);
      expect(ids(await mirror.shipmentPage({ port: 'dedui' }))).toEqual(['s1']);
      expect(ids(await mirror.shipmentPage({ port: 'CNSHA', carrier: 'HLCU' }))).toEqual(['s2']);
      expect((await mirror.shipmentPage({})).related).toEqual([]);
    },
  );

  it.skipIf(!database.available)(
    'pages tracking requests newest first by every filter',
    async () => {
      expect(ids(await mirror.trackingRequestPage({}))).toEqual(['r3', 'r2', 'r1', 'r4']);
      expect(ids(await mirror.trackingRequestPage({ status: 'created', limit: 1 }))).toEqual([
        'r2',
      ]);
      expect(ids(await mirror.trackingRequestPage({ scac: 'oney' }))).toEqual(['r3']);
      expect(ids(await mirror.trackingRequestPage({ requestNumber: 'meduab1111' }))).toEqual([
        'r1',
      ]);
      const window = await mirror.trackingRequestPage({
        createdAt: { from: '2025-03-02T00:00:00Z', to: '2025-03-02T23:59:59Z' },
      });
      expect([ids(window), window.total]).toEqual([['r2'], 1]);
      await expect(mirror.trackingRequestPage({ createdAt: { from: 'soon' } })).rejects.toThrow(
        MirrorConfigurationError,
      );
      await expect(mirror.trackingRequestPage({ limit: 0 })).rejects.toThrow(/limit must be/);
    },
  );

  it.skipIf(!database.available)(
    'searches partial numbers of every kind, wildcards literal',
    async () => {
      const found = await mirror.search('duab1');
      expect(ids({ items: found.shipments })).toEqual(['s1']);
      expect(ids({ items: found.trackingRequests })).toEqual(['r1']);
      expect(found.containers).toEqual([]);
      const boxes = await mirror.search('mscu100');
      expect(ids({ items: boxes.containers })).toEqual(['c1', 'c2']);
      expect(boxes.related.map((record) => record.id)).toEqual(['s1']);
      expect(boxes.total).toBe(2);
      expect((await mirror.search('MSC_%')).total).toBe(0);
      await expect(mirror.search('ab')).rejects.toThrow(MirrorConfigurationError);
    },
  );
});
