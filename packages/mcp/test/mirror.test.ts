/**
 * The server with a mirror: a real @shiptrack/mirror on PGlite in a temp
 * directory, fed from the mock by `sync()`, and a real MCP client. Every
 * REST request the server makes is counted where it leaves the SDK client
 * (the mock's transport), so "no REST call" is measured, not assumed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kRanks from 'js-tiktoken/ranks/o200k_base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Connection, connect, startMockService } from './harness.js';
import { textOf } from './schema-check.js';

/** The tool list's measure: tokens of the o200k encoding of its compact JSON. */
const o200k = new Tiktoken(o200kRanks);

const service = startMockService();
const dir = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-mirror-'));
/** The paths of the REST requests the server made (GET /v2/...). */
let requests: string[] = [];
const client = service.client({
  fetch: (url, init) => {
    const request = new Request(url, init);
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return service.mock.fetch(request);
  },
});
let mirror: Mirror;
let asOf: string;
let now = new Date();
let connection: Connection;

type Structured = Record<string, unknown> & {
  paging?: { asOf?: string; total: number | null; scanned: number; returned: number };
};

async function call(name: string, args: Record<string, unknown> = {}) {
  const result = await connection.client.callTool({ name, arguments: args });
  expect(result.isError, textOf(result)).toBeFalsy();
  return { structured: result.structuredContent as Structured, text: textOf(result) };
}

beforeAll(async () => {
  mirror = await createMirror({ client: service.client(), database: dir });
  // The sync's own pacing would wait real seconds between requests; the test does not.
  await mirror.sync({ sleep: async () => {} });
  const freshness = await mirror.freshness();
  asOf = freshness.asOf ?? '';
  expect(asOf).not.toBe('');
  now = new Date(Date.parse(asOf) + 60_000);
  connection = await connect({ client, mirror, now: () => now });
}, 120_000);

afterAll(async () => {
  await connection?.close();
  await mirror?.close();
  service.mock.dispose();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
  now = new Date(Date.parse(asOf) + 60_000);
});

describe('list tools answer from the mirror', () => {
  it('lists every container with no REST call, the exact total, and asOf', async () => {
    const all = await mirror.list('container');
    expect(all.length).toBeGreaterThan(2);
    const { structured, text } = await call('list_containers', { page_size: 100 });
    expect(requests).toEqual([]);
    const rows = structured.containers as { id: string; number: string | null }[];
    expect(rows.map((row) => row.id).sort()).toEqual(all.map((record) => record.id).sort());
    expect(structured.paging).toMatchObject({ total: all.length, scanned: 0, asOf });
    expect(text).toContain('From the mirror (no REST call)');
  });

  it('applies status, port and carrier in the database, and pages exactly', async () => {
    const all = await mirror.list('container');
    const status = String(all[0]?.attributes.current_status);
    const expected = all.filter((record) => record.attributes.current_status === status);
    const { structured } = await call('list_containers', { status, page_size: 1 });
    expect(requests).toEqual([]);
    expect(structured.paging).toMatchObject({ total: expected.length, returned: 1 });
    expect((structured.containers as { status: string }[])[0]?.status).toBe(status);
    expect(structured.filters).toEqual({
      checked: [{ name: 'status', value: status }],
      notApplied: [],
    });

    const shipments = await mirror.list('shipment');
    const pod = String(shipments[0]?.attributes.port_of_discharge_locode);
    const scac = String(shipments[0]?.attributes.shipping_line_scac);
    const bound = (await call('list_containers', { port: pod.toLowerCase(), carrier: scac }))
      .structured;
    const matching = shipments.filter(
      (s) =>
        s.attributes.port_of_discharge_locode === pod && s.attributes.shipping_line_scac === scac,
    );
    const containerCount = all.filter((c) =>
      matching.some(
        (s) => (c.relationships.shipment as { data?: { id: string } })?.data?.id === s.id,
      ),
    ).length;
    expect(bound.paging?.total).toBe(containerCount);
    for (const row of bound.containers as {
      pod: string;
      scac: string;
    }[]) {
      expect(row).toMatchObject({ pod, scac });
    }
    expect(requests).toEqual([]);
  });

  it('lists shipments with their containers and tracking requests by raw filters, no REST call', async () => {
    const shipments = (await call('list_shipments', { include_containers: true, page_size: 100 }))
      .structured;
    expect((shipments.shipments as unknown[]).length).toBe((await mirror.list('shipment')).length);
    const withContainers = (shipments.shipments as { containers?: unknown[] }[]).filter(
      (row) => (row.containers?.length ?? 0) > 0,
    );
    expect(withContainers.length).toBeGreaterThan(0);

    const requestsHeld = await mirror.list('tracking_request');
    const first = requestsHeld[0]?.attributes ?? {};
    const scac = String(first.scac);
    const expected = requestsHeld.filter((r) => r.attributes.scac === scac).length;
    const listed = (
      await call('list_tracking_requests', { filters: { 'filter[scac]': scac.toLowerCase() } })
    ).structured;
    expect(listed.paging?.total).toBe(expected);
    expect(listed.paging?.asOf).toBe(asOf);
    expect(requests).toEqual([]);
  });

  it('searches partial numbers in the mirror, no REST call', async () => {
    const [container] = await mirror.list('container');
    const number = String(container?.attributes.number);
    const { structured, text } = await call('search_container', {
      query: number.slice(0, 7).toLowerCase(),
    });
    expect(requests).toEqual([]);
    expect((structured.containers as { id: string }[]).map((hit) => hit.id)).toContain(
      container?.id,
    );
    expect(structured.asOf).toBe(asOf);
    expect(text).toContain('From the mirror');
  });

  it('sends an argument the mirror cannot answer to REST, and says why', async () => {
    const { structured, text } = await call('list_containers', {
      updated_after: '2020-01-01T00:00:00Z',
    });
    expect(requests.some((path) => path.startsWith('GET /v2/containers'))).toBe(true);
    expect(structured.paging?.asOf).toBeUndefined();
    expect(text).toContain('Read from REST: the mirror cannot answer updated_after');
  });
});

describe('get_container and the freshness rule', () => {
  it('reads the container from the mirror while its copy is young enough', async () => {
    const [container] = await mirror.list('container');
    const id = container?.id ?? '';
    const { structured, text } = await call('get_container', { id });
    expect((structured.flags as { asOf?: string }).asOf).toBe(asOf);
    expect(structured.number).toBe(container?.attributes.number);
    // Neither custom fields nor terminals are mirrored; the container itself is not read.
    expect(requests).not.toContain(`GET /v2/containers/${id}`);
    expect(text).toContain('From the mirror');
  });

  it('falls back to REST once the copy is older than the limit (15 min)', async () => {
    now = new Date(Date.parse(asOf) + 16 * 60_000);
    const [container] = await mirror.list('container');
    const id = container?.id ?? '';
    const { structured, text } = await call('get_container', { id });
    expect((structured.flags as { asOf?: string }).asOf).toBeUndefined();
    expect(requests).toContain(`GET /v2/containers/${id}`);
    expect(text).toMatch(/Read from REST: the mirror's copy is 16 min old/);
  });

  it('finds a container by number in the mirror', async () => {
    const [container] = await mirror.list('container');
    const { structured } = await call('get_container', {
      id: String(container?.attributes.number),
    });
    expect(structured.id).toBe(container?.id);
    expect(requests.some((path) => path === 'GET /v2/containers')).toBe(false);
  });
});

describe('analyze-delays', () => {
  it('embeds the ETA history the mirror kept', async () => {
    const [container] = await mirror.list('container');
    const prompt = await connection.client.getPrompt({
      name: 'analyze-delays',
      arguments: { container_id: container?.id ?? '' },
    });
    const texts = prompt.messages.map((message) =>
      message.content.type === 'text' ? message.content.text : '',
    );
    expect(texts.some((line) => line.startsWith('ETA history (from the mirror'))).toBe(true);
    expect(texts.join('\n')).toContain('Use the ETA history above');
  });
});

describe('tools/list with a mirror', () => {
  it('stays within the 3,500-token budget (o200k, as token-economy.test.ts counts it)', async () => {
    const list = await connection.client.listTools();
    expect(o200k.encode(JSON.stringify(list.tools)).length).toBeLessThanOrEqual(3_500);
  });
});
