/**
 * The middleware every `/v2` request passes before its route: it finds the
 * operation, authenticates the API key (`Token` or `Bearer`), and counts the
 * request against the key's bucket (429 with `Retry-After` when full).
 */
import type { MiddlewareHandler } from 'hono';
import { apiKeyFromAuthorization } from '../engine/accounts.js';
import type { Engine } from '../engine/engine.js';
import { operations } from '../engine/operations.js';
import type { AppEnv } from './env.js';
import { HttpError, notFound, tooManyRequests, unauthorized } from './errors.js';
import { matchOperation } from './operation-match.js';

/** Authentication and rate limiting of the REST API. */
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
    const match = matchOperation(c.req.method, new URL(c.req.url).pathname);
    if (match.kind === 'unknown_path') {
      throw notFound(
        `There is no endpoint ${c.req.method} ${new URL(c.req.url).pathname}. See the API reference for the paths under /v2.`,
      );
    }
    if (match.kind === 'method_not_allowed') {
      throw new HttpError(
        405,
        [
          {
            status: '405',
            title: 'Method Not Allowed',
            detail: `${c.req.method} is not supported here; use ${match.allowed.join(' or ')}.`,
          },
        ],
        { Allow: match.allowed.join(', ') },
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
    await next();
  };
}
