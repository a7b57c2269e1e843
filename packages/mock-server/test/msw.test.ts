import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMswHandlers } from '../src/adapters/msw.js';
import { createMockServer } from '../src/create-mock-server.js';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { contract, TEST_START } from './harness.js';

const BASE = 'https://api.shiptrack.test/tracking/v2';
const mock = createMockServer({ clock: { mode: 'manual', startAt: TEST_START } });
const server = setupServer(...createMswHandlers(mock, { baseUrl: BASE }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  mock.dispose();
});

async function get(path: string) {
  const response = await fetch(`${BASE}${path}`, {
    headers: { authorization: `Token ${DEMO_API_KEY}` },
  });
  const body = await response.json();
  contract().assertResponse({ method: 'GET', url: `/v2${path}`, status: response.status, body });
  return { response, body };
}

describe('msw handlers', () => {
  it('answers fetch calls to the base URL from the in-process mock', async () => {
    const { response, body } = await get('/shipments?page[size]=2');
    expect(response.status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.links.next).toBe(`${BASE}/shipments?page[number]=2&page[size]=2`);
  });

  it('serves the control API under the same prefix', async () => {
    const response = await fetch('https://api.shiptrack.test/tracking/_mock/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 3600 }),
    });
    expect((await response.json()).now).toBe('2025-03-01T01:00:00Z');
  });

  it('turns a dropped-connection fault into a network error', async () => {
    await fetch('https://api.shiptrack.test/tracking/_mock/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v2/containers', drop: true, count: 1 }),
    });
    await expect(
      fetch(`${BASE}/containers`, { headers: { authorization: `Token ${DEMO_API_KEY}` } }),
    ).rejects.toThrow();
  });
});

describe('msw handlers and webhooks', () => {
  it('refuses webhooks to the URLs msw answers for the mock, and keeps other paths of that origin', async () => {
    const create = (url: string) =>
      fetch(`${BASE}/webhooks`, {
        method: 'POST',
        headers: {
          authorization: `Token ${DEMO_API_KEY}`,
          'content-type': 'application/vnd.api+json',
        },
        body: JSON.stringify({
          data: {
            type: 'webhook',
            attributes: { url, active: true, events: ['container.updated'] },
          },
        }),
      });
    for (const url of [
      'https://api.shiptrack.test/tracking/_mock/reset',
      'https://API.shiptrack.test:443/tracking/v2/webhooks',
      'https://api.shiptrack.test/tracking/v2',
    ]) {
      const response = await create(url);
      const body = await response.json();
      expect(response.status, url).toBe(422);
      expect(body.errors[0]).toMatchObject({
        code: 'self_delivery',
        source: { pointer: '/data/attributes/url' },
      });
    }
    expect((await create('https://api.shiptrack.test/hooks')).status).toBe(201);
  });
});
