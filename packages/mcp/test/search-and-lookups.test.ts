import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerminalLookup } from '../src/service/terminals.js';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();

/** A `fetch` of the SDK client. */
type Send = (url: string, init: RequestInit) => Promise<Response>;

/** Straight to the in-process mock. */
const toMock: Send = (url, init) => service.mock.fetch(new Request(url, init));

/** Records every request sent through `send`, as `METHOD /path`. */
function recorder(send: Send) {
  const sent: string[] = [];
  const fetch: Send = (url, init) => {
    sent.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    return send(url, init);
  };
  return { sent, fetch };
}

/**
 * A service that leaves `pod_terminal` out of `included` and sends no time
 * zones, as real responses may: the request reaches the mock without
 * `pod_terminal` in `include`, and the `*_timezone` attributes are dropped
 * from the answer.
 */
function withoutTerminalsOrZones(send: Send): Send {
  return async (url, init) => {
    const target = new URL(url);
    const include = target.searchParams.get('include');
    if (include !== null) {
      const kept = include.split(',').filter((name) => name !== 'pod_terminal');
      if (kept.length > 0) target.searchParams.set('include', kept.join(','));
      else target.searchParams.delete('include');
    }
    const response = await send(target.href, init);
    const body = await response.text();
    const stripped = body.replace(/"(pod|destination|final_destination)_timezone":"[^"]*",?/g, '');
    return new Response(stripped.replace(/,}/g, '}'), {
      status: response.status,
      headers: response.headers,
    });
  };
}

let connection: Connection;
let check: (tool: string, result: unknown) => void;

beforeAll(async () => {
  connection = await connect({ client: service.client(), now: () => new Date(MOCK_START) });
  check = await outputValidators(connection.client);
});
afterEach(() => service.mock.faults.clear());
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('search_container on the search endpoint', () => {
  it('says what the search returned: containers, shipments and tracking requests', async () => {
    const result = await connection.client.callTool({
      name: 'search_container',
      arguments: { query: 'TGHU8812349' },
    });
    check('search_container', result);
    expect(result.structuredContent).toMatchObject({
      containers: [],
      shipments: [],
      trackingRequests: [
        { number: 'TGHU8812349', scac: 'MSCU', status: 'failed', failedReason: 'invalid_number' },
      ],
      totalResults: 1,
      omitted: 0,
    });
    expect(textOf(result)).toContain(
      '- tracking request TGHU8812349 at MSCU: failed (invalid_number)',
    );
  });

  it('makes one search and one read per container shown, nothing per shipment', async () => {
    const { sent, fetch } = recorder(toMock);
    const counted = await connect({ client: service.client({ fetch }) });
    try {
      const result = await counted.client.callTool({
        name: 'search_container',
        arguments: { query: 'MAEU' },
      });
      const found = result.structuredContent as {
        containers: { podTerminal: string | null }[];
        shipments: unknown[];
        totalResults: number;
      };
      expect(found.containers.length).toBeGreaterThan(0);
      expect(found.shipments.length).toBeGreaterThan(0);
      expect(found.containers.every((c) => c.podTerminal !== null)).toBe(true);
      expect(sent.filter((line) => line === 'GET /v2/search')).toHaveLength(1);
      expect(sent.filter((line) => line.startsWith('GET /v2/containers/'))).toHaveLength(
        found.containers.length,
      );
      expect(sent.filter((line) => line.startsWith('GET /v2/shipments'))).toHaveLength(0);
      expect(sent.filter((line) => line.startsWith('GET /v2/terminals/'))).toHaveLength(0);
    } finally {
      await counted.close();
    }
  });

  it('shows a container it could not read as the search gave it, and says so', async () => {
    service.mock.faults.add({ id: 'down', method: 'GET', path: '/v2/containers/*', status: 503 });
    const result = await connection.client.callTool({
      name: 'search_container',
      arguments: { query: 'MAEU4002159' },
    });
    check('search_container', result);
    expect(result.structuredContent).toMatchObject({
      containers: [
        {
          containerNumber: 'MAEU4002159',
          status: 'not_available',
          shippingLine: 'Maersk',
        },
      ],
    });
    expect(result.structuredContent).not.toHaveProperty('containers.0.podTerminal');
    expect(textOf(result)).toContain('1 container(s) could not be read just now');
  });
});

describe('terminals that were not included', () => {
  it('get_container reads the terminal, and its port for the time zone of the last free day', async () => {
    const { sent, fetch } = recorder(withoutTerminalsOrZones(toMock));
    const bare = service.client({ fetch });
    const lookups = await connect({ client: bare, now: () => new Date(MOCK_START) });
    try {
      const found = await lookups.client.callTool({
        name: 'search_container',
        arguments: { query: 'MAEU4002159' },
      });
      const id = (found.structuredContent as { containers: { id: string }[] }).containers[0]?.id;
      expect(found.structuredContent).toMatchObject({
        containers: [{ podTerminal: 'TraPac Los Angeles' }],
      });
      sent.length = 0;
      const result = await lookups.client.callTool({ name: 'get_container', arguments: { id } });
      check('get_container', result);
      expect(result.structuredContent).toMatchObject({
        location: { terminal: 'TraPac Los Angeles', timeZone: 'America/Los_Angeles' },
        demurrage: {
          lastFreeDay: '2025-03-04',
          daysToLastFreeDay: 4,
          countedIn: 'America/Los_Angeles',
        },
      });
      expect(sent.filter((line) => line.startsWith('GET /v2/terminals/'))).toHaveLength(1);
      expect(sent.filter((line) => line.startsWith('GET /v2/ports/'))).toHaveLength(1);
    } finally {
      await lookups.close();
    }
  });

  it('list_containers reads each terminal once, at most five per call', async () => {
    const { sent, fetch } = recorder(withoutTerminalsOrZones(toMock));
    const bare = service.client({ fetch });
    const lookups = await connect({ client: bare });
    try {
      const result = await lookups.client.callTool({
        name: 'list_containers',
        arguments: { include: 'pod_terminal' },
      });
      check('list_containers', result);
      const rows = (result.structuredContent as { containers: { terminal: string | null }[] })
        .containers;
      const reads = sent.filter((line) => line.startsWith('GET /v2/terminals/'));
      expect(new Set(reads).size).toBe(reads.length);
      expect(reads.length).toBeLessThanOrEqual(5);
      expect(rows.filter((row) => row.terminal !== null).length).toBeGreaterThan(0);
      expect(rows.find((row) => row.terminal === 'TraPac Los Angeles')).toBeDefined();
    } finally {
      await lookups.close();
    }
  });

  it('reads each record once, stops at its cap and counts what it left unread', async () => {
    const { sent, fetch } = recorder(toMock);
    const client = service.client({ fetch });
    const { data } = await client.containers.list({ pageSize: 100 });
    const ids = [...new Set(data.flatMap((c) => (c.podTerminalId ? [c.podTerminalId] : [])))];
    expect(ids.length).toBeGreaterThan(1);
    sent.length = 0;
    const lookup = new TerminalLookup(client, { maxReads: 1 });
    const first = await lookup.terminal({ podTerminalId: ids[0] });
    expect(first?.id).toBe(ids[0]);
    expect(await lookup.terminal({ podTerminalId: ids[1] })).toBeNull();
    expect(await lookup.terminal({ podTerminalId: ids[0] })).toBe(first);
    expect(lookup.unread).toBe(1);
    expect(sent).toEqual([`GET /v2/terminals/${ids[0]}`]);
  });
});
