import { describe, expect, it } from 'vitest';
import {
  createClient,
  InvalidArgumentError,
  NotFoundError,
  rawRequest,
  rawRequestPages,
} from '../src/index.js';
import { BASE_URL } from './helpers.js';
import { useMockService } from './mock-harness.js';

const harness = useMockService();

/** The `data` of a JSON:API body. */
function dataOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
}

describe('rawRequest: any path, spelled out', () => {
  it('reads a path written as the base URL writes it, with or without /v2', async () => {
    const client = harness.client();
    for (const path of ['/v2/shipments', '/shipments', 'shipments', `${BASE_URL}/shipments`]) {
      const answer = await rawRequest(client, 'GET', path, { query: { 'page[size]': '2' } });
      expect(answer.status, path).toBe(200);
      expect(dataOf(answer.body), path).toHaveLength(2);
      expect(answer.nextUrl, path).toMatch(/^https:\/\/api\.shiptrack\.test\/v2\/shipments\?/);
    }
  });

  it('sends a JSON:API body and answers the service’s typed errors', async () => {
    const client = harness.client();
    const [container] = (await client.containers.list({ pageSize: 1 })).data;
    const updated = await rawRequest(client, 'PATCH', `/containers/${container?.id}`, {
      body: {
        data: { type: 'container', id: container?.id, attributes: { ref_numbers: ['PO-9'] } },
      },
    });
    expect(dataOf(updated.body)).toMatchObject({ attributes: { ref_numbers: ['PO-9'] } });
    await expect(
      rawRequest(client, 'GET', '/containers/00000000-0000-4000-8000-000000000000'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('never sends the key to another origin, and refuses what is not a method', async () => {
    const client = harness.client();
    await expect(rawRequest(client, 'GET', 'https://elsewhere.test/v2/shipments')).rejects.toThrow(
      /not the base URL's origin/,
    );
    await expect(rawRequest(client, 'FETCH', '/shipments')).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });
});

describe('rawRequestPages', () => {
  it('yields every page, following links.next to the last', async () => {
    const client = harness.client();
    const total = (await client.containers.list({ pageSize: 1 })).meta.total ?? 0;
    let records = 0;
    let pages = 0;
    for await (const page of rawRequestPages(client, '/containers', {
      query: { 'page[size]': '3' },
    })) {
      pages++;
      records += (dataOf(page.body) as unknown[]).length;
    }
    expect(records).toBe(total);
    expect(pages).toBe(Math.ceil(total / 3));
  });
});

describe('a service whose next page is a page already read', () => {
  it('stops with an error rather than loop', async () => {
    let calls = 0;
    const client = createClient({
      apiKey: 'sk_test_loop_0000000000',
      baseUrl: BASE_URL,
      fetch: async () => {
        // A loop fails the test at once, not at vitest's time-out.
        if (++calls > 5) throw new Error('looped');
        const body = { data: [], links: { next: `${BASE_URL}/shipments?page%5Bnumber%5D=2` } };
        return new Response(JSON.stringify(body), {
          headers: { 'content-type': 'application/vnd.api+json' },
        });
      },
    });
    const pages: unknown[] = [];
    await expect(
      (async () => {
        for await (const page of rawRequestPages(client, '/shipments')) pages.push(page);
      })(),
    ).rejects.toThrow(/as the next page again/);
    expect(pages).toHaveLength(2);
    // The page linked twice is fetched once.
    expect(calls).toBe(2);
  });
});
