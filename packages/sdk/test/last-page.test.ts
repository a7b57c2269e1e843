/**
 * How the client knows a page is the last one, against a real `node:http`
 * service that counts what it is sent: a `links.next` that is empty, null
 * or absent ends the iteration without another request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CannedAnswer,
  type CannedService,
  startCannedService,
} from '../../../test-support/canned-service.js';
import { createClient, ShiptrackError } from '../src/index.js';

/** One page of one shipping line whose `links.next` is as the case names it. */
function lastPage(next: string | null | undefined): CannedAnswer {
  const links = { self: 'x', first: 'x', last: 'x', ...(next === undefined ? {} : { next }) };
  return {
    status: 200,
    body: JSON.stringify({
      data: [{ id: 'AAAA', type: 'shipping_line', attributes: { scac: 'AAAA', name: 'A' } }],
      links,
      meta: { total: 1 },
    }),
  };
}

const CASES = { empty: lastPage(''), null: lastPage(null), absent: lastPage(undefined) };
let service: CannedService;

beforeAll(async () => {
  service = await startCannedService(CASES);
});

afterAll(async () => {
  await service.close();
});

describe('the last page', () => {
  it.each(Object.keys(CASES))(
    'ends the iteration when links.next is %s, with one request only',
    async (name) => {
      const client = createClient({ apiKey: 'k', baseUrl: service.baseUrl(name), maxRetries: 0 });
      const scacs: (string | null)[] = [];
      for await (const line of client.shippingLines.list()) scacs.push(line.scac);
      expect(scacs).toEqual(['AAAA']);
      expect(service.requests(name)).toBe(1);

      const page = await client.shippingLines.list();
      expect(page.hasNextPage()).toBe(false);
      await expect(page.nextPage()).rejects.toBeInstanceOf(ShiptrackError);
      expect(service.requests(name)).toBe(2);
    },
  );
});
