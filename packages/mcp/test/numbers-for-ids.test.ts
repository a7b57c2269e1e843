import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();
let connection: Connection;
let check: (tool: string, result: unknown) => void;

/** A row of list_shipments with its containers. */
interface ShipmentRow {
  id: string;
  bl: string;
  containers: { id: string; number: string }[];
}
/** get_shipment_details' answer, the members read here. */
interface ShipmentDetails {
  billOfLading: string;
  containers: { id: string; number: string }[];
}
let shipments: ShipmentRow[];

const call = (name: string, args: Record<string, unknown>) =>
  connection.client.callTool({ name, arguments: args });

const codeOf = (result: unknown) =>
  (result as { _meta?: Record<string, { code?: string }> })._meta?.['shiptrack/error']?.code;

beforeAll(async () => {
  connection = await connect({ client: service.client(), now: () => new Date(MOCK_START) });
  check = await outputValidators(connection.client);
  const listed = await call('list_shipments', { include_containers: true });
  shipments = (listed.structuredContent as { shipments: ShipmentRow[] }).shipments;
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

const CONTAINER_TOOLS = [
  'get_container',
  'get_container_transport_events',
  'get_container_route',
] as const;

describe('tools that ask for an id also take the number a person has', () => {
  it.each(CONTAINER_TOOLS)('%s takes a container number, in any case and spacing', async (tool) => {
    const byId = await call(tool, { id: '5f95ef1a-0000-4000-8000-000000000000' });
    expect(byId.isError).toBe(true);
    const byNumber = await call(tool, { id: ' maeu 4002159 ' });
    check(tool, byNumber);
    const search = await call('search_container', { query: 'MAEU4002159' });
    const id = (search.structuredContent as { containers: { id: string }[] }).containers[0]?.id;
    const again = await call(tool, { id });
    expect(byNumber.structuredContent).toEqual(again.structuredContent);
  });

  it('a number still pending says so and where to follow it', async () => {
    const listed = await call('list_tracking_requests', { status: 'pending' });
    const [pending] = (listed.structuredContent as { trackingRequests: { number: string }[] })
      .trackingRequests;
    const result = await call('get_container', { id: pending?.number });
    expect(codeOf(result)).toBe('not_found');
    expect(textOf(result)).toContain(`${pending?.number} is not in your account yet`);
    expect(textOf(result)).toContain('list_tracking_requests');
  });

  it('get_container takes the bill of lading of a one-container shipment', async () => {
    // Tracking one container number makes a shipment of that one container once the carrier answers.
    await call('track_container', { number: 'MSCU1234566', scac: 'MSCU' });
    await service.mock.advance(300);
    const shipment = await call('get_shipment_details', { id: 'MSCU1234566' });
    const { billOfLading, containers } = shipment.structuredContent as ShipmentDetails;
    expect(containers).toHaveLength(1);
    const result = await call('get_container', { id: billOfLading });
    check('get_container', result);
    expect(result.structuredContent).toMatchObject({
      id: containers[0]?.id,
      number: 'MSCU1234566',
    });
  });

  it('a bill of lading of several containers is refused with their numbers and ids', async () => {
    const several = shipments.find((shipment) => shipment.containers.length > 1);
    const result = await call('get_container', { id: several?.bl });
    expect(result.isError).toBe(true);
    expect(codeOf(result)).toBe('invalid_argument');
    for (const container of several?.containers ?? []) {
      expect(textOf(result)).toContain(`${container.number} (id ${container.id})`);
    }
  });

  it('get_shipment_details takes a bill of lading or a container number', async () => {
    const [shipment] = shipments;
    const byBill = await call('get_shipment_details', { id: shipment?.bl });
    check('get_shipment_details', byBill);
    expect(byBill.structuredContent).toMatchObject({ id: shipment?.id });
    const byContainer = await call('get_shipment_details', {
      id: shipment?.containers[0]?.number,
    });
    expect(byContainer.structuredContent).toMatchObject({ id: shipment?.id });
  });

  it('a value that is neither an id nor a known number names the tools that find one', async () => {
    const result = await call('get_shipment_details', { id: 'NOSUCH123' });
    expect(codeOf(result)).toBe('not_found');
    expect(textOf(result)).toContain('search_container finds partial numbers');
    const unknownId = await call('get_container', { id: '00000000-0000-4000-8000-000000000000' });
    expect(textOf(unknownId)).toContain('search_container or list_containers gives valid ids');
  });
});
