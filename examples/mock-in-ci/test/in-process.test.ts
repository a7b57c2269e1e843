/**
 * The mock in the test process, through msw: the application's own `fetch`
 * calls to the service's URL are answered by the mock, no port, no network.
 * The clock is the mock's manual clock, moved by the test.
 */
import { createMockServer, DEMO_API_KEY, type MockServer } from '@shiptrack/mock-server';
import { createMswHandlers } from '@shiptrack/mock-server/msw';
import { createClient } from '@shiptrack/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { pickupStory } from './scenario.js';

const BASE_URL = 'https://api.example.test/v2';
let mock: MockServer;
let server: ReturnType<typeof setupServer>;

beforeAll(() => {
  mock = createMockServer({ clock: { mode: 'manual', startAt: '2025-03-01T00:00:00Z' } });
  server = setupServer(...createMswHandlers(mock, { baseUrl: BASE_URL }));
  // A request nobody mocked fails the test instead of reaching the network.
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  mock.dispose();
});

describe('pickup report, mock in-process with msw', () => {
  it('follows the demo containers from the terminal to pickup and the rail ones inland', async () => {
    const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: BASE_URL, rateLimit: false });
    await pickupStory(client, {
      now: async () => new Date(mock.clock.now()),
      advanceDays: async (days) => {
        await mock.advance(days * 86_400);
      },
    });
  });
});
