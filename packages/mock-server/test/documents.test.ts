/**
 * The document flow over real HTTP, every answer checked against the spec:
 * upload, create (409 on the same file), classification and extraction on
 * the mock clock, list filters, rotate (90 accepted, 45 refused, images
 * only), "No document attached", a presigned download URL the mock serves
 * and expires, delete; and the limits of the store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { createDocument, PNG_BYTES, upload, uploadRaw } from './documents-harness.js';
import { contract, type Harness, httpHarness } from './harness.js';

const BILL_OF_LADING = 'BILL OF LADING\nB/L No. MEDUQ4821563\nShipper: Acme Imports\n';

describe('documents over real HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
  });
  afterEach(() => h.close());

  const pdf = () =>
    upload(h, { name: 'bl-MEDUQ4821563.pdf', type: 'application/pdf', bytes: BILL_OF_LADING });

  it('creates a document from an upload, classifies, extracts and links it on the clock', async () => {
    const created = await createDocument(h, 'BL MEDUQ4821563', await pdf());
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.attributes).toMatchObject({
      name: 'BL MEDUQ4821563',
      source: 'api',
      file_name: 'bl-MEDUQ4821563.pdf',
      file_content_type: 'application/pdf',
      file_size_bytes: BILL_OF_LADING.length,
      document_type: null,
      classification_status: 'pending',
      extraction_status: 'pending',
    });

    await h.advance(30);
    const half = await h.api('GET', `/documents/${id}`);
    expect(half.body.data.attributes.classification_status).toBe('processing');
    await h.advance(30);
    const classified = await h.api('GET', `/documents/${id}`);
    expect(classified.body.data.attributes).toMatchObject({
      classification_status: 'completed',
      document_type: 'bill_of_lading',
      extraction_status: 'pending',
    });
    await h.advance(60);
    const read = await h.api('GET', `/documents/${id}?include=shipments,cargos`);
    expect(read.body.data.attributes.extraction_status).toBe('completed');
    expect(read.body.data.attributes.extracted_data.bill_of_lading_numbers).toEqual([
      'MEDUQ4821563',
    ]);
    const [shipment] = read.body.data.relationships.shipments.data;
    expect(read.body.included).toContainEqual(
      expect.objectContaining({
        type: 'shipment',
        id: shipment.id,
        attributes: expect.objectContaining({ bill_of_lading_number: 'MEDUQ4821563' }),
      }),
    );
    expect(read.body.data.relationships.cargos.data.length).toBeGreaterThan(0);

    const byReference = await h.api('GET', '/documents?filter[reference]=meduq4821563');
    expect(byReference.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    const byType = await h.api(
      'GET',
      '/documents?filter[document_types]=bill_of_lading,packing_list',
    );
    expect(byType.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
    const byName = await h.api('GET', '/documents?filter[filename]=bl-meduq&sort=name');
    expect(byName.body.data).toHaveLength(1);
  });

  it('answers 409 naming the existing document when the same file is created again', async () => {
    const first = await createDocument(h, 'First', await pdf());
    const again = await createDocument(h, 'Second', await pdf());
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      code: 'duplicate',
      meta: { existing_document_id: first.body.data.id, existing_document_name: 'First' },
    });
  });

  it('rotates an image by 90 degrees and refuses 45 degrees and documents that are not images', async () => {
    const image = await createDocument(
      h,
      'Scan',
      await upload(h, { name: 'scan.png', type: 'image/png', bytes: PNG_BYTES }),
    );
    const id = image.body.data.id;
    const before = image.body.data.relationships.last_document_representation.data.id;
    const rotate = (degrees: unknown, documentId = id) =>
      h.api('POST', `/documents/${documentId}/rotate`, {
        body: { degrees },
        contentType: 'application/json',
      });
    const accepted = await rotate(90);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ status: 'accepted' });
    contract().assertRequestBody({
      method: 'POST',
      url: `/documents/${id}/rotate`,
      body: { degrees: 90 },
    });

    const refused = await rotate(45);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      title: 'Invalid rotation',
      code: 'invalid_rotation',
      source: { pointer: '/degrees' },
    });
    expect(refused.body.errors[0].detail).toContain('90, 180 or 270');

    await h.advance(10);
    const rotated = await h.api('GET', `/documents/${id}`);
    expect(rotated.body.data.relationships.last_document_representation.data.id).not.toBe(before);

    const paper = await createDocument(h, 'Paper', await pdf());
    const notImage = await rotate(180, paper.body.data.id);
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors[0].code).toBe('not_rotatable');
  });

  it('answers 422 "No document attached" to every operation that needs the missing file', async () => {
    const list = await h.api('GET', '/documents?filter[filename]=delivery-order');
    const [withoutFile] = list.body.data;
    expect(withoutFile.attributes).toMatchObject({ file_size_bytes: null, source: 'email' });
    const id = withoutFile.id;
    const answers = [
      await h.api('GET', `/documents/${id}/download_url`),
      await h.api('POST', `/documents/${id}/reextract`),
      await h.api('POST', `/documents/${id}/reclassify`),
      await h.api('POST', `/documents/${id}/rotate`, {
        body: { degrees: 90 },
        contentType: 'application/json',
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors[0]).toMatchObject({
        title: 'No document attached',
        code: 'no_document_attached',
      });
    }
    expect((await h.api('POST', `/documents/${id}/relink`)).status).toBe(202);
  });

  it('serves the file at a presigned URL that expires on the mock clock, and deletes', async () => {
    const created = await createDocument(h, 'BL', await pdf());
    const id = created.body.data.id;
    const answer = await h.api('GET', `/documents/${id}/download_url`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const url: string = answer.body.download_url;
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(await file.text()).toBe(BILL_OF_LADING);

    // Flip the first hex digit (a fixed '0' would leave a signature that starts with 0 unchanged).
    const tampered = await fetch(
      url.replace(/signature=(.)/, (_, digit: string) => `signature=${digit === '0' ? '1' : '0'}`),
    );
    expect(tampered.status).toBe(403);
    expect((await tampered.json()).errors[0].code).toBe('invalid_signature');

    await h.advance(301);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).errors[0].code).toBe('expired');

    const fresh = (await h.api('GET', `/documents/${id}/download_url`)).body.download_url;
    expect((await h.api('DELETE', `/documents/${id}`)).status).toBe(204);
    expect((await h.api('GET', `/documents/${id}`)).status).toBe(404);
    expect((await fetch(fresh)).status).toBe(404);
    // The same file may become a document again once the first is gone.
    expect((await createDocument(h, 'BL again', await pdf())).status).toBe(201);
  });

  it('edits the manual type and data, re-runs jobs, and lists types, schemas and emails', async () => {
    const created = await createDocument(h, 'BL', await pdf());
    const id = created.body.data.id;
    const edited = await h.api('PATCH', `/documents/${id}`, {
      body: {
        data: {
          type: 'document',
          attributes: {
            document_type_manual: 'arrival_notice',
            extracted_data_manual: { bill_of_lading_numbers: ['241038926'] },
          },
        },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.document_type_manual).toBe('arrival_notice');
    await h.advance(10);
    const relinked = await h.api('GET', `/documents/${id}?include=shipments`);
    expect(relinked.body.included[0].attributes.bill_of_lading_number).toBe('241038926');
    const unknownType = await h.api('PATCH', `/documents/${id}`, {
      body: { data: { type: 'document', attributes: { document_type_manual: 'passport' } } },
    });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors[0].source.pointer).toBe('/data/attributes/document_type_manual');

    expect((await h.api('POST', `/documents/${id}/reextract`)).status).toBe(202);
    expect((await h.api('POST', `/documents/${id}/reclassify`)).status).toBe(202);
    expect((await h.api('GET', `/documents/${id}`)).body.data.attributes).toMatchObject({
      classification_status: 'pending',
      extraction_status: 'pending',
    });
    await h.advance(60);
    expect((await h.api('GET', `/documents/${id}`)).body.data.attributes).toMatchObject({
      classification_status: 'completed',
      extraction_status: 'completed',
    });

    const types = await h.api('GET', '/documents/types');
    expect(types.body.document_types).toContainEqual({
      code: 'bill_of_lading',
      label: 'Bill of lading',
    });
    const schema = await h.api('GET', '/document_schemas/bill_of_lading-1.0.0');
    expect(schema.body.data.attributes).toMatchObject({
      current: true,
      schema_format: 'json_schema',
    });
    expect((await h.api('GET', '/document_schemas/passport-9')).status).toBe(404);

    const emails = await h.api('GET', '/email_submissions?include=documents');
    expect(emails.body.data).toHaveLength(2);
    expect(emails.body.included.every((d: { type: string }) => d.type === 'document')).toBe(true);
    const one = await h.api('GET', `/email_submissions/${emails.body.data[0].id}`);
    expect(one.body.data.attributes.documents_count).toBe(1);
  });

  it('keeps accounts apart', async () => {
    const created = await createDocument(h, 'BL', await pdf());
    const other = { apiKey: DEMO_SECOND_API_KEY };
    expect((await h.api('GET', `/documents/${created.body.data.id}`, other)).status).toBe(404);
    expect((await h.api('GET', '/email_submissions', other)).body.data).toEqual([]);
    const signedId = await pdf();
    const foreign = await h.api('POST', '/documents', {
      ...other,
      body: { data: { type: 'document', attributes: { name: 'x', attached_document: signedId } } },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].source.pointer).toBe('/data/attributes/attached_document');
  });
});

describe('the bounded document store', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({
      dataset: 'empty',
      rateLimits: false,
      documents: { maxFileBytes: 1000, maxDocumentsPerAccount: 1, maxStoredBytesPerAccount: 1500 },
    });
  });
  afterEach(() => h.close());

  it('refuses a file over the size limit, a document over the count and bytes over the store', async () => {
    const big = await uploadRaw(h, {
      name: 'big.pdf',
      type: 'application/pdf',
      bytes: 'x'.repeat(1001),
    });
    expect(big.status).toBe(413);
    const unauthenticated = await uploadRaw(
      h,
      { name: 'a.pdf', type: 'application/pdf', bytes: 'a' },
      null,
    );
    expect(unauthenticated.status).toBe(401);

    const first = await createDocument(
      h,
      'one',
      await upload(h, { name: 'a.txt', type: 'text/plain', bytes: 'a'.repeat(600) }),
    );
    expect(first.status).toBe(201);
    const second = await createDocument(
      h,
      'two',
      await upload(h, { name: 'b.txt', type: 'text/plain', bytes: 'b'.repeat(600) }),
    );
    expect(second.status).toBe(422);
    expect(second.body.errors[0].code).toBe('limit_reached');
    const full = await uploadRaw(h, { name: 'c.txt', type: 'text/plain', bytes: 'c'.repeat(600) });
    expect(full.status).toBe(507);
    expect((await full.json()).errors[0].detail).toContain('maxStoredBytesPerAccount');
  });

  it('refuses limits that are not positive integers', async () => {
    await expect(httpHarness({ documents: { maxFileBytes: 0 } })).rejects.toThrow(
      'documents.maxFileBytes must be a positive integer',
    );
  });
});
