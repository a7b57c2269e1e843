/**
 * The test harness of the mock: every response of the REST API that a test
 * receives through it is validated against spec/openapi.yaml, so a test
 * cannot pass on a response that breaks the contract.
 */
import { type ContractValidator, createContractValidator } from '../../../test-support/contract.js';
import { type RunningMockServer, startMockServer } from '../src/adapters/node.js';
import {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '../src/create-mock-server.js';
import { DEMO_API_KEY } from '../src/engine/accounts.js';

/** A response as a test sees it. */
export interface TestResponse<T = JsonBody> {
  status: number;
  headers: Headers;
  body: T;
}

/** A JSON body, loosely typed for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field in tests.
export type JsonBody = any;

/** Options of one request. */
export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as is). */
  rawBody?: string;
  /** API key; `null` sends no Authorization header. Default: the demo key. */
  apiKey?: string | null;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Sends requests to a mock and validates every `/v2` response against the spec. */
export interface Harness {
  readonly mock: MockServer;
  /** The REST base (`.../v2`). */
  readonly baseUrl: string;
  /** A request to the REST API (path relative to `/v2`); the response is contract-checked. */
  api(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /**
   * A request to the control API (path relative to `/_mock`); not part of
   * the spec. With `apiKey`, as that key's account (journal, stubs).
   */
  control(method: string, path: string, body?: unknown, apiKey?: string): Promise<TestResponse>;
  /** Advances the mock clock by `seconds` through the control API. */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

/** Start time of the manual clock in tests. */
export const TEST_START = '2025-03-01T00:00:00Z';

let validator: ContractValidator | undefined;

/** The shared contract validator (compiled once per test file). */
export function contract(): ContractValidator {
  validator ??= createContractValidator();
  return validator;
}

async function readBody(response: Response): Promise<JsonBody> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

function build(
  mock: MockServer,
  baseUrl: string,
  send: (request: Request) => Promise<Response>,
  close: () => Promise<void>,
): Harness {
  const origin = new URL(baseUrl).origin;
  const harness: Harness = {
    mock,
    baseUrl,
    async api(method, path, options = {}) {
      const headers = new Headers(options.headers);
      const apiKey = options.apiKey === undefined ? DEMO_API_KEY : options.apiKey;
      if (apiKey !== null) headers.set('authorization', `Token ${apiKey}`);
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined)
        headers.set('content-type', options.contentType ?? 'application/vnd.api+json');
      const url = `${baseUrl}${path}`;
      const response = await send(
        new Request(url, { method, headers, ...(body === undefined ? {} : { body }) }),
      );
      const parsed = await readBody(response);
      contract().assertResponse({
        method,
        url,
        status: response.status,
        body: parsed,
        contentType: response.headers.get('content-type') ?? undefined,
      });
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async control(method, path, body, apiKey) {
      const response = await send(
        new Request(`${origin}/_mock${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(apiKey === undefined ? {} : { authorization: `Token ${apiKey}` }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      return { status: response.status, headers: response.headers, body: await readBody(response) };
    },
    async advance(seconds) {
      const response = await harness.control('POST', '/clock/advance', { seconds });
      if (response.status !== 200)
        throw new Error(`advance failed: ${JSON.stringify(response.body)}`);
    },
    close,
  };
  return harness;
}

/** A harness calling the mock in process (its `fetch` handler), manual clock by default. */
export function inProcessHarness(options: MockServerOptions = {}): Harness {
  const mock = createMockServer({ clock: { mode: 'manual', startAt: TEST_START }, ...options });
  const baseUrl = 'http://mock.test/v2';
  return build(
    mock,
    baseUrl,
    (request) => mock.fetch(request),
    async () => mock.dispose(),
  );
}

/** A harness calling the mock over real HTTP on a loopback port, manual clock by default. */
export async function httpHarness(options: MockServerOptions = {}): Promise<Harness> {
  const server: RunningMockServer = await startMockServer({
    clock: { mode: 'manual', startAt: TEST_START },
    ...options,
  });
  return build(
    server.mock,
    server.url,
    (request) => fetch(request),
    () => server.close(),
  );
}

/** A tracking-request body. */
export function trackingRequestBody(
  requestNumber: string,
  scac: string,
  requestType = 'container',
  extra: Record<string, unknown> = {},
): unknown {
  return {
    data: {
      type: 'tracking_request',
      attributes: { request_type: requestType, request_number: requestNumber, scac, ...extra },
    },
  };
}
