/**
 * Query parameters are closed, as the spec defines them per operation: an
 * unknown one, a repeated one, or `include` where none is accepted is a 400
 * naming it in `source.parameter`. And `HEAD` answers like `GET`, without a body.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { operations } from '../src/engine/operations.js';
import { type Harness, httpHarness, inProcessHarness, trackingRequestBody } from './harness.js';

const SOME_ID = '7d2f0a5e-3c1b-4e8f-9a6d-2b4c6e8f0a1c';

describe('query parameters', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ rateLimits: false });
  });
  afterEach(() => h.close());

  const rejected = async (method: string, path: string, parameter: string) => {
    const response = await h.api(method, path);
    expect(response.status, `${method} ${path}`).toBe(400);
    expect(response.body.errors[0].source).toEqual({ parameter });
    return response.body.errors[0].detail as string;
  };

  it('rejects a parameter the operation does not define, on every operation', async () => {
    for (const { method, path } of Object.values(operations)) {
      const url = `${path.replace(/\{[^}]+\}/g, SOME_ID)}?zzz=1`;
      expect(await rejected(method, url, 'zzz')).toMatch(/^The zzz parameter is not accepted here/);
    }
  });

  it('rejects parameters of other endpoints and names the ones accepted', async () => {
    const detail = await rejected('GET', '/containers?number=MEDUQ4821563', 'number');
    expect(detail).toContain('filter[status]');
    expect(await rejected('GET', '/shipments?foo=bar', 'foo')).toContain('filter[port]');
    // Accepted where the spec defines it.
    const byNumber = await h.api('GET', '/shipments?number=MEDUQ4821563');
    expect(byNumber.body.data).toHaveLength(1);
  });

  it('rejects a repeated parameter, include too', async () => {
    const detail = await rejected(
      'GET',
      '/shipments?include=containers&include=pod_terminal',
      'include',
    );
    expect(detail).toContain('include=a,b');
    await rejected('GET', '/shipments?page[size]=1&page[size]=2', 'page[size]');
    const both = await h.api('GET', '/shipments?include=containers,pod_terminal');
    expect(both.status).toBe(200);
  });

  it('rejects include where the endpoint has nothing to include', async () => {
    const containers = await h.api('GET', '/containers');
    const containerId = containers.body.data[0].id;
    for (const path of [
      `/containers/${containerId}/route`,
      '/webhooks',
      '/shipping_lines',
      '/webhooks/events',
      '/webhooks/ips',
      '/webhook_notifications/examples?event=container.created',
    ]) {
      const separator = path.includes('?') ? '&' : '?';
      expect(await rejected('GET', `${path}${separator}include=x`, 'include')).toContain(
        'does not accept include',
      );
    }
  });

  it('creates nothing when a write carries an unknown parameter', async () => {
    const before = (await h.api('GET', '/tracking_requests')).body.meta.total;
    const response = await h.api('POST', '/tracking_requests?dry_run=1', {
      body: trackingRequestBody('MSCU1234566', 'MSCU'),
    });
    expect(response.status).toBe(400);
    expect((await h.api('GET', '/tracking_requests')).body.meta.total).toBe(before);
  });

  it('says "1 or more" for a page number out of range', async () => {
    expect(await rejected('GET', '/shipments?page[number]=0', 'page[number]')).toBe(
      'page[number] must be an integer 1 or more; got "0".',
    );
  });
});

describe('HEAD over real HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness();
  });
  afterEach(() => h.close());

  const head = (path: string) =>
    fetch(`${h.baseUrl}${path}`, {
      method: 'HEAD',
      headers: { authorization: `Token ${DEMO_API_KEY}` },
    });

  it('answers HEAD like GET without a body', async () => {
    const get = await h.api('GET', '/shipments');
    const response = await head('/shipments');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(await response.text()).toBe('');
    expect((await head(`/shipments/${SOME_ID}`)).status).toBe(404);
    expect((await head('/shipments?foo=1')).status).toBe(400);
  });

  it('answers 405 with Allow for HEAD where there is no GET, and lists HEAD beside GET', async () => {
    const refresh = await head(`/containers/${SOME_ID}/refresh`);
    expect(refresh.status).toBe(405);
    expect(refresh.headers.get('allow')).toBe('PATCH');
    const put = await fetch(`${h.baseUrl}/shipments`, {
      method: 'PUT',
      headers: { authorization: `Token ${DEMO_API_KEY}` },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });
});
