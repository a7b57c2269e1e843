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
import { methodNotAllowed, notFound, tooManyRequests, unauthorized } from './errors.js';
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
    const match = matchOperation(method, c.req.path);
    if (match.kind === 'unknown_path') {
      throw notFound(
        `There is no endpoint ${c.req.method} ${c.req.path}. See the API reference for the paths under /v2.`,
      );
    }
    if (match.kind === 'method_not_allowed') throw methodNotAllowed(c.req.method, match.allowed);
    c.set('operationId', match.id);
    const bucket = operations[match.id].bucket;
    const decision = engine.rateLimiter.take(
      apiKey,
      bucket,
      engine.clock.runningNow(),
      account.rateLimits,
    );
    if (!decision.allowed) {
      if (decision.firstRefusal) {
        engine.logger.info(
          `${account.name} used up the ${bucket} rate limit (${decision.bucket.limit} requests per ${decision.bucket.windowSeconds} s); answering 429 with Retry-After until the window frees a slot. Windows run on real time plus clock advances: wait, advance the clock (POST /_mock/clock/advance), or change the limits (--rate-limits off, --rate-limit ${bucket}=<limit>/<window>, PATCH /_mock/rate_limits).`,
        );
      }
      throw tooManyRequests(decision.retryAfterSeconds);
    }
    checkQuery(match.id, queryOf(c));
    await next();
  };
}
