/**
 * The middleware that answers from an account's stubs, after
 * authentication, the rate limit and the query check (a stubbed request
 * counts like any other) and before the service's routes and its read
 * cache. The journal learns which stub answered.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';
import { queryRecord } from '../journal/redact.js';
import { bodyOf } from '../journal/request-body.js';
import { stubAnswer } from './answer.js';
import type { Delays } from './delays.js';
import type { StubRegistry } from './registry.js';

/** Answers matching requests from `registry`, holding delayed answers with `delays`. */
export function stubsMiddleware(registry: StubRegistry, delays: Delays): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { id: accountId } = c.get('account');
    if (!registry.has(accountId)) return next();
    const request = c.req.raw;
    const body = registry.readsBodies(accountId) ? (await bodyOf(request)).value : null;
    const stub = registry.take(accountId, {
      // A HEAD is answered as its GET (the envelope drops the body).
      method: c.req.method === 'HEAD' ? 'GET' : c.req.method,
      path: c.req.path,
      query: queryRecord(new URL(request.url).searchParams),
      body,
    });
    if (stub === undefined) return next();
    c.set('stubId', stub.id);
    if (stub.response.delay !== undefined) await delays.wait(stub.response.delay, request.signal);
    return stubAnswer(stub.response);
  };
}
