/** `/email_submissions`: the emails forwarded to the document inbox, newest first, with their documents. */
import { Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import { jsonApi, singleDocument } from '../documents.js';
import type { AppEnv } from '../env.js';
import { notFound } from '../errors.js';
import { listAnswer, readListRequest } from '../list-answer.js';
import { parseInclude, queryOf } from '../query.js';

/** The routes of email submissions. */
export function emailSubmissionRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { serializer } = engine;
  const { tables } = engine.documents;

  app.get('/email_submissions', (c) => {
    const { page, includes } = readListRequest(c);
    const ids = [...tables.submissionIdsOf(c.get('account').id)].reverse();
    return listAnswer(c, serializer, { type: 'email_submission', ids, page, includes });
  });

  app.get('/email_submissions/:id', (c) => {
    const includes = parseInclude(c, queryOf(c));
    const id = c.req.param('id').toLowerCase();
    const record = tables.emailSubmissions.get(id);
    const resource =
      record?.accountId === c.get('account').id
        ? serializer.serializeResource('email_submission', id)
        : undefined;
    if (resource === undefined) {
      throw notFound(
        `No email submission with id ${c.req.param('id')} exists in this account. List GET /email_submissions to find a valid id.`,
      );
    }
    return jsonApi(singleDocument(serializer, resource, includes, c.req.url));
  });
  return app;
}
