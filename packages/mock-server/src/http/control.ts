/**
 * The control API under `/_mock/`: reset, seed, the clock, faults, rate
 * limits, uploads and downloads, and the routes of a test double (the
 * request journal and stubs) when the app has one. It needs no API key, so it must never be reachable from a public
 * network; the mock is for tests and local development only. A known path
 * with another method is a 405 with `Allow`; an unknown path a 404 listing
 * the endpoints.
 */
import { Hono } from 'hono';
import { isDatasetName } from '../engine/datasets.js';
import type { Engine } from '../engine/engine.js';
import { toIso } from '../engine/time.js';
import { readJsonBody } from './body.js';
import { documentControlRoutes } from './control-documents.js';
import { patchRateLimits, rateLimitsJson } from './control-rate-limits.js';
import type { ControlRoute } from './control-route.js';
import { plainJson } from './documents.js';
import type { AppEnv } from './env.js';
import { methodNotAllowed, notFound } from './errors.js';
import { type FaultInjector, parseFaultRule } from './faults.js';
import { BodyCheck, isObject } from './validation.js';

/** Largest single advance: ten years of simulated time. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

/**
 * The routes of the control API (mounted at `/_mock`), with `more` (the
 * test double's) after the mock's own.
 */
export function controlRoutes(
  engine: Engine,
  faults: FaultInjector,
  more: readonly ControlRoute[] = [],
): Hono<AppEnv> {
  const clockState = () => ({
    now: toIso(engine.now()),
    now_ms: engine.now(),
    mode: engine.clock.mode,
    pending_jobs: engine.clock.pendingJobs,
  });
  let faultIds = 0;

  const routes: ControlRoute[] = [
    {
      method: 'POST',
      path: '/reset',
      handle: async (c) => {
        await readJsonBody(c, { required: false });
        engine.reset();
        faults.clear();
        return plainJson({ dataset: engine.datasetName, ...clockState() });
      },
    },
    {
      method: 'POST',
      path: '/seed',
      handle: async (c) => {
        const body = await readJsonBody(c, { required: true });
        const check = new BodyCheck();
        if (!isObject(body) || !isDatasetName(body.dataset)) {
          check.add(
            '/dataset',
            'invalid',
            'must be "demo" or "empty", e.g. { "dataset": "demo" }.',
          );
        } else {
          check.closed(body, '', ['dataset']);
        }
        check.finish();
        if (isObject(body) && isDatasetName(body.dataset)) engine.seedDataset(body.dataset);
        faults.clear();
        return plainJson({ dataset: engine.datasetName, ...clockState() });
      },
    },
    { method: 'GET', path: '/clock', handle: () => plainJson(clockState()) },
    {
      method: 'POST',
      path: '/clock/advance',
      handle: async (c) => {
        const body = await readJsonBody(c, { required: true });
        const check = new BodyCheck();
        const seconds = isObject(body) ? body.seconds : undefined;
        if (isObject(body)) check.closed(body, '', ['seconds']);
        if (
          typeof seconds !== 'number' ||
          !Number.isFinite(seconds) ||
          seconds < 0 ||
          seconds > MAX_ADVANCE_SECONDS
        ) {
          check.add(
            '/seconds',
            'invalid',
            `must be a number of seconds from 0 to ${MAX_ADVANCE_SECONDS}, e.g. { "seconds": 86400 }.`,
          );
        }
        check.finish();
        await engine.clock.advance(Math.round(Number(seconds) * 1000));
        await engine.settle();
        return plainJson(clockState());
      },
    },
    { method: 'GET', path: '/faults', handle: () => plainJson({ faults: faults.list() }) },
    {
      method: 'POST',
      path: '/faults',
      handle: async (c) => {
        const body = await readJsonBody(c, { required: true });
        faultIds += 1;
        const rule = parseFaultRule(body, `fault-${faultIds}`);
        faults.add(rule);
        return plainJson(rule, 201);
      },
    },
    {
      method: 'DELETE',
      path: '/faults',
      handle: () => {
        faults.clear();
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'GET',
      path: '/rate_limits',
      handle: () => plainJson(rateLimitsJson(engine.rateLimiter.state())),
    },
    {
      method: 'PATCH',
      path: '/rate_limits',
      handle: async (c) => {
        const body = await readJsonBody(c, { required: true });
        engine.rateLimiter.setState(patchRateLimits(engine.rateLimiter.state(), body));
        return plainJson(rateLimitsJson(engine.rateLimiter.state()));
      },
    },
    ...documentControlRoutes(engine),
    ...more,
  ];

  const app = new Hono<AppEnv>();
  for (const route of routes) app.on(route.method, route.path, route.handle);
  app.all('*', (c) => {
    const path = c.req.path.slice('/_mock'.length);
    const allowed = routes.filter((route) => route.path === path).map((route) => route.method);
    if (allowed.length > 0) throw methodNotAllowed(c.req.method, allowed);
    throw notFound(
      `There is no control endpoint ${c.req.method} ${c.req.path}. The control API has: ${routes
        .map((route) => `${route.method} /_mock${route.path}`)
        .join(', ')}.`,
    );
  });
  return app;
}
