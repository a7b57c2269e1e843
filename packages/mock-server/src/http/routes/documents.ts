/**
 * `/documents`: list (filters, sort, include, pages), create from an upload,
 * get, edit, delete, the document types, a download URL, and the background
 * jobs (re-extract, re-classify, re-link, rotate); `/document_schemas/{id}`.
 */
import type { DOCUMENT_SORT_VALUES } from '@shiptrack/sdk/spec';
import { Hono } from 'hono';
import {
  DOCUMENT_SCHEMAS,
  DOCUMENT_TYPES,
  EXTRACTED_DATA_MEMBERS,
  schemaPayload,
} from '../../engine/documents/reading.js';
import type { DocumentRecord } from '../../engine/documents/records.js';
import type { Engine } from '../../engine/engine.js';
import type { JsonValue } from '../../engine/records.js';
import { containerNumbers, containsText, shipmentNumbers } from '../../engine/search.js';
import type { SpecResource } from '../../engine/serialize/spec-resource.js';
import { toIso } from '../../engine/time.js';
import { readDocumentCreateRequest } from '../../generated/bodies.js';
import { type ListDocumentsQuery, readListDocumentsQuery } from '../../generated/queries.js';
import { readJsonBody } from '../body.js';
import { jsonApi, plainJson, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { malformedBody, notFound } from '../errors.js';
import { listAnswer, readListRequest } from '../list-answer.js';
import { parseInclude, queryOf } from '../query.js';
import { BodyCheck, isObject, resourceBody } from '../validation.js';

type DocumentSort = (typeof DOCUMENT_SORT_VALUES)[number];

const SORT_KEYS: Record<DocumentSort, (document: DocumentRecord) => number | string> = {
  created_at: (d) => d.createdAt,
  '-created_at': (d) => d.createdAt,
  updated_at: (d) => d.updatedAt,
  '-updated_at': (d) => d.updatedAt,
  name: (d) => d.name.toLowerCase(),
  '-name': (d) => d.name.toLowerCase(),
};

function documentFilter(engine: Engine, query: ListDocumentsQuery): (d: DocumentRecord) => boolean {
  const { store } = engine;
  const { filename: fileName, reference, documentTypes: types } = query;
  return (document) => {
    if (
      fileName !== undefined &&
      !containsText([document.name, document.fileName ?? ''], fileName)
    ) {
      return false;
    }
    if (
      types !== undefined &&
      !types.includes(document.documentTypeManual ?? document.documentType ?? '')
    ) {
      return false;
    }
    if (reference === undefined) return true;
    const numbers = [
      ...document.shipmentIds.flatMap((id) => {
        const shipment = store.shipments.get(id);
        return shipment === undefined ? [] : shipmentNumbers(store, shipment);
      }),
      ...document.containerIds.flatMap((id) => {
        const container = store.containers.get(id);
        return container === undefined ? [] : containerNumbers(store, container);
      }),
    ];
    return containsText(numbers, reference);
  };
}

/**
 * `extracted_data_manual`: null, or an object of the document schema's
 * members (each an array of strings); an unknown member is named.
 */
function extractedDataManual(
  check: BodyCheck,
  value: unknown,
): Record<string, JsonValue> | null | undefined {
  const pointer = '/data/attributes/extracted_data_manual';
  if (value === undefined || value === null) return value;
  if (!isObject(value)) {
    check.add(pointer, 'invalid', 'must be an object, or null to clear it.');
    return undefined;
  }
  const members = Object.keys(EXTRACTED_DATA_MEMBERS);
  check.closed(value, pointer, members);
  const data: Record<string, JsonValue> = {};
  for (const member of members) {
    const strings = check.stringArray(value, pointer, member);
    if (strings !== undefined) data[member] = strings;
  }
  return data;
}

/** The routes of documents and document schemas. */
export function documentRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { documents, serializer } = engine;
  const document = (record: DocumentRecord, includes: readonly string[], url: string) => {
    const resource = serializer.serializeResource('document', record.id);
    if (resource === undefined) throw notFound(`Document ${record.id} no longer exists.`);
    return singleDocument(serializer, resource, includes, url);
  };
  const accepted = () => plainJson({ status: 'accepted' }, 202);

  app.get('/documents', (c) => {
    const { params, page, includes } = readListRequest(c);
    const query = readListDocumentsQuery(params);
    const sort = query.sort ?? '-created_at';
    const key = SORT_KEYS[sort];
    const direction = sort.startsWith('-') ? -1 : 1;
    const ids = documents
      .liveDocuments(c.get('account'))
      .filter(documentFilter(engine, query))
      .map((record, index) => ({ record, index }))
      .sort((a, b) => {
        const [x, y] = [key(a.record), key(b.record)];
        return (x < y ? -1 : x > y ? 1 : a.index - b.index) * direction;
      })
      .map(({ record }) => record.id);
    return listAnswer(c, serializer, { type: 'document', ids, page, includes });
  });

  app.post('/documents', async (c) => {
    const body = await readJsonBody(c, { required: true });
    const created = documents.create(c.get('account'), readDocumentCreateRequest(body));
    return jsonApi(document(created, [], `${c.req.url}/${created.id}`), 201);
  });

  app.get('/documents/types', () =>
    plainJson({ document_types: DOCUMENT_TYPES.map(({ code, label }) => ({ code, label })) }),
  );

  app.get('/documents/:id', (c) => {
    const includes = parseInclude(c, queryOf(c));
    const record = documents.get(c.get('account'), c.req.param('id'));
    return jsonApi(document(record, includes, c.req.url));
  });

  app.patch('/documents/:id', async (c) => {
    const record = documents.get(c.get('account'), c.req.param('id'));
    const body = await readJsonBody(c, { required: true });
    const { attributes, check } = resourceBody(body, 'document', {
      attributesRequired: true,
      urlId: record.id,
    });
    check.closed(attributes, '/data/attributes', ['document_type_manual', 'extracted_data_manual']);
    const type = check.string(attributes, '/data/attributes', 'document_type_manual', {
      required: false,
    });
    const data = extractedDataManual(check, attributes.extracted_data_manual);
    check.finish();
    documents.update(record, {
      ...(type === undefined ? {} : { documentTypeManual: type }),
      ...(data === undefined ? {} : { extractedDataManual: data }),
    });
    return jsonApi(document(record, [], c.req.url));
  });

  app.delete('/documents/:id', (c) => {
    documents.delete(documents.get(c.get('account'), c.req.param('id')));
    return new Response(null, { status: 204 });
  });

  app.get('/documents/:id/download_url', async (c) => {
    const record = documents.get(c.get('account'), c.req.param('id'));
    const root = `${new URL(c.req.url).origin}/_mock`;
    return plainJson({ download_url: await documents.downloadUrl(record, root) });
  });

  app.post('/documents/:id/reextract', (c) => {
    documents.reextract(documents.get(c.get('account'), c.req.param('id')));
    return accepted();
  });

  app.post('/documents/:id/reclassify', (c) => {
    documents.reclassify(documents.get(c.get('account'), c.req.param('id')));
    return accepted();
  });

  app.post('/documents/:id/relink', (c) => {
    documents.relink(documents.get(c.get('account'), c.req.param('id')));
    return accepted();
  });

  app.post('/documents/:id/rotate', async (c) => {
    const record = documents.get(c.get('account'), c.req.param('id'));
    const body = await readJsonBody(c, { required: true });
    if (!isObject(body))
      throw malformedBody('The body must be a JSON object such as { "degrees": 90 }.');
    const check = new BodyCheck();
    check.closed(body, '', ['degrees']);
    check.finish();
    documents.rotate(record, body.degrees);
    return accepted();
  });

  app.get('/document_schemas/:id', (c) => {
    const id = c.req.param('id');
    const schema = DOCUMENT_SCHEMAS.find((candidate) => candidate.id === id);
    if (schema === undefined) {
      throw notFound(
        `No document schema ${id}. Schema ids are <document type>-<version>, e.g. ${DOCUMENT_SCHEMAS[0]?.id}.`,
      );
    }
    const at = toIso(Date.UTC(2025, 0, 1));
    const data: SpecResource<'DocumentSchema'> = {
      id: schema.id,
      type: 'document_schema',
      attributes: {
        document_type: schema.type.code,
        label: schema.type.label,
        schema_version: schema.version.split('.').slice(0, 2).join('.'),
        full_version: schema.version,
        current: true,
        draft: false,
        active_at: at,
        schema_format: 'json_schema',
        description: `What the mock extracts from a ${schema.type.label.toLowerCase()}.`,
        schema_payload: schemaPayload(schema.type),
        created_at: at,
        updated_at: at,
      },
      links: { self: `/v2/document_schemas/${schema.id}` },
    };
    return jsonApi({ data, links: { self: c.req.url } });
  });
  return app;
}
