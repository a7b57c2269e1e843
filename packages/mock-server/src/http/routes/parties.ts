/** `/parties`: the companies of an account (list by name, create, get, rename). */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import type { PartyRecord } from '../../engine/parties.js';
import { readJsonBody } from '../body.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';
import { listAnswer } from '../list-answer.js';
import { parsePage, queryOf } from '../query.js';
import { type BodyCheck, resourceBody } from '../validation.js';

/** `type` may be left out of a party body (the service documents it so). */
function partyBody(body: unknown, urlId?: string) {
  const withType =
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    typeof body.data === 'object' &&
    body.data !== null &&
    !('type' in body.data)
      ? { ...body, data: { type: 'party', ...body.data } }
      : body;
  return resourceBody(withType, 'party', { attributesRequired: true, urlId });
}

function companyName(check: BodyCheck, attributes: Record<string, unknown>, required: boolean) {
  check.closed(attributes, '/data/attributes', ['company_name']);
  return check.string(attributes, '/data/attributes', 'company_name', { required, maxLength: 255 });
}

/** The routes of parties. */
export function partyRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { parties, serializer } = engine;
  const document = (party: PartyRecord, url: string) => {
    const resource = serializer.serializeResource('party', party.id);
    if (resource === undefined) throw notFound(`Party ${party.id} no longer exists.`);
    return singleDocument(serializer, resource, [], url);
  };

  app.get('/parties', (c) => {
    const page = parsePage(queryOf(c));
    const ids = parties.list(c.get('account')).map((party) => party.id);
    return listAnswer(c, serializer, { type: 'party', ids, page });
  });

  app.post('/parties', async (c) => {
    const { attributes, check } = partyBody(await readJsonBody(c, { required: true }));
    const name = companyName(check, attributes, true);
    check.finish();
    const party = parties.create(c.get('account'), name ?? '');
    return jsonApi(document(party, `${c.req.url}/${party.id}`), 201);
  });

  app.get('/parties/:id', (c) =>
    jsonApi(document(parties.get(c.get('account'), c.req.param('id')), c.req.url)),
  );

  app.patch('/parties/:id', async (c) => {
    const party = parties.get(c.get('account'), c.req.param('id'));
    const { attributes, check } = partyBody(await readJsonBody(c, { required: true }), party.id);
    const name = companyName(check, attributes, false);
    check.finish();
    if (name !== undefined) parties.rename(party, name);
    return jsonApi(document(party, c.req.url));
  });
  return app;
}
