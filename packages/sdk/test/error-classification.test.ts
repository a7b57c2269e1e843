/**
 * One classification of every failure, for every surface: real answers
 * from a real `node:http` server (statuses, a JSON:API error naming its
 * field, Retry-After, an HTML page), a refused connection, an aborted call
 * and an argument refused before sending.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CannedAnswer,
  type CannedService,
  startCannedService,
} from '../../../test-support/canned-service.js';
import {
  APIConnectionError,
  classifyError,
  createClient,
  InternalServerError,
} from '../src/index.js';

const ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';
let service: CannedService;

/** The answer of each case, by the first path segment (each case's client has its own base URL). */
const ANSWERS: Record<string, CannedAnswer> = {
  '401': { status: 401, body: '{"errors":[{"status":"401","title":"Unauthorized"}]}' },
  '403': { status: 403, body: '{"errors":[{"status":"403","title":"Forbidden"}]}' },
  '404': { status: 404, body: '{"errors":[{"status":"404","title":"Not Found"}]}' },
  '409': { status: 409, body: '{"errors":[{"status":"409","title":"Conflict"}]}' },
  '422': {
    status: 422,
    body: '{"errors":[{"status":"422","detail":"is not a SCAC","source":{"pointer":"/data/attributes/scac"}}]}',
  },
  '429': {
    status: 429,
    body: '{"errors":[{"status":"429"}]}',
    headers: { 'retry-after': '7' },
  },
  '431': { status: 431, body: '' },
  '500': { status: 500, body: '{"errors":[{"status":"500"}]}' },
  '502': { status: 502, body: '{"errors":[{"status":"502"}]}' },
  '503': {
    status: 503,
    body: '{"errors":[{"status":"503"}]}',
    headers: { 'x-request-id': 'req-503' },
  },
  '504': { status: 504, body: '{"errors":[{"status":"504"}]}' },
  html: { status: 200, body: '<html><body>Sign in to the proxy</body></html>' },
};

beforeAll(async () => {
  service = await startCannedService(ANSWERS);
});

afterAll(async () => {
  await service.close();
});

/** A loopback port nothing listens on: one the system gave a server that is closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port was bound');
  return address.port;
}

/** The failure of a call answered as `case`. */
async function failureOf(answer: string): Promise<unknown> {
  const client = createClient({
    apiKey: 'k',
    baseUrl: service.baseUrl(answer),
    maxRetries: 0,
    format: 'raw',
  });
  return client.containers
    .get(ID)
    .then(() => {
      throw new Error(`${answer} did not fail`);
    })
    .catch((error: unknown) => error);
}

describe('classifyError', () => {
  it.each([
    ['401', 'unauthorized', 'account', false],
    ['403', 'feature_not_enabled', 'account', false],
    ['404', 'not_found', 'caller', false],
    ['409', 'conflict', 'caller', false],
    ['422', 'invalid_argument', 'caller', false],
    ['431', 'invalid_argument', 'caller', false],
    ['429', 'rate_limited', 'account', true],
    ['500', 'service_error', 'service', true],
    ['502', 'service_error', 'service', true],
    ['503', 'service_error', 'service', true],
    ['504', 'service_error', 'service', true],
    ['html', 'upstream_error', 'service', true],
  ] as const)(
    'classifies an answer %s as %s (%s, retryable %s)',
    async (answer, category, fault, retryable) => {
      const classified = classifyError(await failureOf(answer));
      expect(classified).toMatchObject({ category, fault, retryable });
    },
  );

  it('names the field, the wait, the status and the request id when the answer gives them', async () => {
    expect(classifyError(await failureOf('422'))).toMatchObject({ field: 'scac', httpStatus: 422 });
    expect(classifyError(await failureOf('429'))).toMatchObject({ retryAfterMs: 7000 });
    expect(classifyError(await failureOf('503'))).toMatchObject({
      httpStatus: 503,
      requestId: 'req-503',
    });
    expect(classifyError(await failureOf('html'))).toMatchObject({ httpStatus: null });
  });

  it('types every 5xx as an InternalServerError whose status it keeps', async () => {
    for (const answer of ['500', '502', '504']) {
      const failure = await failureOf(answer);
      expect(failure, answer).toBeInstanceOf(InternalServerError);
      expect(classifyError(failure), answer).toMatchObject({ httpStatus: Number(answer) });
    }
  });

  it('classifies a refused connection as unreachable and retryable', async () => {
    const closed = createClient({
      apiKey: 'k',
      baseUrl: `http://127.0.0.1:${await closedPort()}/v2`,
      maxRetries: 0,
    });
    const unreachable = await closed.containers.get(ID).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(APIConnectionError);
    expect(classifyError(unreachable)).toMatchObject({
      category: 'unreachable',
      fault: 'network',
      retryable: true,
      httpStatus: null,
      requestId: null,
    });
  });

  it('tells an abort, a refused argument and a bug apart', async () => {
    const client = createClient({ apiKey: 'k', baseUrl: `${service.origin}/v2`, maxRetries: 0 });
    const controller = new AbortController();
    controller.abort();
    const aborted = await client.containers
      .get(ID, { signal: controller.signal })
      .catch((error: unknown) => error);
    expect(classifyError(aborted)).toMatchObject({ category: 'cancelled', retryable: true });

    const refused = await client.containers
      .list({ pageSize: 1000 })
      .catch((error: unknown) => error);
    expect(classifyError(refused)).toMatchObject({
      category: 'invalid_argument',
      field: 'pageSize',
      httpStatus: null,
    });

    expect(classifyError(new TypeError('boom'))).toMatchObject({
      category: 'internal_error',
      fault: 'shiptrack',
      retryable: false,
    });
  });
});
