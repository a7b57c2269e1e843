import type { Client } from '@modelcontextprotocol/client';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, startHost } from './support/host.js';

/** The ten tools of the specification and the at-risk list, each with arguments that work on the demo data. */
type ToolArguments = (ids: DemoIds) => Record<string, unknown>;
interface DemoIds {
  containerId: string;
  containerNumber: string;
  shipmentId: string;
}

const CALLS: Record<string, ToolArguments> = {
  search_container: (ids) => ({ query: ids.containerNumber }),
  track_container: (ids) => ({ number: ids.containerNumber }),
  get_container: (ids) => ({ id: ids.containerId }),
  get_container_transport_events: (ids) => ({ id: ids.containerId }),
  get_shipment_details: (ids) => ({ id: ids.shipmentId }),
  get_supported_shipping_lines: () => ({ search: 'MSC' }),
  get_container_route: (ids) => ({ id: ids.containerId }),
  list_shipments: () => ({}),
  list_containers: () => ({}),
  list_tracking_requests: () => ({}),
  list_containers_at_risk: () => ({}),
  needs_attention: () => ({}),
};

describe('every tool over HTTP with an API key (Authorization: Token)', () => {
  let host: Host;
  let client: Client;
  let ids: DemoIds;
  let listed: string[];

  beforeAll(async () => {
    host = await startHost();
    const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: host.mock.url, rateLimit: false });
    const containers = await sdk.containers.list({ pageSize: 1 });
    const shipments = await sdk.shipments.list({ pageSize: 1 });
    const container = containers.data[0];
    const shipment = shipments.data[0];
    if (!container?.number || !shipment)
      throw new Error('the demo data has no container or shipment');
    ids = { containerId: container.id, containerNumber: container.number, shipmentId: shipment.id };
    client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
    listed = (await client.listTools()).tools.map((tool) => tool.name);
  });
  afterAll(async () => {
    await client?.close();
    await host?.close();
  });

  it('lists only tools of the specification', () => {
    expect(listed.length).toBeGreaterThan(0);
    for (const name of listed) expect(Object.keys(CALLS)).toContain(name);
  });

  for (const [name, args] of Object.entries(CALLS)) {
    it(`${name} answers with structured content from the mock`, async (context) => {
      if (!listed.includes(name)) context.skip(`${name} is not served by @shiptrack/mcp yet`);
      const result = await client.callTool({ name, arguments: args(ids) });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toBeTypeOf('object');
      expect(result.content).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'text' })]),
      );
    });
  }

  it('answers get_container with the container the SDK reads directly', async () => {
    const result = await client.callTool({
      name: 'get_container',
      arguments: { id: ids.containerId },
    });
    expect(result.structuredContent).toMatchObject({
      id: ids.containerId,
      number: ids.containerNumber,
    });
  });

  it('logs one line per request with the tool and the key fingerprint, never the key', async () => {
    await client.callTool({ name: 'get_container', arguments: { id: ids.containerId } });
    const line = host.logs.filter((entry) => entry.target === 'get_container').at(-1);
    expect(line).toMatchObject({
      method: 'POST',
      rpcMethod: 'tools/call',
      status: 200,
      auth: 'token',
    });
    expect(line?.keyFingerprint).toMatch(/^[0-9a-f]{12}$/);
    expect(line?.requestId).toBeTruthy();
    expect(line?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(host.logs)).not.toContain(DEMO_API_KEY);
  });
});
