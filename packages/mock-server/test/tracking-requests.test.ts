import { containerCheckDigit } from '@shiptrack/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import type { JsonBody } from './harness.js';
import { type Harness, inProcessHarness, trackingRequestBody } from './harness.js';

const valid = (firstTen: string) => `${firstTen}${containerCheckDigit(firstTen)}`;
const invalid = (firstTen: string) => `${firstTen}${(containerCheckDigit(firstTen) + 1) % 10}`;

describe('tracking request outcomes', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ dataset: 'empty' });
  });
  afterEach(() => h.close());

  async function track(number: string, scac = 'MSCU', type = 'container') {
    const created = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, scac, type),
    });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }
  const attributesOf = async (id: string) =>
    (await h.api('GET', `/tracking_requests/${id}`)).body.data.attributes;

  it('fails a container number with a wrong ISO 6346 check digit as invalid_number', async () => {
    const id = await track(invalid('MSCU123456'));
    expect((await attributesOf(id)).status).toBe('pending');
    await h.advance(60);
    expect(await attributesOf(id)).toMatchObject({
      status: 'failed',
      failed_reason: 'invalid_number',
    });
  });

  it('fails key 404 as not_found', async () => {
    const id = await track('MEDUTA0000404', 'MSCU', 'bill_of_lading');
    await h.advance(60);
    expect(await attributesOf(id)).toMatchObject({ status: 'failed', failed_reason: 'not_found' });
  });

  it('retries key 503 visibly, hourly, then fails with retries_exhausted', async () => {
    const id = await track(valid('MSCU000503'));
    await h.advance(60);
    expect(await attributesOf(id)).toMatchObject({
      status: 'pending',
      is_retrying: true,
      retry_count: 1,
    });
    await h.advance(3600);
    expect(await attributesOf(id)).toMatchObject({ is_retrying: true, retry_count: 2 });
    await h.advance(2 * 3600);
    expect(await attributesOf(id)).toMatchObject({
      status: 'failed',
      failed_reason: 'retries_exhausted',
      is_retrying: false,
      retry_count: 3,
    });
  });

  it('waits for the manifest for a day with key 202, then creates the shipment', async () => {
    const id = await track('HLCUHAM250202', 'HLCU', 'bill_of_lading');
    await h.advance(60);
    expect((await attributesOf(id)).status).toBe('awaiting_manifest');
    await h.advance(86_400);
    const request = await h.api('GET', `/tracking_requests/${id}?include=tracked_object`);
    expect(request.body.data.attributes.status).toBe('created');
    expect(request.body.included[0].attributes.bill_of_lading_number).toBe('HLCUHAM250202');
  });

  it('answers 422 duplicate for a number and SCAC already pending or created, per account', async () => {
    const number = valid('MSCU765432');
    await track(number);
    const pending = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, 'MSCU'),
    });
    expect(pending.status).toBe(422);
    expect(pending.body.errors[0]).toMatchObject({
      code: 'duplicate',
      source: { pointer: '/data/attributes/request_number' },
    });
    await h.advance(60);
    const created = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number.toLowerCase(), 'mscu'),
    });
    expect(created.status).toBe(422);
    const otherCarrier = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, 'MAEU'),
    });
    expect(otherCarrier.status).toBe(201);
    const otherAccount = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, 'MSCU'),
      apiKey: DEMO_SECOND_API_KEY,
    });
    expect(otherAccount.status).toBe(201);
  });

  it('accepts a number again once the earlier request failed', async () => {
    const number = invalid('MSCU111111');
    await track(number);
    await h.advance(60);
    expect(
      (await h.api('POST', '/tracking_requests', { body: trackingRequestBody(number, 'MSCU') }))
        .status,
    ).toBe(201);
  });

  it('rejects an unknown SCAC with 422 on /data/attributes/scac', async () => {
    const response = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(valid('MSCU123456'), 'ZZZZ'),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].source.pointer).toBe('/data/attributes/scac');
    expect(response.body.errors[0].detail).toContain('GET /shipping_lines');
  });

  it('edits reference numbers and filters the list', async () => {
    const id = await track(valid('MSCU222222'));
    const edited = await h.api('PATCH', `/tracking_requests/${id}`, {
      body: {
        data: { type: 'tracking_request', id, attributes: { ref_numbers: ['PO-1', 'PO-2'] } },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.ref_numbers).toEqual(['PO-1', 'PO-2']);
    await track('MEDUTA0000404', 'MSCU', 'bill_of_lading');
    await h.advance(60);
    const byQ = await h.api('GET', '/tracking_requests?q=po-2');
    expect(byQ.body.data.map((r: JsonBody) => r.id)).toEqual([id]);
    const failed = await h.api(
      'GET',
      '/tracking_requests?filter[status]=failed&filter[request_type]=bill_of_lading',
    );
    expect(failed.body.data.map((r: JsonBody) => r.attributes.request_number)).toEqual([
      'MEDUTA0000404',
    ]);
    const byNumber = await h.api(
      'GET',
      `/tracking_requests?filter[request_number]=${valid('MSCU222222')}&filter[scac]=MSCU`,
    );
    expect(byNumber.body.data).toHaveLength(1);
    const window = await h.api(
      'GET',
      '/tracking_requests?filter[created_at][start]=2025-03-01T00:00:00Z&filter[created_at][end]=2025-03-01T00:00:00Z&filter[updated_at][start]=2025-03-01T00:01:00Z',
    );
    expect(window.body.data.map((r: JsonBody) => r.attributes.request_number)).toEqual([
      'MEDUTA0000404',
      valid('MSCU222222'),
    ]);
    const none = await h.api(
      'GET',
      '/tracking_requests?filter[updated_at][end]=2024-01-01T00:00:00Z',
    );
    expect(none.body.data).toEqual([]);
  });
});
