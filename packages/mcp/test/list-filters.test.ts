import { containerCheckDigit } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_LIMIT } from '../src/core/filtered-list.js';
import { type Connection, connect, type MockService, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();

/**
 * A service that ignores every `filter[...]` parameter, as the real one does
 * for most of them (the mock applies them all): the request reaches the mock
 * without its filters.
 */
function withoutFilters(mock: MockService['mock']) {
  return (url: string, init: RequestInit) => {
    const target = new URL(url);
    for (const name of [...target.searchParams.keys()]) {
      if (name.startsWith('filter[')) target.searchParams.delete(name);
    }
    return mock.fetch(new Request(target, init));
  };
}

const ignoringFilters = service.client({ fetch: withoutFilters(service.mock) });

let honest: Connection;
let check: (tool: string, result: unknown) => void;

beforeAll(async () => {
  honest = await connect({ client: ignoringFilters });
  check = await outputValidators(honest.client);
});
afterAll(async () => {
  await honest.close();
  service.mock.dispose();
});

describe('filters the service does not apply', () => {
  it('checks every row here and reports what was scanned, never the unfiltered total', async () => {
    const result = await honest.client.callTool({
      name: 'list_containers',
      arguments: { carrier: 'HLCU' },
    });
    check('list_containers', result);
    const { containers, paging, filters } = result.structuredContent as {
      containers: { scac: string }[];
      paging: { total: number; complete: boolean; scanned: number };
      filters: { checked: { name: string }[] };
    };
    expect(containers).toHaveLength(2);
    expect(containers.every((c) => c.scac === 'HLCU')).toBe(true);
    expect(paging).toMatchObject({ total: 2, complete: true, scanned: 9, hasMore: false });
    expect(filters.checked).toEqual([{ name: 'carrier', value: 'HLCU' }]);
    expect(textOf(result)).toContain(
      'The service did not apply the filters; all 9 rows were checked here.',
    );
  });

  it('cuts the asked page from the matches', async () => {
    const result = await honest.client.callTool({
      name: 'list_containers',
      arguments: { status: 'on_ship', page: 2, page_size: 2 },
    });
    check('list_containers', result);
    expect(result.structuredContent).toMatchObject({
      containers: [{ status: 'on_ship' }],
      paging: { page: 2, returned: 1, total: 3, hasMore: false },
    });
  });

  it('checks shipments by port of lading, discharge or destination', async () => {
    const result = await honest.client.callTool({
      name: 'list_shipments',
      arguments: { port: 'NLRTM' },
    });
    check('list_shipments', result);
    expect(result.structuredContent).toMatchObject({
      shipments: [{ bl: 'MEDUQ4821563', pol: 'NLRTM' }],
      paging: { total: 1, complete: true },
    });
  });

  it('checks tracking requests by status', async () => {
    const result = await honest.client.callTool({
      name: 'list_tracking_requests',
      arguments: { status: 'failed' },
    });
    check('list_tracking_requests', result);
    expect(result.structuredContent).toMatchObject({
      trackingRequests: [{ number: 'TGHU8812349', status: 'failed' }],
      paging: { total: 1 },
    });
  });

  it('stops scanning at the cap and says the count is a lower bound', async () => {
    const many = startMockService({ rateLimits: false });
    const client = many.client();
    for (let serial = 0; serial < SCAN_LIMIT + 50; serial++) {
      const six = String(100_000 + serial).padStart(6, '0');
      const firstTen = `MSCU${six}`;
      await client.trackingRequests.create({
        requestType: 'container',
        requestNumber: `${firstTen}${containerCheckDigit(firstTen)}`,
        scac: 'MSCU',
      });
    }
    const capped = await connect({
      client: many.client({ fetch: withoutFilters(many.mock) }),
    });
    try {
      const result = await capped.client.callTool({
        name: 'list_tracking_requests',
        arguments: { status: 'failed' },
      });
      expect(result.structuredContent).toMatchObject({
        paging: { complete: false, scanned: SCAN_LIMIT, hasMore: true },
      });
      // An unknown total is left out (a member the server cannot give is never sent as null).
      expect(result.structuredContent).not.toHaveProperty('paging.total');
      expect(textOf(result)).toContain('the scan stopped at its cap');
    } finally {
      await capped.close();
      many.mock.dispose();
    }
  });
});
