import { type Context, Hono } from 'hono';
import type {
  CustomFieldEntity,
  CustomFieldValueRecord,
} from '../../engine/custom-fields/records.js';
import type { ValueOptions } from '../../engine/custom-fields/values.js';
import type { Engine } from '../../engine/engine.js';
import { isUuid } from '../../engine/ids.js';
import {
  readCustomFieldCreateRequest,
  readCustomFieldUpdateRequest,
  readEntityCustomFieldCreateRequest,
} from '../../generated/bodies.js';
import { readListCustomFieldsQuery } from '../../generated/queries.js';
import { numberAsWritten, readJsonBody } from '../body.js';
import { jsonApi, listDocument, type Page, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { badParameter, notFound } from '../errors.js';
import { parsePage, queryOf } from '../query.js';
import { BodyCheck, isObject } from '../validation.js';

const ENTITIES: readonly CustomFieldEntity[] = ['shipment', 'container', 'tracking_request'];
/** Path segment of each record kind (`/containers/{container_id}/custom_fields`). */
const SEGMENTS: Readonly<Record<CustomFieldEntity, string>> = {
  shipment: 'shipments',
  container: 'containers',
  tracking_request: 'tracking_requests',
};

/** `relationships.entity` of a POST /custom_fields body, which the spec's reader leaves to the route. */
function entityOf(
  body: unknown,
  check: BodyCheck,
): { entity: CustomFieldEntity; id: string } | undefined {
  const data = isObject(body) && isObject(body.data) ? body.data : undefined;
  const relationships = data?.relationships;
  const pointer = '/data/relationships/entity/data';
  const target =
    isObject(relationships) && isObject(relationships.entity)
      ? relationships.entity.data
      : undefined;
  if (isObject(relationships)) check.closed(relationships, '/data/relationships', ['entity']);
  if (!isObject(target)) {
    check.add(pointer, 'blank', 'must name the record: { "type": "container", "id": "<uuid>" }.');
    return undefined;
  }
  check.closed(target, pointer, ['type', 'id']);
  const entity = ENTITIES.find((candidate) => candidate === target.type);
  if (entity === undefined)
    check.add(`${pointer}/type`, 'invalid', `must be one of ${ENTITIES.join(', ')}.`);
  if (typeof target.id !== 'string' || !isUuid(target.id)) {
    check.add(`${pointer}/id`, 'invalid', 'must be the id (a UUID) of the record.');
  }
  return entity === undefined || typeof target.id !== 'string'
    ? undefined
    : { entity, id: target.id };
}

/** The literal of the body's number value as written (`display_value` keeps every digit). */
function asWritten(c: Context<AppEnv>): ValueOptions {
  return { numberAsWritten: numberAsWritten(c, '/data/attributes/value') };
}

/** The routes of custom field values. */
export function customFieldRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { serializer } = engine;
  const { values } = engine.customFields;
  const single = (record: CustomFieldValueRecord, url: string) => {
    const resource = serializer.serializeResource('custom_field', record.id);
    if (resource === undefined) throw notFound(`Custom field ${record.id} no longer exists.`);
    return singleDocument(serializer, resource, [], url);
  };
  /** A list document; without `page` (the per-record lists take no page parameters) one page of all. */
  const list = (records: readonly CustomFieldValueRecord[], url: string, page?: Page) =>
    listDocument(serializer, {
      type: 'custom_field',
      ids: records.map((record) => record.id),
      page: page ?? { number: 1, size: Math.max(1, records.length) },
      includes: [],
      requestUrl: url,
    });

  app.get('/custom_fields', (c) => {
    const params = queryOf(c);
    const { entityType, entityId, definitionId } = readListCustomFieldsQuery(params);
    for (const [name, value] of [
      ['filter[entity_id]', entityId],
      ['filter[definition_id]', definitionId],
    ] as const) {
      if (value !== undefined && !isUuid(value))
        throw badParameter(name, `${name} must be a UUID; got "${value}".`);
    }
    const records = values.list(c.get('account'), {
      ...(entityType === undefined ? {} : { entityType }),
      ...(entityId === undefined ? {} : { entityId: entityId.toLowerCase() }),
      ...(definitionId === undefined ? {} : { definitionId: definitionId.toLowerCase() }),
    });
    return jsonApi(list(records, c.req.url, parsePage(params)));
  });

  app.post('/custom_fields', async (c) => {
    const body = await readJsonBody(c, { required: true });
    const check = new BodyCheck();
    const ref = entityOf(body, check);
    const { apiSlug, value } = readCustomFieldCreateRequest(body, { check });
    // entityOf recorded an issue (and the reader threw) unless it found the record.
    const record = values.create(
      c.get('account'),
      ref ?? { entity: 'container', id: '' },
      apiSlug,
      value,
      asWritten(c),
    );
    return jsonApi(single(record, `${c.req.url}/${record.id}`), 201);
  });

  app.get('/custom_fields/:id', (c) =>
    jsonApi(single(values.get(c.get('account'), c.req.param('id')), c.req.url)),
  );

  app.patch('/custom_fields/:id', async (c) => {
    const record = values.get(c.get('account'), c.req.param('id'));
    const body = await readJsonBody(c, { required: true });
    const { value } = readCustomFieldUpdateRequest(body, { urlId: record.id });
    values.update(record, value, asWritten(c));
    return jsonApi(single(record, c.req.url));
  });

  app.delete('/custom_fields/:id', (c) => {
    values.delete(values.get(c.get('account'), c.req.param('id')));
    return new Response(null, { status: 200 });
  });

  for (const entity of ENTITIES) {
    const base = `/${SEGMENTS[entity]}/:entityId/custom_fields`;
    const refOf = (id: string | undefined) => ({ entity, id: id ?? '' });
    app.get(base, (c) => {
      const records = values.listFor(c.get('account'), refOf(c.req.param('entityId')));
      return jsonApi(list(records, c.req.url));
    });
    app.post(base, async (c) => {
      const ref = refOf(c.req.param('entityId'));
      values.requireEntity(c.get('account'), ref);
      const body = await readJsonBody(c, { required: true });
      const { apiSlug, value } = readEntityCustomFieldCreateRequest(body);
      const record = values.create(c.get('account'), ref, apiSlug, value, asWritten(c));
      const self = `${new URL(c.req.url).origin}/v2/custom_fields/${record.id}`;
      return jsonApi(single(record, self), 201);
    });
    app.patch(`${base}/:apiSlug`, async (c) => {
      const ref = refOf(c.req.param('entityId'));
      const record = values.getBySlug(c.get('account'), ref, c.req.param('apiSlug') ?? '');
      const body = await readJsonBody(c, { required: true });
      const { value } = readCustomFieldUpdateRequest(body, { urlId: record.id });
      values.update(record, value, asWritten(c));
      return jsonApi(single(record, c.req.url));
    });
    app.delete(`${base}/:apiSlug`, (c) => {
      const ref = refOf(c.req.param('entityId'));
      values.delete(values.getBySlug(c.get('account'), ref, c.req.param('apiSlug') ?? ''));
      return new Response(null, { status: 204 });
    });
  }
  return app;
}
