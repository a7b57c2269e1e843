/** `/custom_field_definitions`: the fields of an account (CRUD) and the options of select fields (CRUD). */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import {
  readCustomFieldDefinitionCreateRequest,
  readCustomFieldDefinitionUpdateRequest,
  readCustomFieldOptionCreateRequest,
  readCustomFieldOptionUpdateRequest,
} from '../../generated/bodies.js';
import { readListCustomFieldDefinitionsQuery } from '../../generated/queries.js';
import { readJsonBody } from '../body.js';
import { definedOnly } from '../defined-only.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';
import { listAnswer } from '../list-answer.js';
import { parsePage, queryOf } from '../query.js';

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
    const filter = definedOnly(readListCustomFieldDefinitionsQuery(params));
    const ids = definitions.list(c.get('account'), filter).map((definition) => definition.id);
    return listAnswer(c, serializer, { type: 'custom_field_definition', ids, page });
  });

  app.post('/custom_field_definitions', async (c) => {
    const body = await readJsonBody(c, { required: true });
    const read = readCustomFieldDefinitionCreateRequest(body);
    const definition = definitions.create(c.get('account'), {
      ...read,
      description: read.description ?? null,
      referenceType: read.referenceType ?? null,
      validation: read.validation ?? null,
      defaultFormat: read.defaultFormat ?? null,
      defaultValue: read.defaultValue ?? null,
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
    const changes = readCustomFieldDefinitionUpdateRequest(body, { urlId: definition.id });
    definitions.update(definition, definedOnly(changes));
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
    const option = definitions.addOption(
      definition,
      definedOnly(readCustomFieldOptionCreateRequest(body)),
    );
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
    definitions.updateOption(
      option,
      definedOnly(readCustomFieldOptionUpdateRequest(body, { urlId: option.id })),
    );
    return jsonApi(single('custom_field_option', option.id, c.req.url));
  });

  app.delete('/custom_field_definitions/:definitionId/options/:optionId', (c) => {
    definitions.deleteOption(optionOf(c));
    return deleted();
  });
  return app;
}
