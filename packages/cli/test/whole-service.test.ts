/**
 * The groups of the whole service (documents, custom fields, parties, the
 * container edit and map, vessel positions) through the CLI's `main` against
 * the mock over real HTTP.
 */
import { createServer } from 'node:net';
import type { RunningMockServer } from '@shiptrack/mock-server';
import {
  MappedCustomFieldDefinitionSchema,
  MappedCustomFieldSchema,
  MappedDocumentSchema,
  MappedEmailSubmissionSchema,
  MappedPartySchema,
} from '@shiptrack/sdk/mapped';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validError, validSuccess } from './envelopes.js';
import {
  captured,
  envelopeOf,
  errorOf,
  shiptrack,
  startTestMock,
  TEST_API_KEY,
} from './helpers.js';

let mock: RunningMockServer;
let env: Record<string, string>;

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
});

afterAll(async () => {
  await mock?.close();
});

/** Runs the CLI against the test mock and answers the data of its success envelope. */
async function ok(args: string[]): Promise<unknown> {
  const run = await shiptrack(args, { env });
  expect(run.stderr, run.stderr).toBe('');
  expect(run.code).toBe(0);
  const envelope = envelopeOf(run);
  expect(validSuccess(envelope), JSON.stringify(validSuccess.errors)).toBe(true);
  return envelope.data;
}

/** Runs the CLI and answers the error of its one-line envelope, checking the exit code. */
async function fails(args: string[], exitCode: number, extraEnv: Record<string, string> = {}) {
  const run = await shiptrack(args, { env: { ...env, ...extraEnv } });
  expect(run.stdout).toBe('');
  expect(run.code, run.stderr).toBe(exitCode);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  const envelope = errorOf(run);
  expect(validError(envelope), JSON.stringify(validError.errors)).toBe(true);
  expect(envelope.error.exitCode).toBe(exitCode);
  return envelope.error;
}

/** An address nothing listens on: a request sent there would fail with exit 8. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/v2`;
}

/** Keeps a file for the test key's account through the mock's control API; answers its signed id. */
async function upload(name: string, type: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const response = await fetch(`${mock.origin}/_mock/uploads?filename=${name}`, {
    method: 'POST',
    headers: { authorization: `Token ${TEST_API_KEY}`, 'content-type': type },
    body: bytes,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { signed_id: string }).signed_id;
}

function byId<T extends { id: string }>(rows: unknown, id: string): T | undefined {
  return (rows as T[]).find((row) => row.id === id);
}

describe('documents', () => {
  it('uploads, creates, lists, rotates (90 yes, 45 never sent), links and deletes a document', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 7]);
    const signedId = await upload('bl-cli.png', 'image/png', bytes);
    const created = MappedDocumentSchema.parse(
      await ok([
        'documents',
        'create',
        '--name',
        'BL from the CLI',
        '--attached-document',
        signedId,
      ]),
    );
    expect(created).toMatchObject({ name: 'BL from the CLI', fileName: 'bl-cli.png' });

    const listed = await ok(['documents', 'list', '--sort', '-created_at', '--page-size', '100']);
    expect(byId(listed, created.id)).toMatchObject({ name: 'BL from the CLI' });
    const shown = await ok(['documents', 'get', created.id, '--include', 'shipments']);
    expect(shown).toMatchObject({ id: created.id });

    expect(await ok(['documents', 'rotate', created.id, '--degrees', '90'])).toMatchObject({
      status: 'accepted',
    });
    const refused = await fails(['documents', 'rotate', created.id, '--degrees', '45'], 5, {
      SVC_API_BASE_URL: await deadUrl(),
    });
    // Against an address nothing listens on: exit 5, not 8, so nothing was sent.
    expect(refused).toMatchObject({ code: 'invalid_argument', status: null });
    expect(refused.message).toBe(
      'documents.rotate: `degrees` must be 90, 180, 270 (clockwise); got 45. Nothing was sent.',
    );
    for (const verb of ['re-extract', 're-classify', 're-link']) {
      expect(await ok(['documents', verb, created.id])).toMatchObject({ status: 'accepted' });
    }

    const { downloadUrl } = (await ok(['documents', 'download-url', created.id])) as {
      downloadUrl: string;
    };
    const file = await fetch(downloadUrl);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);

    const duplicate = await fails(
      ['documents', 'create', '--name', 'Again', '--attached-document', signedId],
      5,
    );
    expect(duplicate).toMatchObject({ code: 'conflict', status: 409, retryable: false });
    expect(duplicate.message).toContain(created.id);

    expect(await ok(['documents', 'delete', created.id])).toEqual({
      id: created.id,
      deleted: true,
    });
    expect((await fails(['documents', 'get', created.id], 4)).status).toBe(404);
  });

  it('sets a type, lists types, reads a schema and the emails documents came with', async () => {
    const types = (await ok(['documents', 'types'])) as { code: string }[];
    expect(types.length).toBeGreaterThan(0);
    const [document] = (await ok(['documents', 'list', '--page-size', '1'])) as { id: string }[];
    const updated = await ok([
      'documents',
      'update',
      String(document?.id),
      '--document-type-manual',
      String(types[0]?.code),
    ]);
    expect(updated).toMatchObject({ documentTypeManual: types[0]?.code });
    expect(
      (
        await fails(
          ['documents', 'update', String(document?.id), '--extracted-data-manual', '[1]'],
          2,
        )
      ).code,
    ).toBe('usage');
    const schema = await ok(['document-schemas', 'get', `${types[0]?.code}-1.0.0`]);
    expect(schema).toHaveProperty('id');
    const emails = (await ok(['email-submissions', 'list', '--include', 'documents'])) as unknown[];
    expect(emails.length).toBeGreaterThan(0);
    const email = MappedEmailSubmissionSchema.parse(emails[0]);
    expect(await ok(['email-submissions', 'get', email.id])).toMatchObject({ id: email.id });
  });
});

describe('custom fields', () => {
  it('defines a select field with options, sets it on a container, reads it back, refuses a wrong type', async () => {
    const definition = MappedCustomFieldDefinitionSchema.parse(
      await ok([
        'custom-field-definitions',
        'create',
        '--entity-type',
        'Container',
        '--api-slug',
        'cli_lane',
        '--display-name',
        'Lane',
        '--data-type',
        'enum',
      ]),
    );
    for (const [label, value] of [
      ['Fast lane', 'fast'],
      ['Slow lane', 'slow'],
    ]) {
      await ok([
        'custom-field-definitions',
        'options',
        'create',
        definition.id,
        '--label',
        String(label),
        '--value',
        String(value),
      ]);
    }
    const options = (await ok(['custom-field-definitions', 'options', 'list', definition.id])) as {
      id: string;
      value: string;
    }[];
    expect(options.map((option) => option.value)).toEqual(['fast', 'slow']);
    // The service sends a field's options whole: no pages to ask for.
    await fails(['custom-field-definitions', 'options', 'list', definition.id, '--page', '2'], 2);
    await ok([
      'custom-field-definitions',
      'options',
      'update',
      definition.id,
      String(options[1]?.id),
      '--label',
      'Slow',
    ]);
    expect(
      await ok([
        'custom-field-definitions',
        'options',
        'get',
        definition.id,
        String(options[1]?.id),
      ]),
    ).toMatchObject({ label: 'Slow' });

    const [container] = (await ok(['containers', 'list', '--page-size', '1'])) as { id: string }[];
    const id = String(container?.id);
    const set = MappedCustomFieldSchema.parse(
      await ok([
        'containers',
        'custom-fields',
        'set',
        id,
        '--api-slug',
        'cli_lane',
        '--value',
        'fast',
      ]),
    );
    expect(set).toMatchObject({ apiSlug: 'cli_lane', value: 'fast', displayValue: 'Fast lane' });
    const fields = (await ok(['containers', 'custom-fields', 'list', id])) as { apiSlug: string }[];
    expect(fields.find((field) => field.apiSlug === 'cli_lane')).toMatchObject({ value: 'fast' });

    // A list for a one-choice field: the service refuses it (422), nothing changes.
    const wrong = await fails(
      ['containers', 'custom-fields', 'update', id, 'cli_lane', '--value', '["slow"]'],
      5,
    );
    expect(wrong.status).toBe(422);
    // With its data type named, the SDK refuses it before sending.
    const unsent = await fails(
      [
        'containers',
        'custom-fields',
        'update',
        id,
        'cli_lane',
        '--value',
        'abc',
        '--data-type',
        'number',
      ],
      5,
      { SVC_API_BASE_URL: await deadUrl() },
    );
    expect(unsent).toMatchObject({ code: 'invalid_argument', status: null });
    expect(unsent.message).toContain("the field's data type is number");
    const byValue = (await ok([
      'custom-fields',
      'list',
      '--entity-id',
      id,
      '--definition-id',
      definition.id,
    ])) as { id: string; value: unknown }[];
    expect(byValue.map((field) => field.value)).toEqual(['fast']);

    await ok(['containers', 'custom-fields', 'update', id, 'cli_lane', '--value', 'slow']);
    expect(await ok(['custom-fields', 'get', String(byValue[0]?.id)])).toMatchObject({
      value: 'slow',
      displayValue: 'Slow',
    });
    await ok(['containers', 'custom-fields', 'delete', id, 'cli_lane']);
    await fails(['containers', 'custom-fields', 'delete', id, 'cli_lane'], 4);

    const made = MappedCustomFieldSchema.parse(
      await ok([
        'custom-fields',
        'create',
        // The filters' spelling, taken as the body's `container`.
        '--entity-type',
        'Container',
        '--entity-id',
        id,
        '--api-slug',
        'cli_lane',
        '--value',
        'slow',
      ]),
    );
    await ok(['custom-fields', 'update', made.id, '--value', 'fast', '--data-type', 'enum']);
    await ok(['custom-fields', 'delete', made.id]);
    await ok([
      'custom-field-definitions',
      'options',
      'delete',
      definition.id,
      String(options[0]?.id),
    ]);
    await ok(['custom-field-definitions', 'update', definition.id, '--display-name', 'Lanes']);
    expect(await ok(['custom-field-definitions', 'get', definition.id])).toMatchObject({
      displayName: 'Lanes',
    });
    const listed = await ok(['custom-field-definitions', 'list', '--entity-type', 'container']);
    expect(byId(listed, definition.id)).toBeDefined();
    const misspelled = await fails(['custom-fields', 'list', '--entity-type', 'containers'], 2);
    expect(misspelled.message).toContain('TrackingRequest');
    await ok(['custom-field-definitions', 'delete', definition.id]);
  });

  it('sets typed values on shipments and tracking requests by --data-type', async () => {
    const [shipment] = (await ok(['shipments', 'list', '--page-size', '1'])) as { id: string }[];
    const definition = MappedCustomFieldDefinitionSchema.parse(
      await ok([
        'custom-field-definitions',
        'create',
        '--entity-type',
        'Shipment',
        '--api-slug',
        'cli_pallets',
        '--display-name',
        'Pallets',
        '--data-type',
        'number',
      ]),
    );
    const id = String(shipment?.id);
    const args = ['--api-slug', 'cli_pallets', '--value', '12', '--data-type', 'number'];
    expect(await ok(['shipments', 'custom-fields', 'set', id, ...args])).toMatchObject({
      value: 12,
    });
    const fields = (await ok(['shipments', 'custom-fields', 'list', id])) as { apiSlug: string }[];
    expect(fields.find((field) => field.apiSlug === 'cli_pallets')).toMatchObject({ value: 12 });
    const [request] = (await ok(['tracking-requests', 'list', '--page-size', '1'])) as {
      id: string;
    }[];
    expect(
      Array.isArray(await ok(['tracking-requests', 'custom-fields', 'list', String(request?.id)])),
    ).toBe(true);
    await ok(['custom-field-definitions', 'delete', definition.id]);
  });
});

describe('parties, the container edit and map, vessel positions', () => {
  it('creates, lists, renames and reads a party; a taken name is exit 5', async () => {
    const party = MappedPartySchema.parse(
      await ok(['parties', 'create', '--company-name', 'CLI Freight']),
    );
    expect(byId(await ok(['parties', 'list', '--page-size', '100']), party.id)).toBeDefined();
    await ok(['parties', 'update', party.id, '--company-name', 'CLI Freight Ltd']);
    expect(await ok(['parties', 'get', party.id])).toMatchObject({
      companyName: 'CLI Freight Ltd',
    });
    expect(
      (await fails(['parties', 'create', '--company-name', 'cli freight ltd'], 5)).status,
    ).toBe(422);
  });

  it("replaces a container's reference numbers and prints its map as bare GeoJSON", async () => {
    const [container] = (await ok(['containers', 'list', '--page-size', '1'])) as { id: string }[];
    const id = String(container?.id);
    expect(
      await ok(['containers', 'update', id, '--ref-numbers', 'CLI-REF-1,CLI-REF-2']),
    ).toMatchObject({ refNumbers: ['CLI-REF-1', 'CLI-REF-2'] });
    const map = await shiptrack(['containers', 'map', id], { env });
    expect(map.code, map.stderr).toBe(0);
    const geojson = JSON.parse(map.stdout) as { type: string; features: unknown[] };
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features.length).toBeGreaterThan(0);
    expect((await fails(['--fields', 'type', 'containers', 'map', id], 2)).message).toContain(
      '--fields',
    );
    expect((await fails(['--format', 'both', 'containers', 'map', id], 2)).message).toContain(
      '--format mapped or raw',
    );
    const raw = JSON.parse(
      (await shiptrack(['containers', 'map', id, '--format', 'raw'], { env })).stdout,
    ) as {
      features: { properties: Record<string, unknown> }[];
    };
    expect(raw.features[0]?.properties).toHaveProperty('feature_type');
  });

  it("shows a vessel's future positions on its leg, from its position or from coordinates", async () => {
    const [container] = (await ok(['containers', 'list', '--q', 'MEDUQ4821563'])) as {
      id: string;
    }[];
    const route = (await ok(['containers', 'route', String(container?.id)])) as {
      routeLocations: { locationId: string; outboundVesselId: string | null }[];
    };
    const [from, to] = route.routeLocations;
    const leg = [
      String(from?.outboundVesselId),
      '--port-id',
      String(to?.locationId),
      '--previous-port-id',
      String(from?.locationId),
    ];
    const ahead = (await ok(['vessels', 'future-positions', ...leg])) as { positions: unknown[] };
    expect(ahead.positions.length).toBeGreaterThan(0);
    const fromHere = (await ok([
      'vessels',
      'future-positions',
      ...leg,
      '--latitude',
      '45.5',
      '--longitude',
      '-30',
    ])) as { positions: { latitude: number; longitude: number }[] };
    // The track starts at the coordinates given (its first point a minute on from them).
    expect(fromHere.positions[0]?.latitude).toBeCloseTo(45.5, 1);
    expect(fromHere.positions[0]?.longitude).toBeCloseTo(-30, 1);
    const error = await fails(['vessels', 'future-positions', ...leg, '--latitude', '1'], 2);
    expect(error.message).toContain('--longitude');
  });
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
