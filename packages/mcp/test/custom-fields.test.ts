import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, type MockService, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();
const sdk = service.client();

/** Every request the server makes, by path. */
const requested: string[] = [];
function counting(mock: MockService['mock']) {
  return (url: string, init: RequestInit) => {
    requested.push(new URL(url).pathname);
    return mock.fetch(new Request(url, init));
  };
}

interface CustomFields {
  values: { apiSlug: string; value?: string }[];
  omitted: number;
  unavailable?: string;
}

let connection: Connection;
let check: (tool: string, result: unknown) => void;
let containerId: string;
let shipmentId: string;

/** Calls a tool, checks its answer against the advertised output schema, and gives its parts. */
async function call(name: string, args: Record<string, unknown>) {
  const result = await connection.client.callTool({ name, arguments: args });
  check(name, result);
  const structured = result.structuredContent as { customFields: CustomFields };
  return { text: textOf(result), customFields: structured.customFields, result };
}

beforeAll(async () => {
  connection = await connect({ client: service.client({ fetch: counting(service.mock) }) });
  check = await outputValidators(connection.client);
  const [container] = (await sdk.containers.list({ q: 'MAEU4002159' })).data;
  if (!container?.shipmentId) throw new Error('the demo data has container MAEU4002159');
  containerId = container.id;
  shipmentId = container.shipmentId;
  // A select field on containers, "PO", with the option 4711, set on the container.
  const po = await sdk.customFieldDefinitions.create({
    entityType: 'Container',
    apiSlug: 'po_number',
    displayName: 'PO',
    dataType: 'enum',
  });
  await sdk.customFieldDefinitions.options.create(po.id, { label: 'PO 4711', value: '4711' });
  await sdk.containers
    .customFields(containerId)
    .create({ apiSlug: 'po_number', dataType: 'enum', value: '4711' });
  await sdk.customFieldDefinitions.create({
    entityType: 'Shipment',
    apiSlug: 'customer_ref',
    displayName: 'Customer reference',
    dataType: 'short_text',
  });
  await sdk.shipments
    .customFields(shipmentId)
    .create({ apiSlug: 'customer_ref', dataType: 'short_text', value: 'ACME-9' });
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('custom field values', () => {
  it('get_container shows a select field by its api_slug and display value, in one request more', async () => {
    requested.length = 0;
    const { text, customFields } = await call('get_container', { id: containerId });
    expect(customFields).toEqual({
      values: [{ apiSlug: 'po_number', value: 'PO 4711' }],
      omitted: 0,
    });
    expect(text).toContain('Custom fields: po_number: PO 4711');
    expect(requested.filter((path) => path.includes('/custom_fields'))).toEqual([
      `/v2/containers/${containerId}/custom_fields`,
    ]);
  });

  it('get_container by number shows them too', async () => {
    const { customFields } = await call('get_container', { id: 'MAEU4002159' });
    expect(customFields.values).toEqual([{ apiSlug: 'po_number', value: 'PO 4711' }]);
  });

  it("get_shipment_details shows the shipment's own values, a reference by its display value", async () => {
    requested.length = 0;
    const { text, customFields } = await call('get_shipment_details', { id: shipmentId });
    // The demo's PO number and consignee (a party), then the value set above.
    expect(customFields).toEqual({
      values: [
        { apiSlug: 'po_number', value: 'PO-48377' },
        { apiSlug: 'consignee', value: 'Acme Imports B.V.' },
        { apiSlug: 'customer_ref', value: 'ACME-9' },
      ],
      omitted: 0,
    });
    expect(text).toContain(
      'Custom fields: po_number: PO-48377; consignee: Acme Imports B.V.; customer_ref: ACME-9',
    );
    expect(requested.filter((path) => path.includes('/custom_fields'))).toEqual([
      `/v2/shipments/${shipmentId}/custom_fields`,
    ]);
  });

  it('says none for a record without values', async () => {
    const { text, customFields } = await call('get_container', { id: 'MSCU1451670' });
    expect(customFields).toEqual({ values: [], omitted: 0 });
    expect(text).toContain('Custom fields: none');
  });

  it('shows at most 20 values and counts the rest', async () => {
    const [container] = (await sdk.containers.list({ q: 'MSCU9350074' })).data;
    if (!container) throw new Error('the demo data has container MSCU9350074');
    const fields = sdk.containers.customFields(container.id);
    for (let n = 1; n <= 23; n++) {
      const apiSlug = `note_${String(n).padStart(2, '0')}`;
      await sdk.customFieldDefinitions.create({
        entityType: 'Container',
        apiSlug,
        displayName: `Note ${n}`,
        dataType: 'number',
      });
      await fields.create({ apiSlug, dataType: 'number', value: n });
    }
    const { text, customFields } = await call('get_container', { id: container.id });
    expect(customFields.values).toHaveLength(20);
    expect(customFields.omitted).toBe(3);
    expect(customFields.values[0]).toEqual({ apiSlug: 'note_01', value: '1' });
    expect(text).toContain('Custom fields (first 20 of 23): note_01: 1; note_02: 2;');
  });

  it('answers without them when the account lacks custom fields (403)', async () => {
    service.mock.faults.add({
      id: 'custom-fields-forbidden',
      method: 'GET',
      path: '/v2/containers/*/custom_fields',
      status: 403,
      count: 1,
    });
    const { text, customFields, result } = await call('get_container', { id: containerId });
    expect(result.isError).toBeFalsy();
    expect(customFields).toEqual({ values: [], omitted: 0, unavailable: 'not_enabled' });
    expect(text).toContain('Container MAEU4002159');
    expect(text).toContain('Custom fields: not available (custom fields are not enabled');
  });

  it('answers without them when the service has no such route (404)', async () => {
    service.mock.faults.add({
      id: 'custom-fields-missing',
      method: 'GET',
      path: '/v2/shipments/*/custom_fields',
      status: 404,
      count: 1,
    });
    const { text, customFields } = await call('get_shipment_details', { id: shipmentId });
    expect(customFields).toEqual({ values: [], omitted: 0, unavailable: 'not_found' });
    expect(text).toContain('Shipment 241038926');
    expect(text).toContain('Custom fields: not available');
  });

  it('still fails the tool for an unknown container (the container read decides)', async () => {
    const result = await connection.client.callTool({
      name: 'get_container',
      arguments: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('(not_found)');
  });
});
