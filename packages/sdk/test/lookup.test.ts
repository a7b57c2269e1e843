/**
 * Numbers and ids to records, against the mock's demo account over real
 * HTTP: the resolver the CLI and MCP share, and whether a number is
 * already tracked (through a container, a shipment or a live request).
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AmbiguousNumberError,
  classifyError,
  createClient,
  findTracked,
  InvalidArgumentError,
  type MappedShipment,
  RecordNotFoundError,
  readContainerKey,
  readRecordKey,
  resolveContainer,
  resolveShipment,
  resolveTrackingRequest,
  type ShiptrackClient,
} from '../src/index.js';

let server: RunningMockServer;
let client: ShiptrackClient;
let shipments: MappedShipment[];

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: '2026-11-27T12:00:00Z' },
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  client = createClient({ apiKey: DEMO_API_KEY, baseUrl: server.url });
  // A bill of lading of one container (the demo's have two or three): tracked, then created.
  await client.trackingRequests.create({
    requestType: 'bill_of_lading',
    requestNumber: 'MEDUAB1234511',
    scac: 'MSCU',
  });
  await server.mock.advance(3 * 86_400);
  shipments = [];
  for await (const shipment of client.shipments.list({ include: ['containers'] })) {
    shipments.push(shipment);
  }
});

afterAll(async () => {
  await server?.close();
});

function shipmentWith(count: (n: number) => boolean): MappedShipment {
  const found = shipments.find(
    (shipment) => shipment.billOfLading && count(shipment.containers?.length ?? 0),
  );
  if (!found) throw new Error('the demo data has no such shipment');
  return found;
}

describe('resolving numbers', () => {
  it('takes an id, a container number written any way, or the one container of a bill of lading', async () => {
    const single = shipmentWith((n) => n === 1);
    const [box] = single.containers ?? [];
    if (!box?.number) throw new Error('no container');
    expect(await resolveContainer(client, box.id)).toEqual({
      kind: 'container',
      id: box.id,
      matchedBy: 'id',
    });
    const spaced = `${box.number.slice(0, 4).toLowerCase()} ${box.number.slice(4, 10)}-${box.number.slice(10)}`;
    expect(await resolveContainer(client, spaced)).toMatchObject({
      id: box.id,
      matchedBy: 'container_number',
    });
    expect(await resolveContainer(client, single.billOfLading ?? '')).toMatchObject({
      id: box.id,
      matchedBy: 'only_container_of_shipment',
    });
    expect(await resolveShipment(client, box.number)).toMatchObject({
      id: single.id,
      matchedBy: 'shipment_of_container',
    });
    expect(await resolveShipment(client, single.billOfLading ?? '')).toMatchObject({
      id: single.id,
      matchedBy: 'bill_of_lading',
    });
  });

  it('lists the candidates of a bill of lading with several containers', async () => {
    const several = shipmentWith((n) => n > 1);
    const error = await resolveContainer(client, several.billOfLading ?? '').catch((e) => e);
    expect(error).toBeInstanceOf(AmbiguousNumberError);
    expect((error as AmbiguousNumberError).candidates.map((c) => c.id).sort()).toEqual(
      (several.containers ?? []).map((c) => c.id).sort(),
    );
    expect(classifyError(error)).toMatchObject({ category: 'invalid_argument', retryable: false });
  });

  it('says a number is unknown, or that its request is still pending', async () => {
    const unknown = await resolveContainer(client, 'ZZZU0000000').catch((e) => e);
    expect(unknown).toBeInstanceOf(RecordNotFoundError);
    expect(classifyError(unknown)).toMatchObject({ category: 'not_found' });

    const { trackingRequest } = await client.trackingRequests.track('MSCU1234566', {
      scac: 'MSCU',
    });
    const pending = await resolveContainer(client, 'MSCU1234566').catch((e) => e);
    expect(pending).toBeInstanceOf(RecordNotFoundError);
    expect((pending as RecordNotFoundError).pending).toEqual({
      id: trackingRequest.id,
      status: 'pending',
    });
    expect(await resolveTrackingRequest(client, 'MSCU1234566')).toMatchObject({
      id: trackingRequest.id,
      matchedBy: 'request_number',
    });
  });
});

describe('reading an id or number once', () => {
  it('reads a UUID as an id and any other value as a canonical number, trimmed', () => {
    const id = '7d2f0a5e-3c1b-4e8f-9a6d-2b4c6e8f0a1c';
    expect(readContainerKey(` ${id} `)).toEqual({ kind: 'id', id });
    expect(readContainerKey(' maeu 400215-9 ')).toEqual({ kind: 'number', number: 'MAEU4002159' });
    expect(readContainerKey(' MEDUAB1234511 ')).toEqual({
      kind: 'number',
      number: 'MEDUAB1234511',
    });
  });

  it('refuses an empty value, and resolves a key read already', async () => {
    expect(() => readContainerKey('  ')).toThrow(InvalidArgumentError);
    // A JavaScript caller's value that is no text and no key is refused the same way.
    const untyped: string = JSON.parse('null');
    await expect(resolveContainer(client, untyped)).rejects.toBeInstanceOf(InvalidArgumentError);
    const [box] = shipments.flatMap((shipment) => shipment.containers ?? []);
    if (box?.number == null) throw new Error('the demo account has no container with a number');
    const key = readContainerKey(box.number.toLowerCase());
    expect(await resolveContainer(client, key)).toEqual({
      kind: 'container',
      id: box.id,
      matchedBy: 'container_number',
    });
  });

  it('reads shipments and tracking requests the same way, naming their resolver when empty', async () => {
    const single = shipmentWith((n) => n === 1);
    const [box] = single.containers ?? [];
    if (!box?.number) throw new Error('no container');
    const spaced = ` ${box.number.slice(0, 4).toLowerCase()} ${box.number.slice(4)} `;
    expect(readRecordKey('shipment', spaced)).toEqual({ kind: 'number', number: box.number });
    expect(await resolveShipment(client, spaced)).toMatchObject({
      id: single.id,
      matchedBy: 'shipment_of_container',
    });
    expect(await resolveShipment(client, readRecordKey('shipment', ` ${single.id} `))).toEqual({
      kind: 'shipment',
      id: single.id,
      matchedBy: 'id',
    });
    const requestKey = readRecordKey('tracking_request', ' meduab1234511 ');
    expect(requestKey).toEqual({ kind: 'number', number: 'meduab1234511' });
    expect(await resolveTrackingRequest(client, requestKey)).toMatchObject({
      kind: 'tracking_request',
      matchedBy: 'request_number',
    });
    for (const [resolve, name] of [
      [resolveShipment, 'resolveShipment'],
      [resolveTrackingRequest, 'resolveTrackingRequest'],
    ] as const) {
      const refused = await resolve(client, ' ').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(InvalidArgumentError);
      expect(String(refused)).toContain(name);
    }
  });
});

describe('findTracked', () => {
  it('finds a container tracked through its bill of lading, a shipment, and a live request', async () => {
    const several = shipmentWith((n) => n > 1);
    const [box] = several.containers ?? [];
    if (!box?.number) throw new Error('no container');
    expect(await findTracked(client, box.number)).toMatchObject({
      via: 'container',
      container: { id: box.id },
    });
    expect(await findTracked(client, several.billOfLading ?? '')).toMatchObject({
      via: 'shipment',
      shipment: { id: several.id },
    });
    // A number given as a bill of lading is not looked for among containers.
    const [alone] = shipmentWith((n) => n === 1).containers ?? [];
    expect(await findTracked(client, alone?.number ?? '')).toMatchObject({ via: 'container' });
    expect(await findTracked(client, alone?.number ?? '', { type: 'bill_of_lading' })).toBeNull();
    await client.trackingRequests.track('HLXU1237426', { scac: 'HLCU' });
    expect(await findTracked(client, 'HLXU1237426')).toMatchObject({ via: 'tracking_request' });
    expect(await findTracked(client, 'HLXU1237426', { scac: 'MSCU' })).toBeNull();
    expect(await findTracked(client, 'ZZZU0000000')).toBeNull();
  });
});
