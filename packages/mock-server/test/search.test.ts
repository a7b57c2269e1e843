/**
 * `GET /search?query=` over real HTTP, every answer validated against the
 * spec by the harness: partial, case-insensitive matches on numbers, ranked
 * shipments, containers, tracking requests, each newest first, at most 25,
 * only from the caller's account; a missing query is a 400.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { type Harness, httpHarness, trackingRequestBody } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface SearchResult {
  id: string;
  type: string;
  attributes: {
    entity_type: string;
    number: string;
    shipment_id: string | null;
    created_at: string;
    [name: string]: unknown;
  };
}

async function search(harness: Harness, query: string, apiKey?: string): Promise<SearchResult[]> {
  const response = await harness.api('GET', `/search?query=${encodeURIComponent(query)}`, {
    ...(apiKey === undefined ? {} : { apiKey }),
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('search', () => {
  it('finds a bill of lading: its shipment, its containers, its tracking request, in that order', async () => {
    h = await httpHarness({ rateLimits: false });
    const response = await h.api('GET', '/search?query=MEDUQ4821563');
    expect(response.body.links).toEqual({
      self: `${h.baseUrl}/search?query=MEDUQ4821563`,
      current: `${h.baseUrl}/search?query=MEDUQ4821563`,
    });
    expect(response.body.meta).toBeUndefined();
    const results: SearchResult[] = response.body.data;
    expect(results.map((result) => result.type)).toEqual(results.map(() => 'search_result'));
    const kinds = results.map((result) => result.attributes.entity_type);
    expect(kinds[0]).toBe('shipment');
    expect(kinds.at(-1)).toBe('tracking_request');
    expect(kinds.filter((kind) => kind === 'cargo').length).toBeGreaterThan(0);

    const [shipment] = results;
    const stored = (await h.api('GET', `/shipments/${shipment?.id}`)).body.data;
    expect(shipment?.attributes).toMatchObject({
      number: 'MEDUQ4821563',
      shipment_id: stored.id,
      scac: stored.attributes.shipping_line_scac,
      containers_count: stored.relationships.containers.data.length,
      tracking_stopped: false,
      status: null,
      ref_numbers: stored.attributes.ref_numbers,
      created_at: stored.attributes.created_at,
    });
    for (const cargo of results.filter((result) => result.attributes.entity_type === 'cargo')) {
      const container = (await h.api('GET', `/containers/${cargo.id}`)).body.data;
      expect(cargo.attributes.number).toBe(container.attributes.number);
      expect(cargo.attributes.status).toBe(container.attributes.current_status);
      expect(cargo.attributes.shipment_id).toBe(stored.id);
    }
    const request = results.at(-1);
    const storedRequest = (await h.api('GET', `/tracking_requests/${request?.id}`)).body.data;
    expect(request?.attributes).toMatchObject({
      number: 'MEDUQ4821563',
      status: storedRequest.attributes.status,
      shipment_id: stored.id,
    });
  });

  it('matches part of a number, in any case, and reference numbers', async () => {
    h = await httpHarness({ rateLimits: false });
    const whole = await search(h, 'MEDUQ4821563');
    expect((await search(h, 'meduq48215')).map((r) => r.id)).toEqual(whole.map((r) => r.id));
    const byReference = await search(h, 'po-4821');
    expect(byReference[0]?.attributes).toMatchObject({
      entity_type: 'shipment',
      ref_numbers: expect.arrayContaining(['PO-48213']),
    });
    expect(byReference.at(-1)?.attributes).toMatchObject({
      entity_type: 'tracking_request',
      ref_numbers: expect.arrayContaining(['PO-48213']),
    });
    expect(await search(h, 'NOTHING-LIKE-THIS')).toEqual([]);
  });

  it('ranks shipments, then containers, then tracking requests, each newest first, at most 25', async () => {
    h = await httpHarness({ dataset: 'empty', rateLimits: false });
    const numbers = Array.from(
      { length: 10 },
      (_, i) => `MEDUSRCH${String(i + 1).padStart(4, '0')}`,
    );
    for (const number of numbers) {
      const created = await h.api('POST', '/tracking_requests', {
        body: trackingRequestBody(number, 'MSCU', 'bill_of_lading'),
      });
      expect(created.status).toBe(201);
      await h.advance(1);
    }
    await h.advance(120);
    const results = await search(h, 'srch');
    expect(results).toHaveLength(25);
    const kinds = results.map((result) => result.attributes.entity_type);
    const lastShipment = kinds.lastIndexOf('shipment');
    const firstCargo = kinds.indexOf('cargo');
    expect(kinds.slice(0, 10)).toEqual(Array(10).fill('shipment'));
    expect(firstCargo).toBe(lastShipment + 1);
    const shipments = results.slice(0, 10).map((result) => result.attributes.number);
    expect(shipments).toEqual([...numbers].reverse());
    const cargoShipments = results
      .filter((result) => result.attributes.entity_type === 'cargo')
      .map((result) => result.attributes.shipment_id);
    const shipmentOrder = results.slice(0, 10).map((result) => result.id);
    const positions = cargoShipments.map((id) => shipmentOrder.indexOf(id ?? ''));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // Fewer matches than the limit: every tracking request comes last, newest first.
    const one = await search(h, 'MEDUSRCH0003');
    expect(one.at(-1)?.attributes).toMatchObject({
      entity_type: 'tracking_request',
      number: 'MEDUSRCH0003',
    });
  });

  it("searches only the caller's account", async () => {
    h = await httpHarness({ rateLimits: false });
    expect((await search(h, 'MEDUQ4821563')).length).toBeGreaterThan(0);
    expect(await search(h, 'MEDUQ4821563', DEMO_SECOND_API_KEY)).toEqual([]);
  });

  it('answers 400 naming the query parameter when it is missing, blank, repeated or joined by another', async () => {
    h = await httpHarness({ rateLimits: false });
    for (const path of ['/search', '/search?query=', '/search?query=%20%20']) {
      const response = await h.api('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body.errors[0].source).toEqual({ parameter: 'query' });
      expect(response.body.errors[0].detail).toContain('The query parameter is required');
    }
    const twice = await h.api('GET', '/search?query=a&query=b');
    expect(twice.body.errors[0].source).toEqual({ parameter: 'query' });
    const other = await h.api('GET', '/search?query=a&page[size]=5');
    expect(other.status).toBe(400);
    expect(other.body.errors[0].source).toEqual({ parameter: 'page[size]' });
  });
});
