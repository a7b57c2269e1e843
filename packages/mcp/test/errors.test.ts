import { DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { ConfigurationError, createClient } from '@shiptrack/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_BASE_URL, startMockService } from './harness.js';
import { textOf } from './schema-check.js';

/** The `_meta` key of the error detail (documented in the README, so spelled out here). */
const ERROR_META_KEY = 'shiptrack/error';

const service = startMockService();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const WRONG_KEY = 'st_wrong_key_0123456789abcdef';

let connection: Connection;
let containerId: string;

const call = (name: string, args: Record<string, unknown>, on: Connection = connection) =>
  on.client.callTool({ name, arguments: args });

/** The machine-readable part of an `isError` result. */
function detailOf(result: unknown): Record<string, unknown> {
  const meta = (result as { _meta?: Record<string, unknown> })._meta;
  const detail = meta?.[ERROR_META_KEY];
  expect(detail, 'the error detail in _meta').toBeTypeOf('object');
  return detail as Record<string, unknown>;
}

/** An `isError` result's text, checked to carry no stack and no key. */
function failureText(result: unknown): string {
  expect((result as { isError?: boolean }).isError).toBe(true);
  const text = textOf(result);
  expect(text).not.toMatch(/\n\s+at /);
  expect(text).not.toContain(WRONG_KEY);
  expect(text).not.toContain('st_demo_');
  return text;
}

beforeAll(async () => {
  connection = await connect({ client: service.client() });
  const found = await call('search_container', { query: 'MAEU4002159' });
  containerId =
    (found.structuredContent as { containers: { id: string }[] }).containers[0]?.id ?? '';
});
afterEach(() => service.mock.faults.clear());
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('errors are distinct, actionable isError results', () => {
  it('unknown container id: no container with this id in your account', async () => {
    const result = await call('get_container', { id: UNKNOWN_ID });
    expect(failureText(result)).toContain(
      `(not_found): There is no container with id ${UNKNOWN_ID} in your account`,
    );
    expect(detailOf(result)).toEqual({
      code: 'not_found',
      httpStatus: 404,
      retryable: false,
      next: expect.stringContaining('search_container'),
    });
  });

  it('an unknown parameter is refused with the parameters the tool has', async () => {
    const result = await call('get_container', { id: UNKNOWN_ID, colour: 'red' });
    expect(failureText(result)).toContain('get_container has no parameter colour');
    expect(detailOf(result)).toMatchObject({
      code: 'invalid_argument',
      retryable: false,
      next: 'Call again with only its parameters: id, include.',
    });
  });

  it('a 403 of a feature outside the account is feature_not_enabled', async () => {
    service.mock.faults.add({
      id: 'forbidden',
      method: '*',
      // The container itself (its custom fields, read beside it, tolerate a 403).
      path: '/v2/containers/*',
      status: 403,
      count: 1,
    });
    const result = await call('get_container', { id: containerId });
    expect(failureText(result)).toContain('(feature_not_enabled)');
    expect(detailOf(result)).toMatchObject({ code: 'feature_not_enabled', httpStatus: 403 });
  });

  it('unknown shipment id names the shipment', async () => {
    const text = failureText(await call('get_shipment_details', { id: UNKNOWN_ID }));
    expect(text).toContain(`no shipment with id ${UNKNOWN_ID}`);
  });

  it('invalid input names the field and why, before any request', async () => {
    const result = await call('get_shipment_details', { include_containers: 'yes' });
    expect(failureText(result)).toMatch(/\(invalid_argument\).*id: .*include_containers: /);
    expect(detailOf(result)).toEqual({
      code: 'invalid_argument',
      retryable: false,
      next: 'Correct the argument and call again.',
    });
  });

  it('a value the service rejects names its parameter', async () => {
    // A status is now checked against the known values before sending (below), so a malformed date goes to the service.
    const text = failureText(
      await call('list_tracking_requests', { filters: { 'created_at[start]': 'yesterday' } }),
    );
    expect(text).toContain('(invalid_argument)');
    expect(text).toContain('filter[created_at][start]');
  });

  it('a status that is not a known value is refused before any request, naming the field', async () => {
    const text = failureText(await call('list_containers', { status: 'floating' }));
    expect(text).toContain('status');
    expect(text).toContain('on_ship');
    const raw = failureText(
      await call('list_tracking_requests', { filters: { 'filter[status]': 'floating' } }),
    );
    expect(raw).toContain('(invalid_argument): filters: status "floating" is not one of pending');
  });

  it('an argument the SDK refuses before sending names it', async () => {
    const text = failureText(
      await call('list_tracking_requests', { filters: { 'created_at[end]': ' ' } }),
    );
    expect(text).toContain(
      '(invalid_argument): filter.createdAt.end was refused before any request',
    );
  });

  it('an unknown raw filter is refused, not ignored', async () => {
    const text = failureText(await call('list_tracking_requests', { filters: { colour: 'red' } }));
    expect(text).toContain('"colour" is not a filter of tracking requests');
  });

  it('rate limited: the wait from Retry-After', async () => {
    service.mock.faults.add({
      id: 'rate',
      method: '*',
      path: '/v2/containers/**',
      rateLimit: { retryAfter: 7 },
      count: 1,
    });
    const result = await call('get_container', { id: containerId });
    const text = failureText(result);
    expect(text).toContain('(rate_limited)');
    expect(text).toContain('Wait 7 seconds');
    expect(detailOf(result)).toEqual({
      code: 'rate_limited',
      httpStatus: 429,
      retryAfterSeconds: 7,
      retryable: true,
      next: 'Wait 7 seconds before calling a tool again; do not retry at once.',
    });
  });

  it('service failure: a 5xx says to try again later', async () => {
    service.mock.faults.add({
      id: 'down',
      method: '*',
      path: '/v2/containers/**',
      status: 503,
      count: 5,
    });
    const result = await call('get_container', { id: containerId });
    expect(failureText(result)).toContain('(service_error)');
    expect(detailOf(result)).toMatchObject({
      code: 'service_error',
      httpStatus: 503,
      retryable: true,
    });
  });

  it('service unreachable: check the network and SVC_API_BASE_URL', async () => {
    // Port 1 on the loopback interface refuses connections: a real network failure.
    const nowhere = service.client({
      baseUrl: 'http://127.0.0.1:1/v2',
      fetch: (url, init) => fetch(url, init),
    });
    const offline = await connect({ client: nowhere });
    try {
      const text = failureText(await call('get_container', { id: containerId }, offline));
      expect(text).toContain('(unreachable)');
      expect(text).toContain('SVC_API_BASE_URL');
    } finally {
      await offline.close();
    }
  });

  it('a wrong API key: how to set SVC_API_TOKEN, without the key', async () => {
    const wrong = await connect({ client: service.client({ apiKey: WRONG_KEY }) });
    try {
      const result = await call('list_containers', {}, wrong);
      const text = failureText(result);
      expect(text).toContain('(unauthorized)');
      expect(detailOf(result)).toMatchObject({ code: 'unauthorized', httpStatus: 401 });
      expect(text).toContain('SVC_API_TOKEN');
    } finally {
      await wrong.close();
    }
  });

  it('no API key: the server still answers, and every tool says how to set SVC_API_TOKEN', async () => {
    const keyless = await connect({
      client: () => createClient({ apiKey: '', baseUrl: MOCK_BASE_URL }),
    });
    try {
      for (const [name, args] of [
        ['search_container', { query: 'MAEU4002159' }],
        ['get_supported_shipping_lines', {}],
        ['track_container', { number: 'MSCU1234566' }],
      ] as const) {
        const result = await call(name, args, keyless);
        const text = failureText(result);
        expect(text, name).toContain('(unauthorized)');
        expect(detailOf(result), name).not.toHaveProperty('httpStatus');
        expect(text, name).toContain('Set the environment variable SVC_API_TOKEN');
      }
    } finally {
      await keyless.close();
    }
    expect(() => createClient({ apiKey: '', baseUrl: MOCK_BASE_URL })).toThrow(ConfigurationError);
  });
});

describe('get_container_route tells its three cases apart', () => {
  it('not enabled for the account (403): a clear result, not an error', async () => {
    const globex = await connect({ client: service.client({ apiKey: DEMO_SECOND_API_KEY }) });
    try {
      const list = await call('list_containers', {}, globex);
      const id = (list.structuredContent as { containers: { id: string }[] }).containers[0]?.id;
      const result = await call('get_container_route', { id }, globex);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        available: false,
        reason: 'not_enabled',
        stops: [],
      });
      expect(textOf(result)).toContain('paid feature');
    } finally {
      await globex.close();
    }
  });

  it('no such container: the not-found error', async () => {
    const text = failureText(await call('get_container_route', { id: UNKNOWN_ID }));
    expect(text).toContain('(not_found)');
  });

  it('a container without route data: says so, not an error', async () => {
    // The mock always has a route; this service answers the route path with the spec's 404 document.
    const withoutRoutes = service.client({
      fetch: async (url, init) =>
        url.includes('/route')
          ? new Response(JSON.stringify({ errors: [{ status: '404', title: 'Not Found' }] }), {
              status: 404,
              headers: { 'Content-Type': 'application/vnd.api+json' },
            })
          : service.mock.fetch(new Request(url, init)),
    });
    const noRoutes = await connect({ client: withoutRoutes });
    try {
      const result = await call('get_container_route', { id: containerId }, noRoutes);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ available: false, reason: 'no_route_data' });
    } finally {
      await noRoutes.close();
    }
  });
});
