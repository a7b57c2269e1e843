/**
 * The mock's web-standard app: every REST path under `/v2`, and the control
 * API under `/_mock`. Requests to `/v2` pass fault injection, then
 * authentication and rate limiting (`guard`), then their route.
 */
import { Hono } from 'hono';
import type { Engine } from '../engine/engine.js';
import { controlRoutes } from './control.js';
import type { AppEnv } from './env.js';
import { notFound, renderError, toHttpError } from './errors.js';
import { FaultInjector } from './faults.js';
import { guard } from './guard.js';
import { ResponseCache } from './response-cache.js';
import { containerRoutes } from './routes/containers.js';
import { shipmentRoutes } from './routes/shipments.js';
import { shippingLineRoutes } from './routes/shipping-lines.js';
import { trackingRequestRoutes } from './routes/tracking-requests.js';
import { webhookRoutes } from './routes/webhooks.js';

/** The app and its fault injector. */
export interface MockApp {
  readonly app: Hono<AppEnv>;
  readonly faults: FaultInjector;
}

/** Builds the hono app of an engine. */
export function createApp(engine: Engine): MockApp {
  const faults = new FaultInjector();
  const app = new Hono<AppEnv>();
  app.onError((error) => {
    const httpError = toHttpError(error);
    if (httpError.status >= 500 && httpError.cause !== undefined) {
      engine.logger.error('request failed', httpError.cause);
    }
    return renderError(httpError);
  });
  app.notFound((c) =>
    renderError(
      notFound(
        `There is no endpoint ${c.req.method} ${new URL(c.req.url).pathname}. REST paths start with /v2.`,
      ),
    ),
  );
  app.route('/_mock', controlRoutes(engine, faults));

  const v2 = new Hono<AppEnv>();
  v2.use('*', faults.middleware());
  v2.use('*', guard(engine));
  v2.use('*', new ResponseCache(engine).middleware());
  v2.route('/', shipmentRoutes(engine));
  v2.route('/', containerRoutes(engine));
  v2.route('/', trackingRequestRoutes(engine));
  v2.route('/', shippingLineRoutes(engine));
  v2.route('/', webhookRoutes(engine));
  app.route('/v2', v2);
  return { app, faults };
}
