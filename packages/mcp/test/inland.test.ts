/**
 * A container on rail to an inland destination, told by the tools: the mock
 * (like the service) names the destination and the events there by their
 * metro area, and the shipment details, the search rows and the timeline
 * show its name and UN/LOCODE. Every structured result is checked against
 * the tool's advertised output schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

/** The demo shipment that goes on by rail, its container, and its inland destination. */
const RAIL_BILL = 'HLCUSHA2406731';
const RAIL_CONTAINER = 'HLXU8143334';
const INLAND = { name: 'Dallas', locode: 'USDAL' };

const service = startMockService();
let connection: Connection;
let check: (tool: string, result: unknown) => void;

const call = (name: string, args: Record<string, unknown> = {}) =>
  connection.client.callTool({ name, arguments: args });

beforeAll(async () => {
  await service.mock.advance(6 * 86_400); // the container reaches Dallas by rail
  connection = await connect({
    client: service.client(),
    now: () => new Date(service.mock.clock.now()),
  });
  check = await outputValidators(connection.client);
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('an inland destination', () => {
  it('is a metro area in the service answers the tools read', async () => {
    const client = service.client();
    const page = await client.shipments.list({ q: RAIL_BILL, include: ['destination'] });
    expect(page.data[0]?.destination).toMatchObject({ type: 'metro_area', code: INLAND.locode });
  });

  it('get_shipment_details and search_container name it', async () => {
    const search = await call('search_container', { query: RAIL_CONTAINER });
    check('search_container', search);
    const found = search.structuredContent as {
      containers: { id: string; containerNumber: string; destination: string | null }[];
      shipments: { id: string }[];
    };
    const hit = found.containers.find((c) => c.containerNumber === RAIL_CONTAINER);
    expect(hit?.destination).toBe(INLAND.name);
    expect(textOf(search)).toContain(`-> ${INLAND.name} |`);

    const byBill = await call('search_container', { query: RAIL_BILL });
    const shipmentId = (byBill.structuredContent as typeof found).shipments[0]?.id;
    const details = await call('get_shipment_details', { id: shipmentId });
    check('get_shipment_details', details);
    expect(details.structuredContent).toMatchObject({ destination: INLAND });
    expect(textOf(details)).toContain(`-> ${INLAND.name}`);
  });

  it('get_container_transport_events places the inland milestones there', async () => {
    const search = await call('search_container', { query: RAIL_CONTAINER });
    const id = (search.structuredContent as { containers: { id: string }[] }).containers[0]?.id;
    const result = await call('get_container_transport_events', { id });
    check('get_container_transport_events', result);
    const { timeline } = result.structuredContent as {
      timeline: { event: string | null; location: { name: string | null; locode: string } }[];
    };
    for (const name of ['rail_arrived', 'arrived_at_inland_destination', 'rail_unloaded']) {
      const entry = timeline.find((e) => e.event === `container.transport.${name}`);
      expect(entry?.location, name).toEqual(INLAND);
      expect(textOf(result)).toContain(`${name} at ${INLAND.name} ${INLAND.locode}`);
    }
  });
});
