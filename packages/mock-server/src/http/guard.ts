/**
 * The middleware every `/v2` request passes before its route: it finds the
 * operation (a `HEAD` is the `GET` of its path), authenticates the API key
 * (`Token` or `Bearer`), counts the request against the key's bucket (429
 * with `Retry-After` when full), and checks the query parameter names
 * against the operation's (400 otherwise).
 */
import type { MiddlewareHandler } from 'hono';
import { apiKeyFromAuthorization } from '../engine/accounts.js';
import type { Engine } from '../engine/engine.js';
import { operations } from '../engine/operations.js';
import type { AppEnv } from './env.js';
import { HttpError, notFound, tooManyRequests, unauthorized } from './errors.js';
import { matchOperation } from './operation-match.js';
import { queryOf } from './query.js';
import { checkQuery } from './spec-parameters.js';

/** Authentication, rate limiting and the query parameter check of the REST API. */
export function guard(engine: Engine): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const apiKey = apiKeyFromAuthorization(header);
    if (apiKey === undefined) {
      throw unauthorized(
        header === undefined
          ? 'No credentials were sent. Send the header "Authorization: Token <API_KEY>".'
          : 'The Authorization header is malformed. Send "Authorization: Token <API_KEY>" (or "Bearer <token>").',
      );
    }
    const account = engine.accountForKey(apiKey);
    if (account === undefined) {
      throw unauthorized(
        'The API key is not valid. Check the key, or create one in the developer portal.',
      );
    }
    c.set('account', account);
    c.set('apiKey', apiKey);
    // hono answers HEAD with the GET route, without the body.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const match = matchOperation(method, new URL(c.req.url).pathname);
    if (match.kind === 'unknown_path') {
      throw notFound(
        `There is no endpoint ${c.req.method} ${new URL(c.req.url).pathname}. See the API reference for the paths under /v2.`,
      );
    }
    if (match.kind === 'method_not_allowed') {
      const allowed = match.allowed.flatMap((name) => (name === 'GET' ? ['GET', 'HEAD'] : [name]));
      throw new HttpError(
        405,
        [
          {
            status: '405',
            title: 'Method Not Allowed',
            detail: `${c.req.method} is not supported here; use ${allowed.join(' or ')}.`,
          },
        ],
        { Allow: allowed.join(', ') },
      );
    }
    c.set('operationId', match.id);
    const decision = engine.rateLimiter.take(
      apiKey,
      operations[match.id].bucket,
      engine.now(),
      account.rateLimits,
    );
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    checkQuery(match.id, queryOf(c));
    await next();
  };
}
