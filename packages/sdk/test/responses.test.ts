/**
 * What a call gives besides its result: every call is a real `Promise`
 * with `withResponse()` (the `Response`, the request id and the rate-limit
 * bucket's state), list calls are also async-iterable, and errors carry
 * the request id too.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  APIPromise,
  MemoryRateLimitStore,
  NotFoundError,
  PagePromise,
} from '../src/index.js';
import { BASE_URL, errorBody, testClient, useMswServer } from './helpers.js';

const server = useMswServer();
const ID = '5d1f2b3a-7c4e-4f60-9a2b-3c4d5e6f7a81';

const container = {
  id: ID,
  type: 'container',
  attributes: { number: 'CSQU3054383', current_status: 'on_ship' },
};

describe('calls are promises with their exchange', () => {
  it('gives the Response, the X-Request-Id and the bucket of a single-record call', async () => {
    server.use(
      http.get(`${BASE_URL}/containers/${ID}`, () =>
        HttpResponse.json({ data: container }, { headers: { 'x-request-id': 'req-abc' } }),
      ),
    );
    const call = testClient({
      rateLimit: { store: new MemoryRateLimitStore(), limits: { default: 5 } },
    }).containers.get(ID);
    expect(call).toBeInstanceOf(Promise);
    expect(call).toBeInstanceOf(APIPromise);
    const { data, response, requestId, rateLimit } = await call.withResponse();
    expect(data).toMatchObject({ id: ID, number: 'CSQU3054383', status: 'on_ship' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-abc');
    expect(requestId).toBe('req-abc');
    expect(rateLimit).toEqual({
      bucket: 'default',
      limit: 5,
      windowMs: 60_000,
      queuedMs: 0,
      remaining: 4,
    });
    // The same call awaited directly gives the result alone.
    expect(await call).toBe(data);
  });

  it('falls back to Request-Id, and reports the bucket without the limiter', async () => {
    server.use(
      http.patch(`${BASE_URL}/containers/${ID}/refresh`, () =>
        HttpResponse.json({ message: 'Queued' }, { headers: { 'request-id': 'r-2' } }),
      ),
    );
    const { requestId, rateLimit } = await testClient().containers.refresh(ID).withResponse();
    expect(requestId).toBe('r-2');
    expect(rateLimit).toMatchObject({
      bucket: 'refresh_container',
      limit: 10,
      remaining: undefined,
    });
  });

  it('makes a list call a Promise subclass that iterates every item of every page', async () => {
    server.use(
      http.get(`${BASE_URL}/containers`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page[number]') ?? '1';
        return HttpResponse.json(
          {
            data: [{ ...container, id: `${ID.slice(0, -1)}${page}` }],
            links: page === '1' ? { next: `${BASE_URL}/containers?page[number]=2` } : {},
          },
          { headers: { 'x-request-id': `list-${page}` } },
        );
      }),
    );
    const client = testClient();
    const call = client.containers.list();
    expect(call).toBeInstanceOf(Promise);
    expect(call).toBeInstanceOf(PagePromise);
    expect(Object.prototype.toString.call(call)).toBe('[object Promise]');
    const first: Promise<unknown> = call;
    expect((await first) === (await call)).toBe(true);
    const ids: string[] = [];
    for await (const item of client.containers.list()) ids.push(item.id);
    expect(ids).toHaveLength(2);
    const { data: page, requestId } = await client.containers.list().withResponse();
    expect(requestId).toBe('list-1');
    expect(page.hasNextPage()).toBe(true);
    // then() gives a plain promise, as Promise subclasses of the field do.
    expect(call.then((p) => p)).not.toBeInstanceOf(PagePromise);
  });
});

describe('errors carry the request id', () => {
  it('reads X-Request-Id into the error, and withResponse() rejects with it', async () => {
    server.use(
      http.get(`${BASE_URL}/containers/${ID}`, () =>
        HttpResponse.json(errorBody(404, 'Not Found'), {
          status: 404,
          headers: { 'x-request-id': 'req-404' },
        }),
      ),
    );
    const error = await testClient()
      .containers.get(ID)
      .withResponse()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(APIError);
    expect((error as NotFoundError).requestId).toBe('req-404');
    expect(String(error)).toContain('Request id: req-404');
  });
});

describe('an answer whose `data` holds no records', () => {
  it.each([
    [{ data: [[1, 2], [3]] }, /item 1 of 2 is an array, not a record/],
    [{ data: [container, null] }, /item 2 of 2 is null, not a record/],
    [{ data: ['x'] }, /item 1 of 1 is a string, not a record/],
    [{ data: container }, /a list of resources in `data` but the service sent an object/],
  ])('is an error for a list, in every format: %j', async (body, says) => {
    server.use(http.get(`${BASE_URL}/containers`, () => HttpResponse.json(body)));
    for (const format of ['mapped', 'raw', 'both'] as const) {
      await expect(testClient({ format }).containers.list(), format).rejects.toThrow(says);
    }
  });

  it.each([
    [{ data: [container] }, /one resource in `data` but the service sent an array/],
    [{ data: null }, /one resource in `data` but the service sent null/],
    [{ data: 'x' }, /one resource in `data` but the service sent a string/],
  ])('is an error for one record: %j', async (body, says) => {
    server.use(http.get(`${BASE_URL}/containers/${ID}`, () => HttpResponse.json(body)));
    await expect(testClient().containers.get(ID)).rejects.toThrow(says);
  });
});
