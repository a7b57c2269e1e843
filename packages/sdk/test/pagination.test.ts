import { describe, expect, it } from 'vitest';
import { Page, PagePromise, ShiptrackError } from '../src/index.js';
import { useMockService } from './mock-harness.js';

const harness = useMockService();

describe('pagination against the mock', () => {
  it('awaits to the first page and iterates every item of every page', async () => {
    const client = harness.client();
    const listing = client.containers.list({ pageSize: 2 });
    expect(listing).toBeInstanceOf(PagePromise);
    const first = await listing;
    expect(first).toBeInstanceOf(Page);
    expect(first.data).toHaveLength(2);
    expect(first.hasNextPage()).toBe(true);
    const total = first.meta.total ?? 0;
    expect(total).toBeGreaterThan(4);

    const numbers: (string | null)[] = [];
    for await (const container of client.containers.list({ pageSize: 2 }))
      numbers.push(container.number);
    expect(numbers).toHaveLength(total);
    expect(new Set(numbers).size).toBe(total);
  });

  it('walks pages with nextPage() until links.next is absent', async () => {
    let page = await harness.client({ format: 'raw' }).containers.list({ pageSize: 4 });
    const pages = [page];
    while (page.hasNextPage()) {
      page = await page.nextPage();
      pages.push(page);
    }
    expect(page.links.next ?? undefined).toBeUndefined();
    expect(pages.reduce((sum, p) => sum + p.data.length, 0)).toBe(page.meta.total);
    await expect(page.nextPage()).rejects.toBeInstanceOf(ShiptrackError);
  });

  it('stops at maxItems', async () => {
    const seen: (string | null)[] = [];
    for await (const line of harness.client().shippingLines.list({ pageSize: 3, maxItems: 7 })) {
      seen.push(line.scac);
    }
    expect(seen).toHaveLength(7);
  });

  it('keeps the format on every page', async () => {
    const items: unknown[] = [];
    for await (const item of harness.client().shipments.list({ pageSize: 2, format: 'both' }))
      items.push(item);
    expect(items.length).toBeGreaterThan(2);
    for (const item of items)
      expect(item).toEqual({ raw: expect.any(Object), mapped: expect.any(Object) });
  });
});
