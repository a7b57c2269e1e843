/**
 * Custom fields over real HTTP, every answer checked against the spec:
 * define a select field with options, set a value on a container, read it
 * back, refuse a value of the wrong type (or not an option) with nothing
 * written; the per-record routes by api_slug on shipments, containers and
 * tracking requests; and the cascades of deletes. The rules of each data
 * type are in `custom-field-types.test.ts`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { contract, type Harness, httpHarness } from './harness.js';

const definitionBody = (attributes: Record<string, unknown>) => ({
  data: { type: 'custom_field_definition', attributes },
});
const valueBody = (attributes: Record<string, unknown>) => ({
  data: { type: 'custom_field', attributes },
});

describe('custom fields over real HTTP', () => {
  let h: Harness;
  let containerId: string;
  let otherContainerId: string;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
    const containers = await h.api('GET', '/containers');
    [containerId, otherContainerId] = containers.body.data.map((c: { id: string }) => c.id);
  });
  afterEach(() => h.close());

  const defineSelect = async () => {
    const body = definitionBody({
      entity_type: 'Container',
      api_slug: 'delivery_window',
      display_name: 'Delivery window',
      data_type: 'enum',
    });
    contract().assertRequestBody({ method: 'POST', url: '/custom_field_definitions', body });
    const created = await h.api('POST', '/custom_field_definitions', { body });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    for (const [label, value] of [
      ['Morning', 'am'],
      ['Afternoon', 'pm'],
    ]) {
      const option = await h.api('POST', `/custom_field_definitions/${id}/options`, {
        body: { data: { type: 'custom_field_option', attributes: { label, value } } },
      });
      expect(option.status).toBe(201);
    }
    return id;
  };

  it('defines a select field, sets a value on a container and reads it back three ways', async () => {
    const definitionId = await defineSelect();
    const options = await h.api('GET', `/custom_field_definitions/${definitionId}/options`);
    expect(
      options.body.data.map((o: { attributes: { value: string } }) => o.attributes.value),
    ).toEqual(['am', 'pm']);

    const set = await h.api('POST', `/containers/${containerId}/custom_fields`, {
      body: valueBody({ api_slug: 'delivery_window', value: 'am' }),
    });
    expect(set.status).toBe(201);
    expect(set.body.data.attributes).toMatchObject({
      api_slug: 'delivery_window',
      value: 'am',
      display_value: 'Morning',
    });
    expect(set.body.data.relationships.entity.data).toEqual({ type: 'container', id: containerId });

    const onContainer = await h.api('GET', `/containers/${containerId}/custom_fields`);
    expect(onContainer.body.data).toContainEqual(expect.objectContaining({ id: set.body.data.id }));
    const filtered = await h.api(
      'GET',
      `/custom_fields?filter[entity_type]=Container&filter[entity_id]=${containerId}&filter[definition_id]=${definitionId}`,
    );
    expect(filtered.body.data.map((v: { id: string }) => v.id)).toEqual([set.body.data.id]);
    const one = await h.api('GET', `/custom_fields/${set.body.data.id}`);
    expect(one.body.data.attributes.display_value).toBe('Morning');
  });

  it('refuses a value of the wrong type or outside the options, and writes nothing', async () => {
    await defineSelect();
    await h.api('POST', `/containers/${containerId}/custom_fields`, {
      body: valueBody({ api_slug: 'delivery_window', value: 'am' }),
    });
    const wrongType = await h.api(
      'PATCH',
      `/containers/${containerId}/custom_fields/delivery_window`,
      {
        body: valueBody({ value: 42 }),
      },
    );
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0]).toMatchObject({
      code: 'invalid',
      source: { pointer: '/data/attributes/value' },
    });
    expect(wrongType.body.errors[0].detail).toContain('delivery_window');
    const after = await h.api('GET', `/containers/${containerId}/custom_fields`);
    const value = after.body.data.find(
      (v: { attributes: { api_slug: string } }) => v.attributes.api_slug === 'delivery_window',
    );
    expect(value.attributes.value).toBe('am');

    const notAnOption = await h.api('POST', `/containers/${otherContainerId}/custom_fields`, {
      body: valueBody({ api_slug: 'delivery_window', value: 'night' }),
    });
    expect(notAnOption.status).toBe(422);
    expect(notAnOption.body.errors[0]).toMatchObject({
      code: 'inclusion',
      source: { pointer: '/data/attributes/value' },
    });
    const untouched = await h.api('GET', `/custom_fields?filter[entity_id]=${otherContainerId}`);
    expect(untouched.body.data).toEqual([]);

    const unknownSlug = await h.api('POST', `/containers/${containerId}/custom_fields`, {
      body: valueBody({ api_slug: 'colour', value: 'red' }),
    });
    expect(unknownSlug.body.errors[0].source.pointer).toBe('/data/attributes/api_slug');
    const twice = await h.api('POST', `/containers/${containerId}/custom_fields`, {
      body: valueBody({ api_slug: 'delivery_window', value: 'pm' }),
    });
    expect(twice.body.errors[0].code).toBe('taken');
  });

  it('serves the per-record routes of shipments and tracking requests by api_slug', async () => {
    const shipments = await h.api('GET', '/shipments?number=MEDUQ4821563');
    const shipmentId = shipments.body.data[0].id;
    const set = await h.api('POST', `/shipments/${shipmentId}/custom_fields`, {
      body: valueBody({ api_slug: 'po_number', value: 'PO-4711' }),
    });
    expect(set.status).toBe(201);
    const changed = await h.api('PATCH', `/shipments/${shipmentId}/custom_fields/po_number`, {
      body: valueBody({ value: 'PO-4712' }),
    });
    expect(changed.body.data.attributes.value).toBe('PO-4712');
    expect((await h.api('DELETE', `/shipments/${shipmentId}/custom_fields/po_number`)).status).toBe(
      204,
    );
    expect((await h.api('DELETE', `/shipments/${shipmentId}/custom_fields/po_number`)).status).toBe(
      404,
    );

    const requests = await h.api('GET', '/tracking_requests');
    const requestId = requests.body.data[0].id;
    const onRequest = await h.api('POST', `/tracking_requests/${requestId}/custom_fields`, {
      body: valueBody({ api_slug: 'po_number', value: 'PO-9' }),
    });
    expect(onRequest.status).toBe(201);
    expect(onRequest.body.data.relationships.entity.data).toEqual({
      type: 'tracking_request',
      id: requestId,
    });
    const listed = await h.api('GET', `/tracking_requests/${requestId}/custom_fields`);
    expect(listed.body.data).toHaveLength(1);
    expect((await h.api('GET', `/shipments/${requestId}/custom_fields`)).status).toBe(404);
    expect(
      (
        await h.api('GET', `/containers/${containerId}/custom_fields`, {
          apiKey: DEMO_SECOND_API_KEY,
        })
      ).status,
    ).toBe(404);
  });

  it('reads an option, lists the values of a shipment, and changes and deletes by slug or id', async () => {
    const definitionId = await defineSelect();
    const options = await h.api('GET', `/custom_field_definitions/${definitionId}/options`);
    const option = await h.api(
      'GET',
      `/custom_field_definitions/${definitionId}/options/${options.body.data[0].id}`,
    );
    expect(option.body.data.attributes).toMatchObject({
      label: 'Morning',
      value: 'am',
      position: 0,
    });

    const shipments = await h.api('GET', '/shipments?number=241038926');
    const onShipment = await h.api('GET', `/shipments/${shipments.body.data[0].id}/custom_fields`);
    expect(
      onShipment.body.data.map(
        (v: { attributes: { display_value: string } }) => v.attributes.display_value,
      ),
    ).toEqual(['PO-48377', 'Acme Imports B.V.']);

    await h.api('POST', `/containers/${containerId}/custom_fields`, {
      body: valueBody({ api_slug: 'delivery_window', value: 'am' }),
    });
    expect(
      (await h.api('DELETE', `/containers/${containerId}/custom_fields/delivery_window`)).status,
    ).toBe(204);

    const requests = await h.api('GET', '/tracking_requests');
    const requestId = requests.body.data[0].id;
    const set = await h.api('POST', `/tracking_requests/${requestId}/custom_fields`, {
      body: valueBody({ api_slug: 'po_number', value: 'PO-1' }),
    });
    const changed = await h.api(
      'PATCH',
      `/tracking_requests/${requestId}/custom_fields/po_number`,
      {
        body: valueBody({ value: 'PO-2' }),
      },
    );
    expect(changed.body.data.attributes.value).toBe('PO-2');
    expect(
      (await h.api('DELETE', `/tracking_requests/${requestId}/custom_fields/po_number`)).status,
    ).toBe(204);
    expect((await h.api('GET', `/custom_fields/${set.body.data.id}`)).status).toBe(404);

    const again = await h.api('POST', `/tracking_requests/${requestId}/custom_fields`, {
      body: valueBody({ api_slug: 'po_number', value: 'PO-3' }),
    });
    expect((await h.api('DELETE', `/custom_fields/${again.body.data.id}`)).status).toBe(200);
    expect((await h.api('GET', `/tracking_requests/${requestId}/custom_fields`)).body.data).toEqual(
      [],
    );
  });

  it('edits and deletes definitions and options, taking values with them', async () => {
    const definitionId = await defineSelect();
    await h.api('POST', `/containers/${containerId}/custom_fields`, {
      body: valueBody({ api_slug: 'delivery_window', value: 'pm' }),
    });
    const options = await h.api('GET', `/custom_field_definitions/${definitionId}/options`);
    const pm = options.body.data.find(
      (o: { attributes: { value: string } }) => o.attributes.value === 'pm',
    );
    const relabelled = await h.api(
      'PATCH',
      `/custom_field_definitions/${definitionId}/options/${pm.id}`,
      {
        body: { data: { type: 'custom_field_option', attributes: { label: 'Late', position: 5 } } },
      },
    );
    expect(relabelled.body.data.attributes).toMatchObject({
      label: 'Late',
      value: 'pm',
      position: 5,
    });
    const duplicate = await h.api('POST', `/custom_field_definitions/${definitionId}/options`, {
      body: { data: { type: 'custom_field_option', attributes: { label: 'Again', value: 'pm' } } },
    });
    expect(duplicate.body.errors[0].code).toBe('taken');
    const withLabel = await h.api('GET', `/containers/${containerId}/custom_fields`);
    expect(
      withLabel.body.data.find(
        (v: { attributes: { api_slug: string } }) => v.attributes.api_slug === 'delivery_window',
      ).attributes.display_value,
    ).toBe('Late');

    expect(
      (await h.api('DELETE', `/custom_field_definitions/${definitionId}/options/${pm.id}`)).status,
    ).toBe(200);
    const cleared = await h.api('GET', `/custom_fields?filter[definition_id]=${definitionId}`);
    expect(cleared.body.data[0].attributes).toMatchObject({ value: null, display_value: null });

    const renamed = await h.api('PATCH', `/custom_field_definitions/${definitionId}`, {
      body: definitionBody({ display_name: 'Window' }),
    });
    expect(renamed.body.data.attributes.display_name).toBe('Window');
    const listed = await h.api(
      'GET',
      '/custom_field_definitions?filter[entity_type]=Container&filter[data_type]=enum&filter[display_name]=win',
    );
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([definitionId]);
    const taken = await h.api('POST', '/custom_field_definitions', {
      body: definitionBody({
        entity_type: 'Container',
        api_slug: 'delivery_window',
        display_name: 'x',
        data_type: 'number',
      }),
    });
    expect(taken.body.errors[0]).toMatchObject({
      code: 'taken',
      source: { pointer: '/data/attributes/api_slug' },
    });
    const optionOnNumber = await h.api('POST', '/custom_field_definitions', {
      body: definitionBody({
        entity_type: 'Shipment',
        api_slug: 'weight',
        display_name: 'Weight',
        data_type: 'number',
      }),
    });
    const refused = await h.api(
      'POST',
      `/custom_field_definitions/${optionOnNumber.body.data.id}/options`,
      {
        body: { data: { type: 'custom_field_option', attributes: { label: 'A', value: 'a' } } },
      },
    );
    expect(refused.status).toBe(422);

    expect((await h.api('DELETE', `/custom_field_definitions/${definitionId}`)).status).toBe(200);
    expect((await h.api('GET', `/custom_field_definitions/${definitionId}`)).status).toBe(404);
    expect(
      (await h.api('GET', `/custom_fields?filter[definition_id]=${definitionId}`)).body.data,
    ).toEqual([]);
  });
});
