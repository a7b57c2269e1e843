/**
 * The rules of each custom field data type over real HTTP: a value that
 * does not fit is a 422 on `/data/attributes/value`, one that fits is kept
 * with its `display_value`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, httpHarness } from './harness.js';

const definitionBody = (attributes: Record<string, unknown>) => ({
  data: { type: 'custom_field_definition', attributes },
});
const valueBody = (attributes: Record<string, unknown>) => ({
  data: { type: 'custom_field', attributes },
});

describe('custom field data types over real HTTP', () => {
  let h: Harness;
  let containerId: string;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
    const containers = await h.api('GET', '/containers');
    containerId = containers.body.data[0].id;
  });
  afterEach(() => h.close());

  it('checks every data type on POST /custom_fields', async () => {
    const party = await h.api('POST', '/parties', {
      body: { data: { type: 'party', attributes: { company_name: 'Fabrikam' } } },
    });
    const cases: [string, Record<string, unknown>, unknown[], unknown[]][] = [
      ['short_text', {}, ['PO-1'], [7, ['a']]],
      ['number', {}, [12.5, 0], ['12', true]],
      ['date', {}, ['2025-03-01'], ['2025-02-30', '01/03/2025']],
      ['datetime', {}, ['2025-03-01T08:00:00Z'], ['2025-03-01T08:00:00', 'soon']],
      ['boolean', {}, [true, false], ['yes', 1]],
      [
        'reference',
        { reference_type: 'Party' },
        [party.body.data.id],
        ['00000000-0000-4000-8000-000000000000', 3],
      ],
    ];
    for (const [dataType, extra, good, bad] of cases) {
      const slug = `field_${dataType}`;
      const created = await h.api('POST', '/custom_field_definitions', {
        body: definitionBody({
          entity_type: 'Container',
          api_slug: slug,
          display_name: slug,
          data_type: dataType,
          ...extra,
        }),
      });
      expect(created.status, dataType).toBe(201);
      for (const value of bad) {
        const refused = await h.api('POST', '/custom_fields', {
          body: {
            data: {
              type: 'custom_field',
              attributes: { api_slug: slug, value },
              relationships: { entity: { data: { type: 'container', id: containerId } } },
            },
          },
        });
        expect(refused.status, `${dataType} ${JSON.stringify(value)}`).toBe(422);
        expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/value');
      }
      const [first] = good;
      const accepted = await h.api('POST', '/custom_fields', {
        body: {
          data: {
            type: 'custom_field',
            attributes: { api_slug: slug, value: first },
            relationships: { entity: { data: { type: 'container', id: containerId } } },
          },
        },
      });
      expect(accepted.status, `${dataType} ${JSON.stringify(first)}`).toBe(201);
      for (const value of good.slice(1)) {
        const changed = await h.api('PATCH', `/custom_fields/${accepted.body.data.id}`, {
          body: valueBody({ value }),
        });
        expect(changed.status).toBe(200);
      }
    }
    const reference = await h.api('GET', `/containers/${containerId}/custom_fields`);
    const consignee = reference.body.data.find(
      (v: { attributes: { api_slug: string } }) => v.attributes.api_slug === 'field_reference',
    );
    expect(consignee.attributes.display_value).toBe('Fabrikam');
  });

  it('takes an array of distinct option values for a multi-select field', async () => {
    const created = await h.api('POST', '/custom_field_definitions', {
      body: definitionBody({
        entity_type: 'Container',
        api_slug: 'hazards',
        display_name: 'Hazards',
        data_type: 'enum_multi',
      }),
    });
    const id = created.body.data.id;
    for (const [label, value] of [
      ['Flammable', 'flammable'],
      ['Corrosive', 'corrosive'],
    ]) {
      await h.api('POST', `/custom_field_definitions/${id}/options`, {
        body: { data: { type: 'custom_field_option', attributes: { label, value } } },
      });
    }
    const path = `/containers/${containerId}/custom_fields`;
    for (const [value, code] of [
      ['flammable', 'invalid'],
      [['flammable', 'flammable'], 'invalid'],
      [['toxic'], 'inclusion'],
    ] as const) {
      const refused = await h.api('POST', path, {
        body: valueBody({ api_slug: 'hazards', value }),
      });
      expect(refused.body.errors[0], JSON.stringify(value)).toMatchObject({
        code,
        source: { pointer: '/data/attributes/value' },
      });
    }
    const set = await h.api('POST', path, {
      body: valueBody({ api_slug: 'hazards', value: ['corrosive', 'flammable'] }),
    });
    expect(set.body.data.attributes.display_value).toBe('Corrosive, Flammable');
  });
});
