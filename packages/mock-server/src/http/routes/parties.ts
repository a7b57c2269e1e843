/** `/parties`: the companies of an account (list by name, create, get, rename). */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import type { PartyRecord } from '../../engine/parties.js';
import { readPartyCreateRequest, readPartyUpdateRequest } from '../../generated/bodies.js';
import { readJsonBody } from '../body.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';
import { listAnswer } from '../list-answer.js';
import { parsePage, queryOf } from '../query.js';

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
    const { companyName } = readPartyCreateRequest(await readJsonBody(c, { required: true }));
    const party = parties.create(c.get('account'), companyName);
    return jsonApi(document(party, `${c.req.url}/${party.id}`), 201);
  });

  app.get('/parties/:id', (c) =>
    jsonApi(document(parties.get(c.get('account'), c.req.param('id')), c.req.url)),
  );

  app.patch('/parties/:id', async (c) => {
    const party = parties.get(c.get('account'), c.req.param('id'));
    const body = await readJsonBody(c, { required: true });
    const { companyName } = readPartyUpdateRequest(body, { urlId: party.id });
    if (companyName !== undefined) parties.rename(party, companyName);
    return jsonApi(document(party, c.req.url));
  });
  return app;
}
