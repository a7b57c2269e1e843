/**
 * The mock's web-standard app: every REST path under `/v2`, and the control
 * API under `/_mock`. Every request first passes the envelope (canonical
 * path, request id, `HEAD`); requests to `/v2` then pass fault injection,
 * authentication and rate limiting (`guard`), then their route. With a test
 * double, each `/v2` request is journaled first, and the account's stubs
 * come after the guard, before the read cache and the routes.
 */
import { Hono } from 'hono';
import type { Engine } from '../engine/engine.js';
import type { TestDouble } from '../test-double.js';
import { controlRoutes } from './control.js';
import type { AppEnv } from './env.js';
import { envelope, routePath } from './envelope.js';
import { notFound, renderError, toHttpError } from './errors.js';
import { FaultInjector } from './faults.js';
import { guard } from './guard.js';
import { ResponseCache } from './response-cache.js';
import { containerRoutes } from './routes/containers.js';
import { customFieldDefinitionRoutes } from './routes/custom-field-definitions.js';
import { customFieldRoutes } from './routes/custom-fields.js';
import { documentRoutes } from './routes/documents.js';
import { emailSubmissionRoutes } from './routes/email-submissions.js';
import { partyRoutes } from './routes/parties.js';
import { referenceRoutes } from './routes/reference.js';
import { searchRoutes } from './routes/search.js';
import { shipmentRoutes } from './routes/shipments.js';
import { shippingLineRoutes } from './routes/shipping-lines.js';
import { trackingRequestRoutes } from './routes/tracking-requests.js';
import { vesselPositionRoutes } from './routes/vessel-positions.js';
import { webhookRoutes } from './routes/webhooks.js';

/** The app and its fault injector. */
export interface MockApp {
  readonly app: Hono<AppEnv>;
  readonly faults: FaultInjector;
}

/**
 * True when a request failed because its client went away (closed the
 * connection while its body was being read): nothing is wrong with the mock.
 */
function clientWentAway(request: Request, error: unknown): boolean {
  if (request.signal.aborted) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && error.message === 'aborted' && code === 'ECONNRESET';
}

/** Options of {@link createApp}. */
export interface AppOptions {
  /**
   * The request journal and stubs to serve (`createMockServer` makes one);
   * without it the app has neither (the embedded mock of the bins).
   */
  double?: TestDouble;
}

/** Builds the hono app of an engine. */
export function createApp(engine: Engine, options: AppOptions = {}): MockApp {
  const { double } = options;
  const faults = new FaultInjector();
  const app = new Hono<AppEnv>({ getPath: routePath });
  app.use('*', envelope());
  app.onError((error, c) => {
    const what = `request ${c.get('requestId')} (${c.req.method} ${c.req.path})`;
    if (clientWentAway(c.req.raw, error)) {
      engine.logger.debug?.(`${what}: the client closed the connection before the answer.`);
      // Nobody reads this answer; 499 is the usual note of a request its client abandoned.
      return new Response(null, { status: 499 });
    }
    const httpError = toHttpError(error);
    if (httpError.status >= 500 && httpError.cause !== undefined) {
      engine.logger.error(`${what} failed`, httpError.cause);
    }
    return renderError(httpError);
  });
  app.notFound((c) =>
    renderError(
      notFound(`There is no endpoint ${c.req.method} ${c.req.path}. REST paths start with /v2.`),
    ),
  );
  app.route('/_mock', controlRoutes(engine, faults, double?.controlRoutes ?? []));

  const v2 = new Hono<AppEnv>();
  if (double !== undefined) v2.use('*', double.journalMiddleware);
  v2.use('*', faults.middleware());
  v2.use('*', guard(engine));
  if (double !== undefined) v2.use('*', double.stubsMiddleware);
  v2.use('*', new ResponseCache(engine).middleware());
  v2.route('/', shipmentRoutes(engine));
  v2.route('/', containerRoutes(engine));
  v2.route('/', trackingRequestRoutes(engine));
  v2.route('/', shippingLineRoutes(engine));
  v2.route('/', webhookRoutes(engine));
  v2.route('/', referenceRoutes(engine));
  v2.route('/', searchRoutes(engine));
  v2.route('/', documentRoutes(engine));
  v2.route('/', emailSubmissionRoutes(engine));
  v2.route('/', customFieldDefinitionRoutes(engine));
  v2.route('/', customFieldRoutes(engine));
  v2.route('/', partyRoutes(engine));
  v2.route('/', vesselPositionRoutes(engine));
  app.route('/v2', v2);
  return { app, faults };
}
