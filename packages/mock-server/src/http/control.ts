/**
 * The control API under `/_mock/`: reset, seed, the clock and faults. It
 * needs no API key, so it must never be reachable from a public network;
 * the mock is for tests and local development only.
 */
import { Hono } from 'hono';
import { isDatasetName } from '../engine/datasets.js';
import type { Engine } from '../engine/engine.js';
import { toIso } from '../engine/time.js';
import { readJsonBody } from './body.js';
import { plainJson } from './documents.js';
import type { AppEnv } from './env.js';
import { type FaultInjector, parseFaultRule } from './faults.js';
import { BodyCheck, isObject } from './validation.js';

/** Largest single advance: ten years of simulated time. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

/** The routes of the control API (mounted at `/_mock`). */
export function controlRoutes(engine: Engine, faults: FaultInjector): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const clockState = () => ({
    now: toIso(engine.now()),
    now_ms: engine.now(),
    mode: engine.clock.mode,
    pending_jobs: engine.clock.pendingJobs,
  });
  let faultIds = 0;

  app.post('/reset', async (c) => {
    await readJsonBody(c, { required: false });
    engine.reset();
    faults.clear();
    return plainJson({ dataset: engine.datasetName, ...clockState() });
  });

  app.post('/seed', async (c) => {
    const body = await readJsonBody(c, { required: true });
    const check = new BodyCheck();
    if (!isObject(body) || !isDatasetName(body.dataset)) {
      check.add('/dataset', 'invalid', 'must be "demo" or "empty", e.g. { "dataset": "demo" }.');
    } else {
      check.closed(body, '', ['dataset']);
    }
    check.finish();
    if (isObject(body) && isDatasetName(body.dataset)) engine.seedDataset(body.dataset);
    faults.clear();
    return plainJson({ dataset: engine.datasetName, ...clockState() });
  });

  app.get('/clock', () => plainJson(clockState()));

  app.post('/clock/advance', async (c) => {
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
  });

  app.get('/faults', () => plainJson({ faults: faults.list() }));

  app.post('/faults', async (c) => {
    const body = await readJsonBody(c, { required: true });
    faultIds += 1;
    const rule = parseFaultRule(body, `fault-${faultIds}`);
    faults.add(rule);
    return plainJson(rule, 201);
  });

  app.delete('/faults', () => {
    faults.clear();
    return new Response(null, { status: 204 });
  });
  return app;
}
