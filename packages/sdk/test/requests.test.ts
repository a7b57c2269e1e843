import { HttpResponse, http, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';
import { API_KEY, BASE_URL, errorBody, testClient, useMswServer } from './helpers.js';

const server = useMswServer();

const trackingRequest = {
  id: '6f9c3b1a-1111-4222-8333-944455566677',
  type: 'tracking_request',
  attributes: {
    request_number: 'MAEU123',
    request_type: 'bill_of_lading',
    scac: 'MAEU',
    status: 'pending',
  },
};

function capture(method: 'get' | 'post', path: string, body: JsonBodyType, status = 200) {
  const seen: Request[] = [];
  server.use(
    http[method](`${BASE_URL}${path}`, ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

describe('request headers and bodies', () => {
  it('sends the API key with the Token scheme and asks for JSON:API', async () => {
    const seen = capture('get', '/shipping_lines', {
      data: [],
      links: {},
      meta: { size: 30, total: 0 },
    });
    await testClient().shippingLines.list({ q: 'maersk' });
    expect(seen[0]?.headers.get('authorization')).toBe(`Token ${API_KEY}`);
    expect(seen[0]?.headers.get('accept')).toContain('application/vnd.api+json');
    expect(new URL(seen[0]?.url ?? '').search).toBe('?q=maersk');
  });

  it('sends an OAuth access token with the Bearer scheme', async () => {
    const seen = capture('get', '/webhooks/ips', { webhook_notification_ips: [] });
    const client = createClient({
      accessToken: 'oauth-token',
      baseUrl: BASE_URL,
      rateLimit: false,
    });
    await client.webhooks.ips();
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer oauth-token');
  });

  it('posts JSON:API documents with their media type, and plain JSON where the spec says so', async () => {
    const created = capture('post', '/tracking_requests', { data: trackingRequest }, 201);
    const inferred = capture('post', '/tracking_requests/infer_number', {
      data: {
        id: 'x',
        type: 'infer_number_results',
        attributes: {
          number_type: 'bill_of_lading',
          validation: { is_valid: true },
          shipping_line: { decision: 'no_prediction' },
        },
      },
    });
    const client = testClient();
    await client.trackingRequests.create({
      requestType: 'bill_of_lading',
      requestNumber: 'MAEU123',
      scac: 'MAEU',
      refNumbers: ['PO-1'],
    });
    await client.trackingRequests.inferNumber('MAEU123');
    expect(created[0]?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(await created[0]?.json()).toEqual({
      data: {
        type: 'tracking_request',
        attributes: {
          request_type: 'bill_of_lading',
          request_number: 'MAEU123',
          scac: 'MAEU',
          ref_numbers: ['PO-1'],
        },
      },
    });
    expect(inferred[0]?.headers.get('content-type')).toBe('application/json');
    expect(await inferred[0]?.json()).toEqual({ number: 'MAEU123' });
  });

  it('maps paging and filters to their bracketed names', async () => {
    const seen = capture('get', '/tracking_requests', {
      data: [],
      links: {},
      meta: { size: 100, total: 0 },
    });
    await testClient().trackingRequests.list({
      page: 1,
      pageSize: 100,
      include: ['tracked_object'],
      q: 'a b&c',
      filter: {
        status: 'failed',
        requestType: 'container',
        createdAt: { start: new Date('2026-01-01T00:00:00Z'), end: '2026-02-01T00:00:00Z' },
      },
    });
    const { search } = new URL(seen[0]?.url ?? '');
    expect(search).toContain('&q=a%20b%26c&');
    expect(decodeURIComponent(search)).toBe(
      '?page[number]=1&page[size]=100&include=tracked_object&q=a b&c&filter[status]=failed&filter[request_type]=container&filter[created_at][start]=2026-01-01T00:00:00.000Z&filter[created_at][end]=2026-02-01T00:00:00Z',
    );
  });

  it('sends a path parameter as one percent-encoded segment', async () => {
    const seen = capture('get', '/containers/:id', {
      data: { id: 'x', type: 'container', attributes: {} },
    });
    await testClient().containers.get("../a b?c#d$'", { format: 'raw' });
    expect(new URL(seen[0]?.url ?? '').pathname).toBe("/v2/containers/..%2Fa%20b%3Fc%23d%24'");
  });

  it('joins a list of includes with commas and leaves an empty one out', async () => {
    const seen = capture('get', '/containers', { data: [], links: {}, meta: {} });
    const client = testClient();
    await client.containers.list({ include: ['shipment', 'pod_terminal'] });
    await client.containers.list({ include: [] });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?include=shipment,pod_terminal');
    expect(new URL(seen[1]?.url ?? '').search).toBe('');
  });
});

describe('logging', () => {
  it('logs requests with request ids and never the key', async () => {
    server.use(
      http.get(`${BASE_URL}/webhooks/:id`, () =>
        HttpResponse.json(errorBody(404, 'Not Found'), {
          status: 404,
          headers: { 'x-request-id': 'rid-42' },
        }),
      ),
    );
    const lines: Array<[string, unknown]> = [];
    const logger = {
      debug: (line: string, fields?: unknown) => lines.push([line, fields]),
      info: (line: string, fields?: unknown) => lines.push([line, fields]),
      warn: (line: string, fields?: unknown) => lines.push([line, fields]),
      error: (line: string, fields?: unknown) => lines.push([line, fields]),
    };
    const error = await testClient({ logger, logLevel: 'debug' })
      .webhooks.get('0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
    expect(lines.map(([line]) => line)).toEqual([
      expect.stringMatching(/^\[shiptrack\] → GET \/v2\/webhooks\/.+ \(attempt 1\)$/),
      expect.stringMatching(/^\[shiptrack\] ← 404 GET \/v2\/webhooks\//),
    ]);
    expect(lines[1]?.[1]).toEqual({ requestId: 'rid-42' });
    expect(JSON.stringify(lines)).not.toContain(API_KEY);
  });

  it('is silent without a logger, and filters by level', async () => {
    capture('get', '/webhooks/ips', { webhook_notification_ips: [] });
    const lines: string[] = [];
    await testClient({
      logger: { debug: (line) => lines.push(line) },
      logLevel: 'info',
    }).webhooks.ips();
    expect(lines).toEqual([]);
  });
});

describe('mapped members', () => {
  it('keeps the grouped members when the service sends attributes of the same names', async () => {
    const id = '3d1f0c7e-8d1a-4b59-9f43-0c1a2b3c4d5e';
    capture('get', `/containers/${id}`, {
      data: {
        id,
        type: 'container',
        attributes: {
          number: 'CSQU3054383',
          current_status: 'available',
          location_at_pod_terminal: 'Row 4',
          status: 'weird',
          location: 'X',
          demurrage: 7,
        },
        relationships: { shipment: { data: { type: 'shipment', id: 's1' } } },
      },
      included: [
        {
          id: 's1',
          type: 'shipment',
          attributes: { bill_of_lading_number: 'MAEU123', bill_of_lading: 'other' },
        },
      ],
    });
    const { mapped, raw } = await testClient({ format: 'both' }).containers.get(id, {
      include: ['shipment'],
    });
    expect(mapped).toMatchObject({
      status: 'available',
      location: { currentLocation: 'Row 4' },
      // Not sent: null, never an invented empty list.
      demurrage: { holds: null, fees: null },
      statusAttribute: 'weird',
      locationAttribute: 'X',
      demurrageAttribute: 7,
      shipment: { billOfLading: 'MAEU123', billOfLadingAttribute: 'other' },
    });
    expect(raw.data.attributes).toMatchObject({ status: 'weird', location: 'X' });
  });
});
