/**
 * Custom field values: `/custom_fields` (list with filters, set on a record
 * named by `relationships.entity`, get, change, delete) and the routes of
 * each record kind by `api_slug` (`/shipments/{shipment_id}/custom_fields`,
 * the same on containers and tracking requests).
 */
import { CUSTOM_FIELD_ENTITY_TYPE_VALUES } from '@shiptrack/sdk/spec';
import { Hono } from 'hono';
import type {
  CustomFieldEntity,
  CustomFieldValueRecord,
} from '../../engine/custom-fields/records.js';
import type { Engine } from '../../engine/engine.js';
import { isUuid } from '../../engine/ids.js';
import { readJsonBody } from '../body.js';
import { requiredValue } from '../custom-field-bodies.js';
import { jsonApi, listDocument, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { badParameter, notFound } from '../errors.js';
import { enumParameter, parsePage, queryOf } from '../query.js';
import { BodyCheck, isObject, resourceBody } from '../validation.js';

const ATTRIBUTES = '/data/attributes';
const ENTITIES: readonly CustomFieldEntity[] = ['shipment', 'container', 'tracking_request'];
/** Path segment of each record kind (`/containers/{container_id}/custom_fields`). */
const SEGMENTS: Readonly<Record<CustomFieldEntity, string>> = {
  shipment: 'shipments',
  container: 'containers',
  tracking_request: 'tracking_requests',
};

/** `relationships.entity` of a POST /custom_fields body: checked, then left out of the envelope check. */
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
  const list = (records: readonly CustomFieldValueRecord[], url: string, params: URLSearchParams) =>
    listDocument(serializer, {
      type: 'custom_field',
      ids: records.map((record) => record.id),
      page: parsePage(params),
      includes: [],
      requestUrl: url,
    });
  const valueBody = (body: unknown, options: { slug: boolean; allowId: boolean }) => {
    const { id, attributes, check } = resourceBody(body, 'custom_field', {
      attributesRequired: true,
      allowId: options.allowId,
    });
    check.closed(attributes, ATTRIBUTES, options.slug ? ['api_slug', 'value'] : ['value']);
    const apiSlug = options.slug
      ? check.string(attributes, ATTRIBUTES, 'api_slug', { required: true, maxLength: 100 })
      : undefined;
    const value = requiredValue(check, attributes, 'value');
    return { id, apiSlug, value, check };
  };

  app.get('/custom_fields', (c) => {
    const params = queryOf(c);
    const entityType = enumParameter(
      params,
      'filter[entity_type]',
      CUSTOM_FIELD_ENTITY_TYPE_VALUES,
    );
    const entityId = params.get('filter[entity_id]') ?? undefined;
    const definitionId = params.get('filter[definition_id]') ?? undefined;
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
    return jsonApi(list(records, c.req.url, params));
  });

  app.post('/custom_fields', async (c) => {
    const body = await readJsonBody(c, { required: true });
    const check = new BodyCheck();
    const ref = entityOf(body, check);
    const envelope =
      isObject(body) && isObject(body.data)
        ? {
            ...body,
            data: Object.fromEntries(
              Object.entries(body.data).filter(([k]) => k !== 'relationships'),
            ),
          }
        : body;
    const parsed = valueBody(envelope, { slug: true, allowId: false });
    parsed.check.issues.push(...check.issues);
    parsed.check.finish();
    if (ref === undefined || parsed.apiSlug === undefined || parsed.value === undefined)
      return c.notFound();
    const record = values.create(c.get('account'), ref, parsed.apiSlug, parsed.value);
    return jsonApi(single(record, `${c.req.url}/${record.id}`), 201);
  });

  app.get('/custom_fields/:id', (c) =>
    jsonApi(single(values.get(c.get('account'), c.req.param('id')), c.req.url)),
  );

  app.patch('/custom_fields/:id', async (c) => {
    const record = values.get(c.get('account'), c.req.param('id'));
    const parsed = valueBody(await readJsonBody(c, { required: true }), {
      slug: false,
      allowId: true,
    });
    if (parsed.id !== undefined && parsed.id !== record.id) {
      parsed.check.add('/data/id', 'invalid', 'must match the id in the URL.');
    }
    parsed.check.finish();
    if (parsed.value !== undefined) values.update(record, parsed.value);
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
      return jsonApi(list(records, c.req.url, queryOf(c)));
    });
    app.post(base, async (c) => {
      const ref = refOf(c.req.param('entityId'));
      values.requireEntity(c.get('account'), ref);
      const parsed = valueBody(await readJsonBody(c, { required: true }), {
        slug: true,
        allowId: false,
      });
      parsed.check.finish();
      if (parsed.apiSlug === undefined || parsed.value === undefined) return c.notFound();
      const record = values.create(c.get('account'), ref, parsed.apiSlug, parsed.value);
      const self = `${new URL(c.req.url).origin}/v2/custom_fields/${record.id}`;
      return jsonApi(single(record, self), 201);
    });
    app.patch(`${base}/:apiSlug`, async (c) => {
      const record = values.getBySlug(
        c.get('account'),
        refOf(c.req.param('entityId')),
        c.req.param('apiSlug'),
      );
      const parsed = valueBody(await readJsonBody(c, { required: true }), {
        slug: false,
        allowId: true,
      });
      if (parsed.id !== undefined && parsed.id !== record.id) {
        parsed.check.add(
          '/data/id',
          'invalid',
          'must be the id of this custom field value, or left out.',
        );
      }
      parsed.check.finish();
      if (parsed.value !== undefined) values.update(record, parsed.value);
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
