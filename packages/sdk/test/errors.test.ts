import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  createClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestTooLargeError,
  ShiptrackError,
  UnprocessableEntityError,
} from '../src/index.js';
import { API_KEY, BASE_URL, errorBody, testClient, useFakeClock, useMswServer } from './helpers.js';

const server = useMswServer();
const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';

describe('error classes', () => {
  const cases = [
    [400, BadRequestError, { source: { parameter: 'filter[nope]' } }],
    [401, AuthenticationError, {}],
    [403, PermissionDeniedError, { code: 'feature_not_enabled' }],
    [404, NotFoundError, {}],
    [413, RequestTooLargeError, {}],
    [414, RequestTooLargeError, {}],
    [431, RequestTooLargeError, {}],
    [500, InternalServerError, {}],
  ] as const;

  for (const [status, ErrorClass, extra] of cases) {
    it(`maps ${status} to ${ErrorClass.name} with errors, request id and advice`, async () => {
      server.use(
        http.get(`${BASE_URL}/containers/:id`, () =>
          HttpResponse.json(errorBody(status, 'Failed', { detail: 'It failed.', ...extra }), {
            status,
            headers: { 'x-request-id': 'req-123' },
          }),
        ),
      );
      const error = await testClient({ maxRetries: 0 })
        .containers.get(ID)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toBeInstanceOf(ShiptrackError);
      const apiError = error as APIError;
      expect(apiError.status).toBe(status);
      expect(apiError.requestId).toBe('req-123');
      expect(apiError.errors[0]).toMatchObject({ title: 'Failed', detail: 'It failed.' });
      expect(apiError.message).toContain(`GET /v2/containers/${ID}`);
      expect(apiError.message).toContain('Request id: req-123');
      expect(apiError.message).not.toContain(API_KEY);
      expect(apiError.name).toBe(ErrorClass.name);
    });
  }

  it('gives 422 its code and pointer', async () => {
    server.use(
      http.post(`${BASE_URL}/tracking_requests`, () =>
        HttpResponse.json(
          errorBody(422, 'Unprocessable Entity', {
            code: 'blank',
            source: { pointer: '/data/attributes/scac' },
          }),
          { status: 422, headers: { 'request-id': 'r-9' } },
        ),
      ),
    );
    const error = await testClient()
      .trackingRequests.create({ requestType: 'bill_of_lading', requestNumber: 'X', scac: 'ZZZZ' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error).toMatchObject({
      code: 'blank',
      pointer: '/data/attributes/scac',
      requestId: 'r-9',
    });
  });

  it('describes a non-JSON error page by its status', async () => {
    server.use(
      http.get(
        `${BASE_URL}/shipping_lines`,
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    const error = await testClient({ maxRetries: 0 })
      .shippingLines.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as APIError).errors).toEqual([]);
    expect(String(error)).toMatch(
      /^InternalServerError: 502 Bad Gateway \(GET \/v2\/shipping_lines\)/,
    );
  });
});

describe('advice', () => {
  it("says it once: the service's detail when it sent one, the SDK's own otherwise", async () => {
    const detail = `No container with id ${ID} exists in this account. List the containers to find a valid id.`;
    server.use(
      http.get(`${BASE_URL}/containers/:id`, ({ params }) =>
        HttpResponse.json(
          params.id === ID ? errorBody(404, 'Not Found', { detail }) : errorBody(404, 'Not Found'),
          { status: 404 },
        ),
      ),
    );
    const client = testClient({ maxRetries: 0 });
    const told = await client.containers.get(ID).catch((e: unknown) => e);
    expect((told as Error).message).toBe(`404 Not Found (GET /v2/containers/${ID}): ${detail}`);
    const other = `${ID.slice(0, -1)}1`;
    const untold = await client.containers.get(other).catch((e: unknown) => e);
    expect((untold as Error).message).toBe(
      `404 Not Found (GET /v2/containers/${other}): Check the id; list the resources to find valid ids.`,
    );
  });
});

describe('credentials in error answers', () => {
  it('blanks the API key out of the message and of the error objects', async () => {
    server.use(
      http.get(`${BASE_URL}/shipments`, () =>
        HttpResponse.json(
          errorBody(401, `Unauthorized ${API_KEY}`, {
            detail: `Token ${API_KEY} is not valid`,
            meta: { sent: [`Token ${API_KEY}`] },
          }),
          { status: 401 },
        ),
      ),
    );
    const error = await testClient()
      .shipments.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const apiError = error as AuthenticationError;
    expect(apiError.message).toContain('Token [redacted] is not valid');
    expect(apiError.message).not.toContain(API_KEY);
    expect(apiError.errors[0]).toMatchObject({
      title: 'Unauthorized [redacted]',
      detail: 'Token [redacted] is not valid',
      meta: { sent: ['Token [redacted]'] },
    });
    expect(JSON.stringify(apiError.errors)).not.toContain(API_KEY);
    expect(String(apiError)).not.toContain(API_KEY);
  });

  it('blanks an OAuth access token out the same way', async () => {
    const token = 'oauth_token_never_shown_1234';
    server.use(
      http.get(`${BASE_URL}/shipments`, () =>
        HttpResponse.json(errorBody(401, 'Unauthorized', { detail: `Bearer ${token} expired` }), {
          status: 401,
        }),
      ),
    );
    const error = await createClient({ accessToken: token, baseUrl: BASE_URL, rateLimit: false })
      .shipments.list()
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('Bearer [redacted] expired');
    expect(JSON.stringify((error as AuthenticationError).errors)).not.toContain(token);
  });
});

describe('writes that could duplicate', () => {
  it('does not retry a tracking request that failed with 500', async () => {
    let count = 0;
    server.use(
      http.post(`${BASE_URL}/tracking_requests`, () => {
        count++;
        return HttpResponse.json(errorBody(500, 'Internal Server Error'), { status: 500 });
      }),
    );
    const error = await testClient()
      .trackingRequests.create({
        requestType: 'container',
        requestNumber: 'CSQU3054383',
        scac: 'MAEU',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(count).toBe(1);
  });

  it('retries a 429 and resolves a duplicate answer to the existing request', async () => {
    useFakeClock();
    const existing = {
      id: '6f9c3b1a-1111-4222-8333-944455566677',
      type: 'tracking_request',
      attributes: {
        request_number: 'MAEU123',
        request_type: 'bill_of_lading',
        scac: 'MAEU',
        status: 'pending',
      },
    };
    let posts = 0;
    let lookup = '';
    server.use(
      http.post(`${BASE_URL}/tracking_requests`, () => {
        posts++;
        return posts === 1
          ? HttpResponse.json(errorBody(429, 'Too Many Requests'), {
              status: 429,
              headers: { 'Retry-After': '1' },
            })
          : HttpResponse.json(
              errorBody(422, 'Unprocessable Entity', {
                code: 'duplicate',
                source: { pointer: '/data/attributes/request_number' },
              }),
              { status: 422 },
            );
      }),
      http.get(`${BASE_URL}/tracking_requests`, ({ request }) => {
        lookup = new URL(request.url).search;
        return HttpResponse.json({
          data: [existing],
          links: { self: request.url, first: request.url, last: request.url },
          meta: { size: 10, total: 1 },
        });
      }),
    );
    const result = testClient().trackingRequests.create({
      requestType: 'bill_of_lading',
      requestNumber: 'MAEU123',
      scac: 'MAEU',
    });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toMatchObject({ id: existing.id, status: 'pending' });
    expect(posts).toBe(2);
    expect(decodeURIComponent(lookup)).toContain(
      'filter[request_number]=MAEU123&filter[scac]=MAEU',
    );
  });

  it('retries a write whose connection was refused before sending', async () => {
    useFakeClock();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo; // a TCP listen always reports an AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    server.close(); // let these requests reach the (closed) port
    try {
      const warnings: string[] = [];
      const client = testClient({
        baseUrl: `http://127.0.0.1:${port}/v2`,
        logger: { warn: (line) => warnings.push(line) },
      });
      const result = client.webhooks
        .create({ url: 'https://example.test/hook', events: ['container.updated'] })
        .catch((e: unknown) => e);
      for (let i = 0; i < 20 && warnings.length < 2; i++) await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(2000);
      const error = await result;
      expect(error).toBeInstanceOf(APIConnectionError);
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(/Retrying POST \/v2\/webhooks .* after APIConnectionError/);
    } finally {
      server.listen({ onUnhandledRequest: 'error' });
    }
  });
});

describe('connection errors', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('says the default base URL is a placeholder and how to set the real one', async () => {
    vi.stubEnv('SVC_API_BASE_URL', '');
    const client = createClient({
      apiKey: API_KEY,
      maxRetries: 0,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const error = await client.shipments.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(
      /placeholder.*SVC_API_BASE_URL or the `baseUrl` option/,
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('counts the attempts and says the call was retried', async () => {
    useFakeClock();
    let calls = 0;
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: 'https://tracking.example.test/v2',
      rateLimit: false,
      fetch: async () => {
        calls++;
        throw new TypeError('fetch failed');
      },
    });
    const retried = client.shipments.list().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await retried;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({ attempts: 3 });
    expect(calls).toBe(3);
    expect((error as Error).message).toMatch(
      /^Could not reach the service for GET \/v2\/shipments \(after 3 attempts\)\. Check the network/,
    );
    // What happened, without the advice: a surface words what to check in its own terms.
    expect((error as APIConnectionError).summary).toBe(
      'Could not reach the service for GET /v2/shipments (after 3 attempts).',
    );

    const once = await client.shipments.list({ maxRetries: 0 }).catch((e: unknown) => e);
    expect(once).toMatchObject({ attempts: 1 });
    expect((once as Error).message).not.toContain('attempts');
  });

  it("passes a sender's configuration error on as it is, once: no service was tried", async () => {
    let calls = 0;
    const missing = new ConfigurationError(
      'createNodeFetch() needs undici 6: `npm install undici@6`.',
    );
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: 'https://tracking.example.test/v2',
      rateLimit: false,
      fetch: async () => {
        calls++;
        throw missing;
      },
    });
    await expect(client.shipments.list()).rejects.toBe(missing);
    expect(calls).toBe(1);
  });

  it('counts the attempts of a time-out, which is an APIConnectionError too', async () => {
    useFakeClock();
    server.use(http.get(`${BASE_URL}/shipments`, () => new Promise<Response>(() => {})));
    const result = testClient({ timeoutMs: 1000, maxRetries: 1 })
      .shipments.list()
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await result;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({ attempts: 2 });
    expect((error as Error).message).toContain('within 1000 ms (after 2 attempts)');
  });

  it('catches connection, time-out and abort failures under APIError, with no status', async () => {
    const unreachable = createClient({
      apiKey: API_KEY,
      baseUrl: 'https://tracking.example.test/v2',
      maxRetries: 0,
      rateLimit: false,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const connection = await unreachable.shipments.list().catch((e: unknown) => e);
    server.use(http.get(`${BASE_URL}/shipments`, () => new Promise<Response>(() => {})));
    const controller = new AbortController();
    const pending = testClient().shipments.list({ signal: controller.signal });
    controller.abort();
    const aborted = await pending.catch((e: unknown) => e);
    for (const [error, Class] of [
      [connection, APIConnectionError],
      [aborted, APIUserAbortError],
    ] as const) {
      expect(error).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toBeInstanceOf(ShiptrackError);
      expect((error as APIError).status).toBeUndefined();
    }
    expect(APITimeoutError.prototype).toBeInstanceOf(APIError);
  });

  it('names the configured base URL otherwise', async () => {
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: 'https://tracking.example.test/v2',
      maxRetries: 0,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const error = await client.shipments.list().catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      'Check the network and `baseUrl` (https://tracking.example.test/v2)',
    );
  });
});

describe('rate-limit errors', () => {
  it('carries retryAfterMs and the bucket when retries run out', async () => {
    useFakeClock();
    server.use(
      http.patch(`${BASE_URL}/containers/:id/refresh`, () =>
        HttpResponse.json(errorBody(429, 'Too Many Requests'), {
          status: 429,
          headers: { 'Retry-After': '2' },
        }),
      ),
    );
    const result = testClient({ maxRetries: 1 })
      .containers.refresh(ID)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2000);
    const error = await result;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 2000, bucket: 'refresh_container', attempts: 2 });
    expect(String(error)).toMatch(/prefer|webhooks/);
  });
});
