/** `/tracking_requests`: create, list, get, edit, and infer a number. */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import { stableId } from '../../engine/ids.js';
import { inferNumber } from '../../engine/infer-number.js';
import type { TrackingRequestRecord } from '../../engine/records.js';
import { containsText, trackingRequestNumbers } from '../../engine/search.js';
import type { SpecResource } from '../../engine/serialize/spec-resource.js';
import {
  readTrackingRequestCreateRequest,
  readTrackingRequestUpdateRequest,
} from '../../generated/bodies.js';
import { readListTrackingRequestsQuery } from '../../generated/queries.js';
import { readJsonBody } from '../body.js';
import { definedOnly } from '../defined-only.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { malformedBody, notFound } from '../errors.js';
import { listAnswer, readListRequest } from '../list-answer.js';
import { matchingNewestFirst, owned } from '../owned.js';
import { parseInclude, queryOf } from '../query.js';
import { BodyCheck, isObject } from '../validation.js';

function requestFilter(params: URLSearchParams): (record: TrackingRequestRecord) => boolean {
  const {
    q,
    requestNumber: number,
    status,
    requestType: type,
    scac,
    createdAtStart: createdStart,
    createdAtEnd: createdEnd,
    updatedAtStart: updatedStart,
    updatedAtEnd: updatedEnd,
  } = readListTrackingRequestsQuery(params);
  return (record) =>
    (number === undefined || record.requestNumber.toUpperCase() === number) &&
    (status === undefined || record.status === status) &&
    (type === undefined || record.requestType === type) &&
    (scac === undefined || record.scac === scac) &&
    (createdStart === undefined || record.createdAt >= createdStart) &&
    (createdEnd === undefined || record.createdAt <= createdEnd) &&
    (updatedStart === undefined || record.updatedAt >= updatedStart) &&
    (updatedEnd === undefined || record.updatedAt <= updatedEnd) &&
    (q === undefined || containsText(trackingRequestNumbers(record), q));
}

/** The routes of tracking requests. */
export function trackingRequestRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { store, serializer } = engine;
  const document = (record: TrackingRequestRecord, includes: readonly string[], url: string) => {
    const resource = serializer.serializeResource('tracking_request', record.id);
    if (resource === undefined) throw notFound(`Tracking request ${record.id} no longer exists.`);
    return singleDocument(serializer, resource, includes, url);
  };

  app.post('/tracking_requests/infer_number', async (c) => {
    const body = await readJsonBody(c, { required: true });
    if (!isObject(body))
      throw malformedBody('The body must be a JSON object: { "number": "..." }.');
    const check = new BodyCheck();
    check.closed(body, '', ['number']);
    const number = check.string(body, '', 'number', { required: true });
    check.finish();
    const data: SpecResource<'InferNumberResult'> = {
      id: stableId(`infer:${number}`),
      type: 'infer_number_results',
      attributes: inferNumber(store, number ?? ''),
    };
    return jsonApi({ data });
  });

  app.post('/tracking_requests', async (c) => {
    const body = await readJsonBody(c, { required: true });
    const request = definedOnly(readTrackingRequestCreateRequest(body));
    const record = engine.trackingRequests.create(c.get('account'), request);
    return jsonApi(
      document(record, [], `${new URL(c.req.url).origin}/v2/tracking_requests/${record.id}`),
      201,
    );
  });

  app.get('/tracking_requests', (c) => {
    const { params, page, includes } = readListRequest(c, ['tracked_object']);
    const matches = requestFilter(params);
    const ids = matchingNewestFirst(
      store.indexOf(c.get('account').id).trackingRequests,
      store.trackingRequests,
      matches,
    );
    return listAnswer(c, serializer, { type: 'tracking_request', ids, page, includes });
  });

  app.get('/tracking_requests/:id', (c) => {
    const params = queryOf(c);
    const includes = parseInclude(c, params);
    const record = owned(
      store.trackingRequests,
      c.get('account'),
      c.req.param('id'),
      'tracking request',
    );
    return jsonApi(document(record, includes, c.req.url));
  });

  app.patch('/tracking_requests/:id', async (c) => {
    const record = owned(
      store.trackingRequests,
      c.get('account'),
      c.req.param('id'),
      'tracking request',
    );
    const body = await readJsonBody(c, { required: true });
    const { refNumbers } = readTrackingRequestUpdateRequest(body, { urlId: record.id });
    engine.trackingRequests.updateRefNumbers(record, refNumbers);
    return jsonApi(document(record, [], c.req.url));
  });
  return app;
}
