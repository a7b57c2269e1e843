import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_URL, testClient, useMswServer } from './helpers.js';

const server = useMswServer();

describe('links the client resolves itself', () => {
  const item = (id: string) => ({ id, type: 'shipping_line', attributes: { scac: id, name: id } });
  const links = (next?: string) => ({
    self: 'x',
    first: 'x',
    last: 'x',
    ...(next ? { next } : {}),
  });

  it('resolves relative next links against the base URL', async () => {
    server.use(
      http.get(`${BASE_URL}/shipping_lines`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page[number]') ?? '1';
        return page === '1'
          ? HttpResponse.json({
              data: [item('AAAA')],
              links: links('/v2/shipping_lines?page[number]=2'),
              meta: {},
            })
          : HttpResponse.json({ data: [item('BBBB')], links: links(), meta: {} });
      }),
    );
    const scacs: (string | null)[] = [];
    for await (const line of testClient().shippingLines.list()) scacs.push(line.scac);
    expect(scacs).toEqual(['AAAA', 'BBBB']);
  });

  it('refuses to send credentials to another origin', async () => {
    server.use(
      http.get(`${BASE_URL}/shipping_lines`, () =>
        HttpResponse.json({
          data: [item('AAAA')],
          links: links('https://evil.test/v2/shipping_lines?page[number]=2'),
          meta: {},
        }),
      ),
    );
    const page = await testClient().shippingLines.list();
    await expect(page.nextPage()).rejects.toThrow(/will not send your credentials/);
  });

  it('stops when a next link points back to a page already read', async () => {
    // Past this many requests the service ends the list, so a client that loops ends too and fails here.
    const bound = 5;
    let requests = 0;
    server.use(
      http.get(`${BASE_URL}/shipping_lines`, () => {
        requests++;
        return HttpResponse.json({
          data: [item('AAAA')],
          links: requests < bound ? links(`${BASE_URL}/shipping_lines?page[number]=1`) : links(),
          meta: {},
        });
      }),
    );
    const read = async () => {
      for await (const _line of testClient().shippingLines.list()) {
        // consume
      }
    };
    await expect(read()).rejects.toThrow(/endless loop/);
    // The first page, then the page it links to, which links to itself: two requests.
    expect(requests).toBe(2);
  });
});
