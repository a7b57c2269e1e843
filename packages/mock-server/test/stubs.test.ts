/**
 * Stubs over real HTTP: answers set per account for its next matching
 * requests (by method, path, query and body), before the service; checked
 * against the spec when set unless marked invalid; held by a delay on the
 * real or the mock clock without holding the mock; gone on reset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { StubRefusedError } from '../src/index.js';
import { type Harness, httpHarness, trackingRequestBody } from './harness.js';

let h: Harness;
afterEach(() => h.close());

const unavailable = {
  status: 503,
  headers: { 'retry-after': '0' },
  body: { errors: [{ status: '503', title: 'Service Unavailable' }] },
};

/** Sets a stub through the control API as the demo account; expects it set. */
async function stub(body: unknown, apiKey = DEMO_API_KEY): Promise<{ id: string }> {
  const response = await h.control('POST', '/stubs', body, apiKey);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A request as the demo account, without the harness's contract check (stubs may break it). */
function raw(path: string, init: RequestInit = {}, apiKey = DEMO_API_KEY): Promise<Response> {
  return fetch(`${h.baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Token ${apiKey}`,
      'content-type': 'application/vnd.api+json',
      ...init.headers,
    },
  });
}

describe('stubs', () => {
  it("answer an account's matching requests, the newest first, N times, before the service", async () => {
    h = await httpHarness();
    const listed = await h.api('GET', '/containers?page[size]=1');
    const id: string = listed.body.data[0].id;
    const real = await h.api('GET', `/containers/${id}`);
    const grounded = structuredClone(real.body);
    grounded.data.attributes.current_status = 'grounded';
    const wide = await stub({
      request: { method: 'GET', path: '/v2/containers/*' },
      response: unavailable,
      times: 1,
    });
    const narrow = await stub({
      request: { method: 'GET', path: `/v2/containers/${id}` },
      response: { status: 200, body: grounded },
      times: 2,
    });
    expect((await h.control('GET', '/stubs', undefined, DEMO_API_KEY)).body.stubs).toMatchObject([
      { id: wide.id, remaining: 1, operation: 'getContainer' },
      { id: narrow.id, remaining: 2, operation: 'getContainer' },
    ]);

    // Another account's request is the service's (the container is not its own: 404).
    expect((await h.api('GET', `/containers/${id}`, { apiKey: DEMO_SECOND_API_KEY })).status).toBe(
      404,
    );
    const answers = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await h.api('GET', `/containers/${id}`);
      answers.push([response.status, response.body.data?.attributes.current_status ?? null]);
    }
    expect(answers).toEqual([
      [200, 'grounded'],
      [200, 'grounded'],
      [503, null],
      [200, real.body.data.attributes.current_status],
    ]);
    expect((await h.control('GET', '/stubs', undefined, DEMO_API_KEY)).body.stubs).toEqual([]);
    const journal = h.mock.journal(DEMO_API_KEY).entries({ path: `/v2/containers/${id}` });
    expect(journal.map((entry) => entry.stub)).toEqual([null, narrow.id, narrow.id, wide.id, null]);
    expect(h.mock.journal(DEMO_SECOND_API_KEY).entries()[0]?.stub).toBeNull();
  });

  it('match query and body, partially or exactly, and are removed one by one or all', async () => {
    h = await httpHarness();
    const limited = await stub({
      request: { method: 'GET', path: '/v2/shipments', query: { 'page[size]': '5' } },
      response: {
        status: 429,
        headers: { 'retry-after': '7' },
        body: { errors: [{ status: '429', title: 'Too Many Requests' }] },
      },
    });
    const refused = await stub({
      request: {
        method: 'POST',
        path: '/v2/tracking_requests',
        body: { data: { attributes: { scac: 'MAEU' } } },
      },
      response: {
        status: 422,
        body: {
          errors: [{ status: '422', title: 'Unprocessable Entity', detail: 'Carrier down' }],
        },
      },
    });
    await stub({
      request: {
        method: 'POST',
        path: '/v2/tracking_requests',
        body: trackingRequestBody('MSCU1234566', 'MSCU'),
        match: 'exact',
      },
      response: unavailable,
    });
    const page = await h.api('GET', '/shipments?page[size]=5&page[number]=1');
    expect([page.status, page.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await h.api('GET', '/shipments?page[size]=6')).status).toBe(200);
    expect(
      (
        await h.api('POST', '/tracking_requests', {
          body: trackingRequestBody('MAEU1234567', 'MAEU'),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await h.api('POST', '/tracking_requests', {
          body: trackingRequestBody('MSCU1234566', 'MSCU'),
        })
      ).status,
    ).toBe(503);
    // One more member than the exact body: the service answers.
    const extra = trackingRequestBody('MSCU1234566', 'MSCU', 'container', {
      ref_numbers: ['PO-1'],
    });
    expect((await h.api('POST', '/tracking_requests', { body: extra })).status).toBe(201);

    expect(
      (await h.control('DELETE', `/stubs/${limited.id}`, undefined, DEMO_API_KEY)).status,
    ).toBe(204);
    expect(
      (await h.control('DELETE', `/stubs/${limited.id}`, undefined, DEMO_API_KEY)).status,
    ).toBe(404);
    // Another account cannot remove (or see) this account's stubs.
    expect(
      (await h.control('DELETE', `/stubs/${refused.id}`, undefined, DEMO_SECOND_API_KEY)).status,
    ).toBe(404);
    expect((await h.control('GET', '/stubs', undefined, DEMO_SECOND_API_KEY)).body.stubs).toEqual(
      [],
    );
    expect((await h.api('GET', '/shipments?page[size]=5')).status).toBe(200);
    expect((await h.control('DELETE', '/stubs', undefined, DEMO_API_KEY)).status).toBe(204);
    expect(h.mock.stubs(DEMO_API_KEY).list()).toEqual([]);
    expect((await h.control('POST', '/stubs', { request: {}, response: unavailable })).status).toBe(
      401,
    );
  });

  it('refuse an answer the spec does not describe, unless it is marked invalid', async () => {
    h = await httpHarness();
    const container = {
      data: {
        id: '6f1c2a9e-4b7d-4e2f-9a3c-8d5e1f0b7a21',
        type: 'container',
        attributes: { number: 'MSCU1234566', current_status: null },
      },
    };
    const refusal = async (body: unknown) => {
      const response = await h.control('POST', '/stubs', body, DEMO_API_KEY);
      expect(response.status).toBe(422);
      return response.body.errors.map(
        (error: { source: { pointer: string } }) => error.source.pointer,
      );
    };
    const getContainer = { method: 'GET', path: '/v2/containers/*' };
    expect(
      await refusal({ request: getContainer, response: { status: 200, body: container } }),
    ).toEqual(['/response/body/data/attributes/current_status']);
    expect(
      await refusal({ request: getContainer, response: { status: 418, body: container } }),
    ).toEqual(['/response/status']);
    expect(await refusal({ request: getContainer, response: { status: 503 } })).toEqual([
      '/response/body',
    ]);
    expect(
      await refusal({ request: { method: 'GET', path: '/v2/cargo/*' }, response: unavailable }),
    ).toEqual(['/request/path']);
    expect(
      await refusal({ request: { method: 'GET', path: '/v2/**' }, response: unavailable }),
    ).toEqual(['/request/path']);
    expect(
      await refusal({
        request: { path: '/v2/shipments' },
        response: { status: 502, text: '<html>' },
      }),
    ).toEqual(['/request/method', '/response/text']);
    expect(h.mock.stubs(DEMO_API_KEY).list()).toEqual([]);

    await stub({
      request: getContainer,
      response: { status: 200, body: container },
      invalid: true,
      times: 1,
    });
    await stub({
      request: { method: 'GET', path: '/v2/shipments' },
      response: {
        status: 502,
        headers: { 'content-type': 'text/html' },
        text: '<html>Bad gateway</html>',
      },
      invalid: true,
    });
    const broken = await raw(`/containers/${container.data.id}`);
    expect([broken.status, await broken.json()]).toEqual([200, container]);
    const page = await raw('/shipments');
    expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([
      502,
      'text/html',
      '<html>Bad gateway</html>',
    ]);

    const refused = await h.mock
      .stubs(DEMO_API_KEY)
      .add({ request: getContainer, response: { status: 200, body: container } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StubRefusedError);
    expect((refused as StubRefusedError).issues.map((issue) => issue.pointer)).toEqual([
      '/response/body/data/attributes/current_status',
    ]);
  });

  it('hold a delayed answer on the mock clock or in real time, never the mock, and let it go on reset', async () => {
    h = await httpHarness();
    await stub({
      request: { method: 'GET', path: '/v2/shipments' },
      response: { ...unavailable, delay: { ms: 3_600_000, clock: 'mock' } },
      times: 1,
    });
    let settled = false;
    const held = raw('/shipments').then((response) => {
      settled = true;
      return response;
    });
    // The mock answers others meanwhile; the held answer comes once the clock passes the hour.
    expect((await h.api('GET', '/shipping_lines')).status).toBe(200);
    await h.advance(3_599);
    expect(settled).toBe(false);
    await h.advance(1);
    expect((await held).status).toBe(503);

    await stub({
      request: { method: 'GET', path: '/v2/shipping_lines' },
      response: { ...unavailable, delay: { ms: 250 } },
      times: 1,
    });
    const started = Date.now();
    expect((await raw('/shipping_lines')).status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);

    // Ten minutes of real time: a reset lets it go at once, and clears the stubs and the journal.
    await stub({
      request: { method: 'GET', path: '/v2/shipments' },
      response: { ...unavailable, delay: { ms: 600_000 } },
    });
    const parked = raw('/shipments');
    await expect
      .poll(
        () =>
          h.mock.journal(DEMO_API_KEY).entries({ path: '/v2/shipments', match: 'partial' }).length,
      )
      .toBe(2);
    expect((await h.control('POST', '/reset')).status).toBe(200);
    expect((await parked).status).toBe(503);
    expect(h.mock.stubs(DEMO_API_KEY).list()).toEqual([]);
    expect(h.mock.journal(DEMO_API_KEY).entries()).toEqual([]);
  });
});
