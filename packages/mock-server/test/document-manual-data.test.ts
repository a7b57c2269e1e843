/**
 * `extracted_data_manual` is closed like every body: only the members of
 * the document schema, each an array of strings; anything else is a 422
 * naming the member, and nothing is written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocument, upload } from './documents-harness.js';
import { type Harness, httpHarness } from './harness.js';

describe('extracted_data_manual', () => {
  let h: Harness;
  let id: string;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
    const signedId = await upload(h, { name: 'bl.txt', type: 'text/plain', bytes: 'B/L 1' });
    id = (await createDocument(h, 'BL', signedId)).body.data.id;
  });
  afterEach(() => h.close());

  const edit = (data: unknown) =>
    h.api('PATCH', `/documents/${id}`, {
      body: { data: { type: 'document', attributes: { extracted_data_manual: data } } },
    });

  it('refuses unknown members with a 422 naming each, and writes nothing', async () => {
    const refused = await edit({
      bill_of_lading_numbers: ['241038926'],
      bill_of_lading_number: '241038926',
      'a/b~c': 1,
    });
    expect(refused.status).toBe(422);
    expect(
      refused.body.errors.map((e: { code: string; source: { pointer: string } }) => [
        e.code,
        e.source.pointer,
      ]),
    ).toEqual([
      ['unknown_attribute', '/data/attributes/extracted_data_manual/bill_of_lading_number'],
      ['unknown_attribute', '/data/attributes/extracted_data_manual/a~1b~0c'],
    ]);
    expect(refused.body.errors[0].detail).toContain('bill_of_lading_numbers, container_numbers');
    const kept = await h.api('GET', `/documents/${id}`);
    expect(kept.body.data.attributes.extracted_data_manual).toBeNull();
  });

  it('refuses a member that is not an array of strings', async () => {
    const refused = await edit({ container_numbers: 'MSCU1234566', reference_numbers: [7] });
    expect(refused.status).toBe(422);
    expect(
      refused.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer),
    ).toEqual([
      '/data/attributes/extracted_data_manual/container_numbers',
      '/data/attributes/extracted_data_manual/reference_numbers/0',
    ]);
  });

  it('keeps the known members, and null clears', async () => {
    const kept = await edit({ reference_numbers: ['PO-1'], container_numbers: [] });
    expect(kept.status).toBe(200);
    expect(kept.body.data.attributes.extracted_data_manual).toEqual({
      container_numbers: [],
      reference_numbers: ['PO-1'],
    });
    expect((await edit(null)).body.data.attributes.extracted_data_manual).toBeNull();
  });
});
