import { containerCheckDigit } from '@shiptrack/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import type { JsonBody } from './harness.js';
import {
  contract,
  type Harness,
  httpHarness,
  inProcessHarness,
  trackingRequestBody,
} from './harness.js';

const number = `MSCU334455${containerCheckDigit('MSCU334455')}`;

describe('bad input', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ dataset: 'empty' });
  });
  afterEach(() => h.close());

  const count = async () => (await h.api('GET', '/tracking_requests')).body.meta.total;

  it('answers 400 for malformed JSON and leaves state unchanged', async () => {
    const response = await h.api('POST', '/tracking_requests', { rawBody: '{"data": {' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toContain('not valid JSON');
    expect(await count()).toBe(0);
  });

  it('answers 415 for a body that is not JSON:API or JSON, and accepts application/json', async () => {
    const xml = await h.api('POST', '/tracking_requests', {
      rawBody: JSON.stringify(trackingRequestBody(number, 'MSCU')),
      contentType: 'text/xml',
    });
    expect(xml.status).toBe(415);
    expect(xml.body.errors[0].detail).toContain('application/vnd.api+json');
    expect(await count()).toBe(0);
    const json = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, 'MSCU'),
      contentType: 'application/json; charset=utf-8',
    });
    expect(json.status).toBe(201);
  });

  it('answers 422 naming every unknown and missing member with its pointer', async () => {
    const response = await h.api('POST', '/tracking_requests', {
      body: {
        data: {
          type: 'tracking_request',
          extra: 1,
          attributes: { request_type: 'house_bill', scac: '', colour: 'red' },
        },
      },
    });
    expect(response.status).toBe(422);
    const byPointer = Object.fromEntries(
      response.body.errors.map((e: JsonBody) => [e.source.pointer, e.code]),
    );
    expect(byPointer).toEqual({
      '/data/extra': 'unknown_attribute',
      '/data/attributes/colour': 'unknown_attribute',
      '/data/attributes/request_type': 'invalid',
      '/data/attributes/request_number': 'blank',
      '/data/attributes/scac': 'blank',
    });
    expect(response.body.errors.every((e: JsonBody) => e.detail.length > 10)).toBe(true);
    expect(await count()).toBe(0);
  });

  it('refuses a data.id in a body that creates a record, and creates nothing', async () => {
    const withId = await h.api('POST', '/parties', {
      body: {
        data: {
          type: 'party',
          id: '00000000-0000-4000-8000-000000000000',
          attributes: { company_name: 'Acme' },
        },
      },
    });
    expect(withId.status).toBe(422);
    expect(withId.body.errors).toEqual([
      expect.objectContaining({
        code: 'unknown_attribute',
        source: { pointer: '/data/id' },
        detail: expect.stringContaining('send only type, attributes.'),
      }),
    ]);
    expect((await h.api('GET', '/parties')).body.data).toEqual([]);
  });

  it('answers 422 for a wrong resource type and a mismatched id', async () => {
    const wrongType = await h.api('POST', '/tracking_requests', {
      body: {
        data: {
          type: 'shipment',
          attributes: { request_type: 'container', request_number: number, scac: 'MSCU' },
        },
      },
    });
    expect(wrongType.body.errors[0].source.pointer).toBe('/data/type');
    const created = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, 'MSCU'),
    });
    const id = created.body.data.id;
    const mismatch = await h.api('PATCH', `/tracking_requests/${id}`, {
      body: {
        data: {
          type: 'tracking_request',
          id: '00000000-0000-4000-8000-000000000000',
          attributes: { ref_numbers: [] },
        },
      },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors[0].source.pointer).toBe('/data/id');
    expect(mismatch.body.errors[0].detail).toContain(
      `must be the id in the URL (${id}), or left out.`,
    );
    const badRefs = await h.api('PATCH', `/tracking_requests/${id}`, {
      body: { data: { type: 'tracking_request', attributes: { ref_numbers: ['ok', 7] } } },
    });
    expect(badRefs.body.errors[0].source.pointer).toBe('/data/attributes/ref_numbers/1');
    const after = await h.api('GET', `/tracking_requests/${id}`);
    expect(after.body.data.attributes.ref_numbers).toEqual([]);
  });

  it('answers 401 without a key, with an unknown key, and accepts Token and Bearer', async () => {
    const missing = await h.api('GET', '/shipments', { apiKey: null });
    expect(missing.status).toBe(401);
    expect(missing.body.errors[0].detail).toContain('Authorization: Token');
    const unknown = await h.api('GET', '/shipments', { apiKey: 'nope' });
    expect(unknown.status).toBe(401);
    expect(JSON.stringify(unknown.body)).not.toContain('nope');
    const bearer = await h.api('GET', '/shipments', {
      apiKey: null,
      headers: { authorization: `Bearer ${DEMO_API_KEY}` },
    });
    expect(bearer.status).toBe(200);
    const basic = await h.api('GET', '/shipments', {
      apiKey: null,
      headers: { authorization: `Basic ${DEMO_API_KEY}` },
    });
    expect(basic.status).toBe(401);
  });

  it('writes 422 details as sentences, the pointer only in source', async () => {
    const blank = await h.api('POST', '/tracking_requests', {
      body: {
        data: { type: 'tracking_request', attributes: { request_type: 'container', scac: 'MSCU' } },
      },
    });
    expect(blank.body.errors[0]).toMatchObject({
      detail: "request_number can't be blank.",
      source: { pointer: '/data/attributes/request_number' },
    });
    const first = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, 'MSCU'),
    });
    const duplicate = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(number, 'MSCU'),
    });
    expect(duplicate.body.errors[0].detail).toBe(
      `request_number is already being tracked with MSCU: tracking request ${first.body.data.id} for ${number} is pending or created. Read that request instead of creating another.`,
    );
    const webhook = await h.api('POST', '/webhooks', {
      body: {
        data: {
          type: 'webhook',
          attributes: { url: 'https://x.example', active: true, events: ['nope'], extra: 1 },
        },
      },
    });
    expect(webhook.body.errors.map((e: JsonBody) => e.detail)).toEqual([
      'extra is not a writable webhook attribute (url, active, events, headers).',
      'events[0] is not a known event name: "nope" (see GET /webhooks/events).',
    ]);
    const infer = await h.api('POST', '/tracking_requests/infer_number', {
      body: { number: '' },
      contentType: 'application/json',
    });
    expect(infer.body.errors[0].detail).toBe("number can't be blank.");
    const fault = await h.control('POST', '/faults', { path: '/v2/**' });
    expect(fault.status).toBe(422);
    expect(fault.body.errors[0].detail).toBe(
      'The body needs at least one of latencyMs, status, drop or rateLimit.',
    );
  });

  it('answers 422 for a blank infer_number body and 400 for a non-object one', async () => {
    const blank = await h.api('POST', '/tracking_requests/infer_number', {
      body: { number: ' ' },
      contentType: 'application/json',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].source.pointer).toBe('/number');
    const array = await h.api('POST', '/tracking_requests/infer_number', {
      body: ['x'],
      contentType: 'application/json',
    });
    expect(array.status).toBe(400);
  });
});

describe('oversized bodies over real HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ dataset: 'empty' });
  });
  afterEach(() => h.close());

  it('answers 413 for a body over 1 MB before parsing it, and leaves state unchanged', async () => {
    const huge = JSON.stringify(
      trackingRequestBody(`MSCU334455${containerCheckDigit('MSCU334455')}`, 'MSCU', 'container', {
        ref_numbers: Array.from({ length: 60_000 }, (_, i) => `REF-${i}-xxxxxxxxx`),
      }),
    );
    expect(huge.length).toBeGreaterThan(1024 * 1024);
    const response = await h.api('POST', '/tracking_requests', { rawBody: huge });
    expect(response.status).toBe(413);
    expect((await h.api('GET', '/tracking_requests')).body.meta.total).toBe(0);
  });

  it('answers 413 for a chunked body without Content-Length once it passes 1 MB', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${h.baseUrl}/tracking_requests`, {
      method: 'POST',
      headers: {
        authorization: `Token ${DEMO_API_KEY}`,
        'content-type': 'application/vnd.api+json',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    contract().assertResponse({
      method: 'POST',
      url: `${h.baseUrl}/tracking_requests`,
      status: response.status,
      body: await response.json(),
      contentType: response.headers.get('content-type') ?? undefined,
    });
  });
});
