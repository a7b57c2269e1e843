import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';

/** The budget's measure: 4 characters of compact JSON a token. */
const tokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);

const service = startMockService();
let connection: Connection;

beforeAll(async () => {
  connection = await connect({ client: service.client(), now: () => new Date(MOCK_START) });
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('token economy', () => {
  it('keeps the whole tool list within 3,500 tokens', async () => {
    const list = await connection.client.listTools();
    const used = tokens(list.tools);
    console.info(`tools/list: ${used} tokens`);
    expect(used).toBeLessThanOrEqual(3_500);
  });

  it('keeps each typical result under 25,000 tokens', async () => {
    const call = (name: string, args: Record<string, unknown> = {}) =>
      connection.client.callTool({ name, arguments: args });
    const search = await call('search_container', { query: 'MAEU' });
    const containerId = (search.structuredContent as { containers: { id: string }[] }).containers[0]
      ?.id;
    const shipments = await call('list_shipments', { include_containers: true, page_size: 100 });
    const shipmentId = (shipments.structuredContent as { shipments: { id: string }[] }).shipments[0]
      ?.id;
    const results = {
      search,
      shipments,
      containers: await call('list_containers', {
        include: 'shipment,pod_terminal,transport_events',
        page_size: 100,
      }),
      requests: await call('list_tracking_requests', { page_size: 100 }),
      container: await call('get_container', {
        id: containerId,
        include: ['shipment', 'pod_terminal', 'transport_events'],
      }),
      events: await call('get_container_transport_events', { id: containerId }),
      shipment: await call('get_shipment_details', { id: shipmentId }),
      lines: await call('get_supported_shipping_lines'),
      route: await call('get_container_route', { id: containerId }),
      track: await call('track_container', { number: 'MSCU1234566' }),
    };
    for (const [name, result] of Object.entries(results)) {
      expect(result.isError, name).toBeFalsy();
      expect(tokens(result), name).toBeLessThan(25_000);
    }
  });
});
