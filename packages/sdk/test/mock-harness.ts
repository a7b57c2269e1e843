import { createMockServer, DEMO_API_KEY, type MockServer } from '@shiptrack/mock-server';
import { createMswHandlers } from '@shiptrack/mock-server/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createContractValidator } from '../../../test-support/contract.js';
import {
  type ClientOptions,
  createClient,
  type ResponseFormat,
  type ShiptrackClient,
} from '../src/index.js';
import { checkMappedConformance } from './conformance.js';
import { BASE_URL } from './helpers.js';

/** Where test webhooks point; msw accepts every delivery. */
export const HOOK_URL = 'https://hooks.shiptrack.test/receiver';

/** A mock service behind msw, with every response checked against the spec. */
export interface MockHarness {
  mock: MockServer;
  /** Replaces the mock with a fresh one (new state, new rate-limit windows). */
  renew(options?: Parameters<typeof createMockServer>[0]): MockServer;
  /** A client of the mock with the demo account's key. */
  client<F extends ResponseFormat = 'mapped'>(options?: ClientOptions<F>): ShiptrackClient<F>;
  /** How many responses were checked against the spec so far. */
  checked(): number;
  /** How many mapped models were parsed with their zod schema so far. */
  conformed(): number;
}

/**
 * Starts msw in front of an in-process mock for the test file. Every mocked
 * response of the REST API is validated against `spec/openapi.yaml`, and
 * every success body is mapped as the client maps it and each mapped model
 * parsed with its zod schema; a mismatch fails the test that caused it.
 */
export function useMockService(options: Parameters<typeof createMockServer>[0] = {}): MockHarness {
  const contract = createContractValidator();
  const server = setupServer();
  const pending: Promise<void>[] = [];
  const violations: string[] = [];
  let count = 0;
  let models = 0;
  let mock = createMockServer({ clock: { mode: 'manual' }, ...options });
  const handlers = () => [
    ...createMswHandlers(mock, { baseUrl: BASE_URL }),
    http.post(`${new URL(HOOK_URL).origin}/*`, () => new HttpResponse(null, { status: 204 })),
  ];
  server.events.on('response:mocked', ({ request, response }) => {
    if (!request.url.startsWith(BASE_URL)) return;
    const copy = response.clone();
    pending.push(
      copy.text().then((text) => {
        count++;
        const body = text === '' ? undefined : JSON.parse(text);
        try {
          contract.assertResponse({
            method: request.method,
            url: request.url,
            status: copy.status,
            body,
            contentType: copy.headers.get('content-type') ?? undefined,
          });
        } catch (error) {
          violations.push(String(error));
        }
        if (copy.ok && body !== undefined) {
          const conformance = checkMappedConformance(request.method, request.url, body);
          models += conformance.models;
          violations.push(...conformance.problems);
        }
      }),
    );
  });
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.use(...handlers());
  });
  afterEach(async () => {
    await Promise.all(pending.splice(0));
    const found = violations.splice(0);
    expect(found, found.join('\n')).toEqual([]);
  });
  afterAll(() => {
    server.close();
    mock.dispose();
  });
  return {
    get mock() {
      return mock;
    },
    renew(next = {}) {
      mock.dispose();
      mock = createMockServer({ clock: { mode: 'manual' }, ...options, ...next });
      server.resetHandlers(...handlers());
      return mock;
    },
    client(clientOptions = {}) {
      return createClient({
        apiKey: DEMO_API_KEY,
        baseUrl: BASE_URL,
        rateLimit: false,
        ...clientOptions,
      });
    },
    checked: () => count,
    conformed: () => models,
  };
}
