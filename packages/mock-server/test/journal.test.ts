/**
 * The request journal over real HTTP: what it keeps of each request (and
 * what it redacts), per account, within its bounds; read, filtered and
 * cleared through the control API and the JavaScript API; and the
 * questions tests ask of it (`verify`, `verifyInOrder`, the verify route).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import {
  createMockServer,
  type JournalEntry,
  VerificationError,
  verify,
  verifyInOrder,
} from '../src/index.js';
import { type Harness, httpHarness, trackingRequestBody } from './harness.js';

let h: Harness;
afterEach(() => h.close());

/** An account's journal through the control API. */
async function journalOf(
  apiKey: string,
  query = '',
): Promise<{ entries: JournalEntry[]; dropped: number }> {
  const response = await h.control('GET', `/journal${query}`, undefined, apiKey);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe('request journal', () => {
  it('keeps each request of an account with its secrets redacted, on the mock clock, from no other account', async () => {
    h = await httpHarness();
    await h.advance(90);
    await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody('MSCU1234566', 'MSCU', 'container', { ref_numbers: ['PO-4471'] }),
      headers: { 'x-api-key': 'sk_live_in_a_header', 'x-request-id': 'journal-1' },
    });
    const refused = await fetch(`${h.baseUrl}/shipments?page[size]=1&api_key=sk_live_in_a_query`, {
      headers: { authorization: `Token ${DEMO_API_KEY}` },
    });
    expect(refused.status).toBe(400);
    await h.api('GET', '/shipping_lines', { apiKey: DEMO_SECOND_API_KEY });
    await h.api('GET', '/shipments', { apiKey: 'st_not_a_key_of_this_mock' }).catch(() => {});

    const acme = await journalOf(DEMO_API_KEY);
    expect(acme.entries.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['POST', '/v2/tracking_requests', 201],
      ['GET', '/v2/shipments', 400],
    ]);
    const [created, shipments] = acme.entries;
    expect(created).toMatchObject({
      at: '2025-03-01T00:01:30.000Z',
      query: {},
      body: { data: { attributes: { request_number: 'MSCU1234566', ref_numbers: ['PO-4471'] } } },
      truncated: false,
      stub: null,
    });
    expect(created?.headers).toMatchObject({
      authorization: 'Token [redacted]',
      'x-api-key': '[redacted]',
      'x-request-id': 'journal-1',
      'content-type': 'application/vnd.api+json',
    });
    expect(shipments?.query).toEqual({ 'page[size]': '1', api_key: '[redacted]' });
    const everything = JSON.stringify(acme);
    for (const secret of [DEMO_API_KEY, 'sk_live_in_a_header', 'sk_live_in_a_query']) {
      expect(everything).not.toContain(secret);
    }

    // The other account sees only its own; the JavaScript API agrees with the control API.
    const globex = await journalOf(DEMO_SECOND_API_KEY);
    expect(globex.entries.map((entry) => entry.path)).toEqual(['/v2/shipping_lines']);
    expect(h.mock.journal(DEMO_SECOND_API_KEY).entries()).toEqual(globex.entries);
    expect(h.mock.journal(DEMO_API_KEY).entries()).toEqual(acme.entries);
  });

  it('is filtered, cleared per account, and needs the account key', async () => {
    h = await httpHarness();
    await h.api('GET', '/shipments');
    await h.api('GET', '/containers?page[size]=1');
    await h.api('GET', '/shipping_lines', { apiKey: DEMO_SECOND_API_KEY });
    const paths = async (query: string) =>
      (await journalOf(DEMO_API_KEY, query)).entries.map((entry) => entry.path);
    expect(await paths('?path=/v2/containers')).toEqual(['/v2/containers']);
    expect(await paths('?method=get&status=200')).toEqual(['/v2/shipments', '/v2/containers']);
    expect((await h.control('GET', '/journal?shipment=1', undefined, DEMO_API_KEY)).status).toBe(
      400,
    );
    expect((await h.control('GET', '/journal?status=ok', undefined, DEMO_API_KEY)).status).toBe(
      422,
    );

    expect((await h.control('DELETE', '/journal', undefined, DEMO_API_KEY)).status).toBe(204);
    expect(await paths('')).toEqual([]);
    expect((await journalOf(DEMO_SECOND_API_KEY)).entries).toHaveLength(1);

    const anonymous = await h.control('GET', '/journal');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].detail).toContain('Authorization: Token <API_KEY>');
    expect(() => h.mock.journal('st_not_a_key_of_this_mock')).toThrow(TypeError);
  });

  it('keeps at most maxEntries and maxBytes per account, oldest first, and counts what went', async () => {
    h = await httpHarness({ journal: { maxEntries: 3, maxBytes: 65_536 } });
    for (let index = 0; index < 5; index += 1)
      await h.api('GET', `/shipments?page[number]=${index + 1}`);
    const byCount = await journalOf(DEMO_API_KEY);
    expect(byCount.entries.map((entry) => entry.query['page[number]'])).toEqual(['3', '4', '5']);
    expect(byCount.dropped).toBe(2);
    expect((await journalOf(DEMO_SECOND_API_KEY)).dropped).toBe(0);

    // A body that alone exceeds the bytes is not kept; two that together do not fit push out the older.
    await h.control('DELETE', '/journal', undefined, DEMO_API_KEY);
    const body = (length: number) =>
      trackingRequestBody('MSCU1234566', 'MSCU', 'container', {
        ref_numbers: ['x'.repeat(length)],
      });
    await h.api('POST', '/tracking_requests', { body: body(70_000) });
    const [huge] = (await journalOf(DEMO_API_KEY)).entries;
    expect(huge).toMatchObject({ body: null, truncated: true, status: 422 });
    await h.api('POST', '/tracking_requests', { body: body(40_000) });
    await h.api('POST', '/tracking_requests', { body: body(40_000) });
    const byBytes = await journalOf(DEMO_API_KEY);
    expect(byBytes.entries).toHaveLength(1);
    expect(byBytes.entries[0]?.truncated).toBe(false);
    expect(byBytes.dropped).toBe(2);

    expect(() => createMockServer({ journal: { maxEntries: 0 } })).toThrow(/journal.maxEntries/);
    expect(() => createMockServer({ journal: { maxBytes: 1_000 } })).toThrow(/at least 65536/);
  });
});

describe('verify', () => {
  /** One tracking request with reference numbers, then two reads of it. */
  async function trackAndRead(): Promise<string> {
    const created = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody('MSCU1234566', 'MSCU', 'container', {
        ref_numbers: ['PO-4471', 'SO-20931'],
      }),
    });
    await h.api('GET', `/tracking_requests/${created.body.data.id}`);
    await h.api('GET', `/tracking_requests/${created.body.data.id}`);
    return created.body.data.id;
  }

  it('counts requests matching a partial or exact body and shows what was received when it fails', async () => {
    h = await httpHarness();
    await trackAndRead();
    const journal = h.mock.journal(DEMO_API_KEY);
    const create = { method: 'POST', path: '/v2/tracking_requests' };
    const refs = { data: { attributes: { ref_numbers: ['PO-4471', 'SO-20931'] } } };
    expect(verify(journal, { ...create, body: refs }, 1)).toHaveLength(1);
    expect(
      verify(journal, { method: 'GET', path: '/v2/tracking_requests/*' }, { min: 2, max: 2 }),
    ).toHaveLength(2);
    expect(verify(journal.entries(), { status: 201 })).toHaveLength(1);

    let failure: unknown;
    try {
      verify(journal, { ...create, body: refs, match: 'exact' }, 1);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(VerificationError);
    const message = (failure as VerificationError).message;
    expect(message).toContain('Expected exactly 1 request matching POST /v2/tracking_requests');
    expect(message).toContain('but 0 matched');
    expect(message).toContain('POST /v2/tracking_requests -> 201');
    expect(message).toContain('"request_number":"MSCU1234566"');
    expect(message).toContain('not matched: body: /data/type is not expected (exact match)');

    expect(() =>
      verify(journal, { ...create, body: { data: { attributes: { ref_numbers: ['PO-4471'] } } } }),
    ).toThrow('/data/attributes/ref_numbers has 2 items, expected 1');
    expect(() => verify(journal, { path: 'tracking_requests' })).toThrow(TypeError);
  });

  it('checks an order, and answers the same questions over HTTP', async () => {
    h = await httpHarness();
    const id = await trackAndRead();
    const journal = h.mock.journal(DEMO_API_KEY);
    const read = { method: 'GET', path: `/v2/tracking_requests/${id}` };
    expect(
      verifyInOrder(journal, [{ method: 'POST' }, read, read]).map((entry) => entry.id),
    ).toEqual(journal.entries().map((entry) => entry.id));
    expect(() => verifyInOrder(journal, [read, { method: 'POST' }])).toThrow(
      'found no request matching 2 after #2',
    );

    const asked = await h.control(
      'POST',
      '/journal/verify',
      { request: { method: 'POST', body: { data: { attributes: { scac: 'MSCU' } } } }, count: 1 },
      DEMO_API_KEY,
    );
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ ok: true, matched: [{ method: 'POST', status: 201 }] });
    const ordered = await h.control(
      'POST',
      '/journal/verify',
      { order: [read, { method: 'POST' }] },
      DEMO_API_KEY,
    );
    expect(ordered.body.ok).toBe(false);
    expect(ordered.body.message).toContain('Received 3 requests');
    const malformed = await h.control(
      'POST',
      '/journal/verify',
      { request: {}, count: -1 },
      DEMO_API_KEY,
    );
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].source.pointer).toBe('/count');
    // Another account asks its own journal.
    const other = await h.control(
      'POST',
      '/journal/verify',
      { request: { method: 'POST' } },
      DEMO_SECOND_API_KEY,
    );
    expect(other.body).toMatchObject({ ok: false, matched: [] });
    expect(other.body.message).toContain('Received no requests for this account.');
  });
});
