/**
 * The request bodies the mock reads with the readers generated from the
 * spec (`src/generated/bodies.ts`): the spec's rules (required members,
 * `minLength`, enums) and the mock's own length limits (`x-mock-max-length`,
 * else 100 characters) are 422s naming the member, and a route's own
 * problems come in the same answer as the reader's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Harness, JsonBody } from './harness.js';
import { httpHarness, trackingRequestBody } from './harness.js';

/** The `[pointer, code, detail]` of each problem of a 422. */
function problems(body: JsonBody): [string, string, string][] {
  return body.errors.map((e: JsonBody) => [e.source.pointer, e.code, e.detail]);
}

describe('generated body readers over real HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ dataset: 'empty', rateLimits: false });
  });
  afterEach(() => h.close());

  it("refuses a SCAC shorter than the spec's minLength and longer than its maxLength", async () => {
    for (const [scac, detail] of [
      ['M', 'scac must be at least 2 characters long.'],
      ['MSCUX', 'scac must be at most 4 characters long.'],
    ]) {
      const response = await h.api('POST', '/tracking_requests', {
        body: trackingRequestBody('MSCU1234565', scac ?? ''),
      });
      expect(response.status).toBe(422);
      expect(problems(response.body)).toEqual([['/data/attributes/scac', 'invalid', detail]]);
    }
  });

  it('requires the ref_numbers the spec requires of a tracking request edit', async () => {
    const created = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody('MSCU1234565', 'MSCU'),
    });
    const id: string = created.body.data.id;
    const missing = await h.api('PATCH', `/tracking_requests/${id}`, {
      body: { data: { type: 'tracking_request', attributes: {} } },
    });
    expect(missing.status).toBe(422);
    expect(problems(missing.body)).toEqual([
      ['/data/attributes/ref_numbers', 'blank', "ref_numbers can't be blank."],
    ]);
    const edited = await h.api('PATCH', `/tracking_requests/${id}`, {
      body: { data: { type: 'tracking_request', id, attributes: { ref_numbers: ['PO-1'] } } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.ref_numbers).toEqual(['PO-1']);
  });

  it('holds a party name to its x-mock-max-length of 255, and accepts a body without type', async () => {
    const at = (length: number) =>
      h.api('POST', '/parties', {
        body: { data: { attributes: { company_name: 'P'.repeat(length) } } },
      });
    expect((await at(255)).status).toBe(201);
    const long = await at(256);
    expect(long.status).toBe(422);
    expect(problems(long.body)).toEqual([
      [
        '/data/attributes/company_name',
        'invalid',
        'company_name must be at most 255 characters long.',
      ],
    ]);
    const wrongType = await h.api('POST', '/parties', {
      body: { data: { type: 'company', attributes: { company_name: 'Fabrikam' } } },
    });
    expect(problems(wrongType.body)).toEqual([
      ['/data/type', 'invalid', 'data.type must be "party".'],
    ]);
  });

  it('holds a string without a limit of its own to 100 characters', async () => {
    const body = (slug: string) => ({
      data: {
        type: 'custom_field_definition',
        attributes: {
          entity_type: 'Container',
          api_slug: slug,
          display_name: 'Window',
          data_type: 'short_text',
        },
      },
    });
    expect(
      (await h.api('POST', '/custom_field_definitions', { body: body('s'.repeat(100)) })).status,
    ).toBe(201);
    const long = await h.api('POST', '/custom_field_definitions', { body: body('t'.repeat(101)) });
    expect(problems(long.body)).toEqual([
      ['/data/attributes/api_slug', 'invalid', 'api_slug must be at most 100 characters long.'],
    ]);
  });

  it("answers a custom field's missing record and missing value in one 422", async () => {
    const response = await h.api('POST', '/custom_fields', {
      body: { data: { type: 'custom_field', attributes: { api_slug: 'window' } } },
    });
    expect(response.status).toBe(422);
    expect(problems(response.body).map(([pointer, code]) => [pointer, code])).toEqual([
      ['/data/relationships/entity/data', 'blank'],
      ['/data/attributes/value', 'blank'],
    ]);
  });
});
