/**
 * Numbers in request bodies: one that overflows a double (`1e400`) is a
 * 422 "number out of range" naming the member and the digits sent (not
 * "got null", what JSON.stringify makes of Infinity); a custom field number
 * keeps the digits as written in its `display_value`, as the README says.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numberLiterals } from '../src/http/json-numbers.js';
import { type Harness, httpHarness } from './harness.js';

describe('numberLiterals', () => {
  it('maps the JSON pointer of every number to its text as written', () => {
    const text = '{"a":[1, -2.50e+3, {"b~/c": 12345678901234567890}], "s": "1e400", "n": null}';
    expect([...numberLiterals(text)]).toEqual([
      ['/a/0', '1'],
      ['/a/1', '-2.50e+3'],
      ['/a/2/b~0~1c', '12345678901234567890'],
    ]);
    expect(numberLiterals('42').get('')).toBe('42');
  });

  it('walks deep nesting without recursion', () => {
    const depth = 100_000;
    const text = `${'['.repeat(depth)}7${']'.repeat(depth)}`;
    expect(numberLiterals(text).get(`${'/0'.repeat(depth)}`)).toBe('7');
  });
});

describe('numbers over real HTTP', () => {
  let h: Harness;
  let shipmentId: string;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
    shipmentId = (await h.api('GET', '/shipments?page[size]=1')).body.data[0].id;
    const defined = await h.api('POST', '/custom_field_definitions', {
      body: {
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Shipment',
            api_slug: 'declared_value',
            display_name: 'Declared value',
            data_type: 'number',
          },
        },
      },
    });
    expect(defined.status).toBe(201);
  });
  afterEach(() => h.close());

  const setValue = (rawValue: string) =>
    h.api('POST', `/shipments/${shipmentId}/custom_fields`, {
      rawBody: `{"data":{"type":"custom_field","attributes":{"api_slug":"declared_value","value":${rawValue}}}}`,
    });

  it('refuses a number that overflows with a 422 "number out of range" naming it', async () => {
    for (const raw of ['1e400', '-1E+309', `1${'0'.repeat(400)}`]) {
      const refused = await setValue(raw);
      expect(refused.status, raw).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'out_of_range',
        source: { pointer: '/data/attributes/value' },
      });
      expect(refused.body.errors[0].detail).toContain('number out of range');
      expect(refused.body.errors[0].detail).not.toContain('null');
    }
    // Any body: a plain JSON one too.
    const infer = await h.api('POST', '/tracking_requests/infer_number', {
      rawBody: '{"number": 9e999}',
      contentType: 'application/json',
    });
    expect(infer.status).toBe(422);
    expect(infer.body.errors[0].source.pointer).toBe('/number');
  });

  it('keeps the digits of a number as written in display_value', async () => {
    const created = await setValue('12345678901234567890.125');
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.display_value).toBe('12345678901234567890.125');
    const changed = await h.api('PATCH', `/shipments/${shipmentId}/custom_fields/declared_value`, {
      rawBody: `{"data":{"type":"custom_field","attributes":{"value":1.50e2}}}`,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ value: 150, display_value: '1.50e2' });
    const read = await h.api('GET', `/shipments/${shipmentId}/custom_fields`);
    expect(read.body.data[0].attributes.display_value).toBe('1.50e2');
  });
});
