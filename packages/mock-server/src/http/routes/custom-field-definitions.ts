/** `/custom_field_definitions`: the fields of an account (CRUD) and the options of select fields (CRUD). */
import { CUSTOM_FIELD_DATA_TYPE_VALUES } from '@shiptrack/sdk/spec';
import { Hono } from 'hono';
import type { CustomFieldDataType } from '../../engine/custom-fields/records.js';
import type { Engine } from '../../engine/engine.js';
import type { JsonValue } from '../../engine/records.js';
import { readListCustomFieldDefinitionsQuery } from '../../generated/queries.js';
import { readJsonBody } from '../body.js';
import { nullableObject, nullableString, position } from '../custom-field-bodies.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';
import { listAnswer } from '../list-answer.js';
import { parsePage, queryOf } from '../query.js';
import { resourceBody } from '../validation.js';

const ATTRIBUTES = '/data/attributes';
const CREATABLE_KINDS = ['Shipment', 'Container'] as const;
const CHANGEABLE = ['display_name', 'description', 'validation', 'default_format', 'default_value'];

/** The routes of custom field definitions and options. */
export function customFieldDefinitionRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { serializer } = engine;
  const { definitions, tables } = engine.customFields;
  const single = (
    type: 'custom_field_definition' | 'custom_field_option',
    id: string,
    url: string,
  ) => {
    const resource = serializer.serializeResource(type, id);
    if (resource === undefined)
      throw notFound(`The ${type.replaceAll('_', ' ')} ${id} no longer exists.`);
    return singleDocument(serializer, resource, [], url);
  };
  const deleted = () => new Response(null, { status: 200 });

  app.get('/custom_field_definitions', (c) => {
    const params = queryOf(c);
    const page = parsePage(params);
    const { entityType, dataType, displayName } = readListCustomFieldDefinitionsQuery(params);
    const ids = definitions
      .list(c.get('account'), {
        ...(entityType === undefined ? {} : { entityType }),
        ...(dataType === undefined ? {} : { dataType }),
        ...(displayName === undefined ? {} : { displayName }),
      })
      .map((definition) => definition.id);
    return listAnswer(c, serializer, { type: 'custom_field_definition', ids, page });
  });

  app.post('/custom_field_definitions', async (c) => {
    const body = await readJsonBody(c, { required: true });
    const { attributes: a, check } = resourceBody(body, 'custom_field_definition', {
      attributesRequired: true,
    });
    check.closed(a, ATTRIBUTES, [
      'entity_type',
      'api_slug',
      'data_type',
      'reference_type',
      ...CHANGEABLE,
    ]);
    const entityType = check.string(a, ATTRIBUTES, 'entity_type', {
      required: true,
      values: CREATABLE_KINDS,
    });
    const apiSlug = check.string(a, ATTRIBUTES, 'api_slug', { required: true, maxLength: 100 });
    const displayName = check.string(a, ATTRIBUTES, 'display_name', {
      required: true,
      maxLength: 255,
    });
    const dataType = check.string(a, ATTRIBUTES, 'data_type', {
      required: true,
      values: CUSTOM_FIELD_DATA_TYPE_VALUES,
    });
    const description = nullableString(check, a, 'description');
    const referenceType = nullableString(check, a, 'reference_type');
    const validation = nullableObject(check, a, 'validation');
    const defaultFormat = nullableString(check, a, 'default_format');
    check.finish();
    const definition = definitions.create(c.get('account'), {
      // Checked against the closed lists above.
      entityType: entityType as (typeof CREATABLE_KINDS)[number],
      apiSlug: apiSlug ?? '',
      displayName: displayName ?? '',
      dataType: dataType as CustomFieldDataType,
      description: description ?? null,
      referenceType: referenceType ?? null,
      validation: validation ?? null,
      defaultFormat: defaultFormat ?? null,
      // Parsed JSON is JSON.
      defaultValue: (a.default_value ?? null) as JsonValue,
    });
    return jsonApi(
      single('custom_field_definition', definition.id, `${c.req.url}/${definition.id}`),
      201,
    );
  });

  app.get('/custom_field_definitions/:id', (c) => {
    const definition = definitions.get(c.get('account'), c.req.param('id'));
    return jsonApi(single('custom_field_definition', definition.id, c.req.url));
  });

  app.patch('/custom_field_definitions/:id', async (c) => {
    const definition = definitions.get(c.get('account'), c.req.param('id'));
    const body = await readJsonBody(c, { required: true });
    const { attributes: a, check } = resourceBody(body, 'custom_field_definition', {
      attributesRequired: true,
      urlId: definition.id,
    });
    check.closed(a, ATTRIBUTES, CHANGEABLE);
    const displayName = check.string(a, ATTRIBUTES, 'display_name', {
      required: false,
      maxLength: 255,
    });
    const description = nullableString(check, a, 'description');
    const validation = nullableObject(check, a, 'validation');
    const defaultFormat = nullableString(check, a, 'default_format');
    check.finish();
    definitions.update(definition, {
      ...(displayName === undefined ? {} : { displayName }),
      ...(description === undefined ? {} : { description }),
      ...(validation === undefined ? {} : { validation }),
      ...(defaultFormat === undefined ? {} : { defaultFormat }),
      // Parsed JSON is JSON.
      ...('default_value' in a ? { defaultValue: (a.default_value ?? null) as JsonValue } : {}),
    });
    return jsonApi(single('custom_field_definition', definition.id, c.req.url));
  });

  app.delete('/custom_field_definitions/:id', (c) => {
    definitions.delete(definitions.get(c.get('account'), c.req.param('id')));
    return deleted();
  });

  app.get('/custom_field_definitions/:definitionId/options', (c) => {
    const definition = definitions.get(c.get('account'), c.req.param('definitionId'));
    const ids = tables.optionsOf(definition.id).map((option) => option.id);
    const page = { number: 1, size: Math.max(1, ids.length) };
    return listAnswer(c, serializer, { type: 'custom_field_option', ids, page });
  });

  app.post('/custom_field_definitions/:definitionId/options', async (c) => {
    const definition = definitions.get(c.get('account'), c.req.param('definitionId'));
    const body = await readJsonBody(c, { required: true });
    const { attributes: a, check } = resourceBody(body, 'custom_field_option', {
      attributesRequired: true,
    });
    check.closed(a, ATTRIBUTES, ['label', 'value', 'position']);
    const label = check.string(a, ATTRIBUTES, 'label', { required: true, maxLength: 255 });
    const value = check.string(a, ATTRIBUTES, 'value', { required: true, maxLength: 255 });
    const at = position(check, a);
    check.finish();
    const option = definitions.addOption(definition, {
      label: label ?? '',
      value: value ?? '',
      ...(at === undefined ? {} : { position: at }),
    });
    return jsonApi(single('custom_field_option', option.id, `${c.req.url}/${option.id}`), 201);
  });

  const optionOf = (c: {
    get(key: 'account'): AppEnv['Variables']['account'];
    req: { param(key: string): string };
  }) =>
    definitions.option(
      definitions.get(c.get('account'), c.req.param('definitionId')),
      c.req.param('optionId'),
    );

  app.get('/custom_field_definitions/:definitionId/options/:optionId', (c) =>
    jsonApi(single('custom_field_option', optionOf(c).id, c.req.url)),
  );

  app.patch('/custom_field_definitions/:definitionId/options/:optionId', async (c) => {
    const option = optionOf(c);
    const body = await readJsonBody(c, { required: true });
    const { attributes: a, check } = resourceBody(body, 'custom_field_option', {
      attributesRequired: true,
      urlId: option.id,
    });
    check.closed(a, ATTRIBUTES, ['label', 'position']);
    const label = check.string(a, ATTRIBUTES, 'label', { required: false, maxLength: 255 });
    const at = position(check, a);
    check.finish();
    definitions.updateOption(option, {
      ...(label === undefined ? {} : { label }),
      ...(at === undefined ? {} : { position: at }),
    });
    return jsonApi(single('custom_field_option', option.id, c.req.url));
  });

  app.delete('/custom_field_definitions/:definitionId/options/:optionId', (c) => {
    definitions.deleteOption(optionOf(c));
    return deleted();
  });
  return app;
}
