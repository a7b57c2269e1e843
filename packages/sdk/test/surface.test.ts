/**
 * The operations of the whole service surface (documents, custom fields,
 * parties, maps, vessel positions) end to end against the mock over real
 * HTTP: each in raw, mapped and both, mapped models parsed with their
 * schemas, typed errors a caller can branch on, and bad arguments that
 * never reach the wire.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  createClient,
  DocumentNotAttachedError,
  InvalidArgumentError,
  InvalidRotationError,
  type ShiptrackClient,
  UnprocessableEntityError,
} from '../src/index.js';
import {
  ContainerMapFeaturePropertiesSchema,
  MappedCustomFieldDefinitionSchema,
  MappedCustomFieldOptionSchema,
  MappedCustomFieldSchema,
  MappedDocumentSchema,
  MappedEmailSubmissionSchema,
  MappedPartySchema,
} from '../src/mapped/index.js';

let running: RunningMockServer;
let client: ShiptrackClient;
let requests = 0;

beforeAll(async () => {
  running = await startMockServer({ port: 0, clock: { mode: 'manual' } });
  client = createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: running.url,
    rateLimit: false,
    fetch: (url, init) => {
      requests++;
      return fetch(url, init);
    },
  });
});
afterAll(() => running.close());

/** Uploads a file through the mock's control API and answers its signed id. */
async function upload(name: string, type: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const response = await fetch(`${running.origin}/_mock/uploads?filename=${name}`, {
    method: 'POST',
    headers: { authorization: `Token ${DEMO_API_KEY}`, 'content-type': type },
    body: bytes,
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { signed_id: string };
  return body.signed_id;
}

async function failure(run: () => PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve()
    .then(run)
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

describe('documents', () => {
  it('creates, lists, rotates, downloads and deletes a document; a rotation of 45 never leaves', async () => {
    const attached = await upload('bl-1.png', 'image/png', new Uint8Array([137, 80, 78, 71, 1, 2]));
    const created = await client.documents.create({
      name: 'Bill of lading 1',
      attachedDocument: attached,
    });
    MappedDocumentSchema.parse(created);
    expect(created.name).toBe('Bill of lading 1');
    expect(created.fileName).toBe('bl-1.png');

    const page = await client.documents.list({
      pageSize: 100,
      sort: '-created_at',
      format: 'both',
    });
    expect(page.data.map((item) => item.mapped.id)).toContain(created.id);
    for (const item of page.data) MappedDocumentSchema.parse(item.mapped);

    const rotated = await client.documents.rotate(created.id, 90);
    expect(rotated.status).toBe('accepted');

    const before = requests;
    const error = await failure(() => client.documents.rotate(created.id, 45 as never));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).argument).toBe('degrees');
    expect((error as Error).message).toBe(
      'documents.rotate: `degrees` must be 90, 180, 270 (clockwise); got 45. Nothing was sent.',
    );
    expect(requests).toBe(before);

    const { downloadUrl } = await client.documents.downloadUrl(created.id);
    const file = await fetch(downloadUrl);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(
      new Uint8Array([137, 80, 78, 71, 1, 2]),
    );

    await client.documents.delete(created.id);
    const gone = await failure(() => client.documents.get(created.id));
    expect((gone as { status?: number }).status).toBe(404);
  });

  it('answers a document without a file with DocumentNotAttachedError (code no_document_attached)', async () => {
    const all = await client.documents.list({ pageSize: 100, format: 'raw' });
    // The demo data's delivery order came by email without its attachment.
    const fileless = all.data.find((document) =>
      document.attributes.name?.startsWith('Delivery order'),
    );
    if (!fileless) throw new Error('the demo data has a document without a file');
    const error = await failure(() => client.documents.downloadUrl(fileless.id));
    expect(error).toBeInstanceOf(DocumentNotAttachedError);
    expect((error as DocumentNotAttachedError).code).toBe('no_document_attached');
    expect((error as DocumentNotAttachedError).status).toBe(422);
  });

  it('lists document types and email submissions', async () => {
    const types = await client.documents.types();
    expect(types.length).toBeGreaterThan(0);
    expect(types[0]).toMatchObject({ code: expect.any(String), label: expect.any(String) });
    const emails = await client.emailSubmissions.list({ include: ['documents'] });
    for (const email of emails.data) MappedEmailSubmissionSchema.parse(email);
    const first = emails.data[0];
    if (first) expect((await client.emailSubmissions.get(first.id)).id).toBe(first.id);
  });
});

describe('custom fields', () => {
  it('defines a select field with options, sets a value on a container and reads it back', async () => {
    const definition = await client.customFieldDefinitions.create({
      entityType: 'Container',
      apiSlug: `priority_${Date.now()}`,
      displayName: 'Priority',
      dataType: 'enum',
    });
    MappedCustomFieldDefinitionSchema.parse(definition);
    const option = await client.customFieldDefinitions.options.create(definition.id, {
      label: 'Rush',
      value: 'rush',
    });
    MappedCustomFieldOptionSchema.parse(option);

    const containers = await client.containers.list({ pageSize: 1 });
    const container = containers.data[0];
    if (!container) throw new Error('the demo data has containers');
    const fields = client.containers.customFields(container.id);
    const set = await fields.create({
      apiSlug: definition.apiSlug ?? '',
      dataType: 'enum',
      value: 'rush',
    });
    MappedCustomFieldSchema.parse(set);
    expect(set.value).toBe('rush');

    const listed = await fields.list();
    expect(listed.find((field) => field.apiSlug === definition.apiSlug)?.value).toBe('rush');

    const before = requests;
    const wrong = await failure(() =>
      fields.update(definition.apiSlug ?? '', { dataType: 'enum', value: 3 as never }),
    );
    expect(wrong).toBeInstanceOf(InvalidArgumentError);
    expect(requests).toBe(before);

    await fields.delete(definition.apiSlug ?? '');
    expect((await fields.list()).some((field) => field.apiSlug === definition.apiSlug)).toBe(false);
    await client.customFieldDefinitions.delete(definition.id);
  });
});

describe('parties, maps and vessel positions', () => {
  it('creates, renames and lists a party', async () => {
    const party = await client.parties.create({ companyName: 'ACME Imports' });
    MappedPartySchema.parse(party);
    const renamed = await client.parties.update(party.id, { companyName: 'ACME Imports BV' });
    expect(renamed.companyName).toBe('ACME Imports BV');
    const both = await client.parties.get(party.id, { format: 'both' });
    expect(both.raw.data.attributes.company_name).toBe('ACME Imports BV');
  });

  it('reads a container map as GeoJSON with camelCased properties', async () => {
    const containers = await client.containers.list({ pageSize: 5 });
    const container = containers.data[0];
    if (!container) throw new Error('the demo data has containers');
    const answer = await client.containers.map(container.id).then(
      (map) => ({ map }),
      (error: unknown) => ({ error }),
    );
    if ('error' in answer) {
      // A paid feature: the mock may answer 403 for the demo account.
      expect((answer.error as { status?: number }).status).toBe(403);
      return;
    }
    const { map } = answer;
    expect(map.type).toBe('FeatureCollection');
    for (const feature of map.features)
      ContainerMapFeaturePropertiesSchema.parse(feature.properties);
  });
});

describe('vessel future positions over the mock', () => {
  it("reads the positions of the vessel of a container's leg, in raw and mapped", async () => {
    const [container] = (await client.containers.list({ pageSize: 1 })).data;
    if (!container) throw new Error('the demo data has containers');
    const route = await client.containers.route(container.id);
    const [from, to] = route.routeLocations ?? [];
    const vesselId = from?.outboundVesselId;
    if (!from?.locationId || !to?.locationId || !vesselId)
      throw new Error('the route has a vessel leg');
    const leg = { portId: to.locationId, previousPortId: from.locationId };
    const both = await client.vessels.futurePositions(vesselId, { ...leg, format: 'both' });
    expect(both.mapped.id).toBe(both.raw.data.id);
    expect(both.mapped.positions.length).toBe(both.raw.data.attributes.positions?.length ?? 0);
    for (const position of both.mapped.positions) {
      expect(typeof position.latitude === 'number' || position.latitude === null).toBe(true);
    }
    const fromHere = await client.vessels.futurePositionsFrom(vesselId, {
      ...leg,
      latitude: 30.5,
      longitude: -40.25,
    });
    expect(fromHere.positions.length).toBeGreaterThan(0);
  });
});

/** A client whose fetch answers every request with one response. */
function answering(status: number, body: unknown) {
  const urls: string[] = [];
  const fixed = createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: 'https://api.shiptrack.test/v2',
    rateLimit: false,
    maxRetries: 0,
    fetch: async (url) => {
      urls.push(url);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    },
  });
  return { client: fixed, urls };
}

describe('typed answers of the new operations', () => {
  it('makes the service’s 422 "Invalid rotation" an InvalidRotationError a caller can branch on', async () => {
    const { client: fixed } = answering(422, {
      errors: [
        {
          status: '422',
          title: 'Invalid rotation',
          code: 'invalid_rotation',
          detail: 'degrees must be 90, 180 or 270 (got 45).',
          source: { pointer: '/degrees' },
        },
      ],
    });
    const error = await failure(() => fixed.documents.rotate('d1', 90));
    expect(error).toBeInstanceOf(InvalidRotationError);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as InvalidRotationError).pointer).toBe('/degrees');
  });

  it('makes a 409 on a duplicate document a ConflictError naming the existing document', async () => {
    const { client: fixed } = answering(409, {
      errors: [
        {
          status: '409',
          title: 'Conflict',
          code: 'duplicate',
          detail:
            'This file is already the document "BL 1" (4b8e1f2a-6c3d-4e5f-9a0b-1c2d3e4f5a6b).',
          meta: { existing_document_id: '4b8e1f2a-6c3d-4e5f-9a0b-1c2d3e4f5a6b' },
        },
      ],
    });
    const error = await failure(() =>
      fixed.documents.create({ name: 'BL 1', attachedDocument: 'blob-1' }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).existingId).toBe('4b8e1f2a-6c3d-4e5f-9a0b-1c2d3e4f5a6b');
  });

  it('maps vessel future positions to numbers and sends the leg as port_id and previous_port_id', async () => {
    const { client: fixed, urls } = answering(200, {
      data: {
        id: 'v1',
        type: 'vessel',
        attributes: {
          name: 'MSC Anna',
          latitude: '51.9',
          longitude: 4.1,
          positions: [{ latitude: '52.0', longitude: '3.9', timestamp: '2026-03-01T12:00:00Z' }],
        },
      },
    });
    const vessel = await fixed.vessels.futurePositionsFrom('v1', {
      portId: 'p-nlrtm',
      previousPortId: 'p-cnsha',
      latitude: 51.9,
      longitude: 4.12,
    });
    expect(vessel.latitude).toBe(51.9);
    expect(vessel.positions).toEqual([
      { latitude: 52, longitude: 3.9, timestamp: '2026-03-01T12:00:00Z', heading: null },
    ]);
    expect(new URL(urls[0] ?? '').search).toBe(
      '?port_id=p-nlrtm&previous_port_id=p-cnsha&latitude=51.9&longitude=4.12',
    );
  });
});
