/**
 * `createMcpHttpHandler`: the hosted MCP endpoint as a web-standard
 * `Request -> Response` function, for serverless and edge hosts; the Node
 * server and the CLI are adapters over it.
 */

import { context } from '@opentelemetry/api';
import { SubscriptionHub } from '@shiptrack/mcp';
import {
  LIVENESS_PATH,
  livenessResponse,
  READINESS_PATH,
  Readiness,
  readinessResponse,
} from '@shiptrack/ops';
import {
  AuthenticationError,
  type BucketLimit,
  classifyError,
  createClient,
  MemoryRateLimitStore,
  PermissionDeniedError,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { rateLimitBuckets } from '@shiptrack/sdk/spec';
import { openTelemetry } from '@shiptrack/sdk/telemetry';
import { Authenticator, type OAuthAuthentication } from './auth/authenticate.js';
import { AuthorizationServerDirectory } from './auth/authorization-server.js';
import {
  isProtectedResourcePath,
  type ProtectedResource,
  protectedResource,
  protectedResourceResponse,
} from './auth/protected-resource.js';
import { AccessTokenVerifier } from './auth/token-verifier.js';
import { ClientCache, fingerprintOf } from './clients/client-cache.js';
import { withKeyRefusals } from './clients/key-refusals.js';
import { type KeyVerdict, KeyVerdicts } from './clients/key-verdicts.js';
import type { McpHttpHandlerOptions } from './handler-options.js';
import { jwksCheck, upstreamCheck } from './health/checks.js';
import { type BodyReader, readBodyWithin } from './http/body.js';
import { DOCUMENT_METHODS, documentPreflightResponse, PUBLIC_CORS_HEADERS } from './http/cors.js';
import { type Answer, PreparedAnswer, responseOf } from './http/prepared-answer.js';
import { type RequestHead, type ServedRequest, servedRequestOf } from './http/request-head.js';
import { jsonResponse, methodNotAllowed, withHeaders } from './http/responses.js';
import { onResponseEnd, type RequestLogEntry } from './logging/request-log.js';
import { McpEndpoint } from './mcp/endpoint.js';
import { type ResolvedOptions, resolveOptions } from './options.js';
import { observeSizes, RequestTelemetry } from './telemetry/request-telemetry.js';

/** The hosted MCP endpoint: `fetch` serves a request, `close` ends in-flight work. */
export interface McpHttpHandler {
  /** Serves one request: the MCP path, `/health`, `/healthz`, `/readyz` and the OAuth metadata. */
  fetch(request: Request): Promise<Response>;
  /**
   * What `/readyz` checks (the REST service, and the JWKS with OAuth; a
   * host adds its own, such as Redis), and its draining state.
   */
  readonly readiness: Readiness;
  /** Aborts in-flight modern exchanges and drops the cached clients. */
  close(): Promise<void>;
}

/**
 * The handler with its internal entry, for the Node server (not exported
 * by the package): `serve` answers a request whose body comes from a
 * reader of the caller's choosing, and may answer with a
 * {@link PreparedAnswer}; `handler.fetch` is `serve` with the request's own
 * body, its answer made a `Response`.
 */
export interface HandlerCore {
  readonly handler: McpHttpHandler;
  /** Serves one request; a POST to the MCP path reads its body with `readBody`. */
  serve(request: ServedRequest, readBody: BodyReader): Promise<Answer>;
  /** The MCP path. */
  readonly path: string;
  /** The body limit of the MCP path, in bytes. */
  readonly maxBodyBytes: number;
}

/** Time limit of a request to the authorization server (metadata, JWKS). */
const AUTH_SERVER_TIMEOUT_MS = 5_000;
/** How long an accepted API key is trusted before it is checked again. */
const ACCEPTED_KEY_TTL_MS = 10 * 60_000;
/** How long a rejected API key is refused without asking the service again. */
const REJECTED_KEY_TTL_MS = 60_000;

/** A request id: the client's own when it is short and plain, else a new UUID. */
function requestIdOf(request: RequestHead): string {
  const given = request.headers.get('x-request-id');
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}

/** The account's `default` bucket when `rateLimits` overrides it (the poll budget is a share of it). */
function defaultBucketOf(limits: ResolvedOptions['rateLimits']): BucketLimit | undefined {
  const given = limits?.default;
  if (given === undefined) return undefined;
  const spec = rateLimitBuckets.default;
  return typeof given === 'number'
    ? { ...spec, limit: given }
    : { limit: given.limit ?? spec.limit, windowMs: given.windowMs ?? spec.windowMs };
}

/** Longest wait for the key check's one request, in ms (the REST time limit when shorter). */
const KEY_CHECK_TIMEOUT_MS = 5_000;

/**
 * Checks a key with the cheapest authenticated read there is. A 401 is
 * `rejected` and a 403 `accepted` (the key was recognised); no answer, or
 * the service failing, is `unavailable` (the key is not let in); a 429
 * tells nothing of the key (`unknown`: let in, its calls meet the limit).
 */
async function checkKey(client: ShiptrackClient, timeoutMs: number): Promise<KeyVerdict> {
  try {
    await client.containers.list({ pageSize: 1, format: 'raw', maxRetries: 0, timeoutMs });
    return 'accepted';
  } catch (error) {
    if (error instanceof AuthenticationError) return 'rejected';
    if (error instanceof PermissionDeniedError) return 'accepted';
    const { category } = classifyError(error);
    return category === 'unreachable' ||
      category === 'service_error' ||
      category === 'upstream_error'
      ? 'unavailable'
      : 'unknown';
  }
}

function authorizationServer(config: ResolvedOptions): AuthorizationServerDirectory | undefined {
  const { oauth, publicUrl } = config;
  if (!oauth || !publicUrl) return undefined;
  return new AuthorizationServerDirectory({
    issuer: oauth.issuer,
    jwksUri: oauth.jwksUri,
    fetch: config.fetch,
    timeoutMs: AUTH_SERVER_TIMEOUT_MS,
    retryPauseMs: 2_000,
  });
}

function oauthAuthentication(
  config: ResolvedOptions,
  resource: ProtectedResource,
  directory: AuthorizationServerDirectory | undefined,
): OAuthAuthentication | undefined {
  const { oauth, publicUrl } = config;
  if (!oauth || !publicUrl || !directory) return undefined;
  return {
    verifier: new AccessTokenVerifier({
      issuer: oauth.issuer,
      audience: publicUrl.href,
      directory,
      algorithms: oauth.algorithms,
      clockToleranceSeconds: oauth.clockToleranceSeconds,
      fetch: config.fetch,
      timeoutMs: AUTH_SERVER_TIMEOUT_MS,
    }),
    resolveCredentials: oauth.resolveCredentials,
    requiredScopes: oauth.scopes,
    metadataUrl: resource.metadataUrl,
  };
}

/**
 * Creates the handler. Stateless: no request depends on an earlier one
 * (the default factory's servers are reused, but only for answers that
 * depend on the request alone), so any instance behind a load balancer can
 * answer any request; only the rate-limit store needs sharing between
 * instances.
 */
export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  return createHandlerCore(options).handler;
}

/** Creates the handler and its internal entry ({@link HandlerCore}). */
export function createHandlerCore(options: McpHttpHandlerOptions): HandlerCore {
  const config = resolveOptions(options);
  const store = config.rateLimitStore ?? new MemoryRateLimitStore();
  let verdicts: KeyVerdicts | undefined;
  const clients = new ClientCache({
    maxClients: config.maxClients,
    create: (apiKey) =>
      createClient({
        apiKey,
        baseUrl: config.baseUrl,
        timeoutMs: config.restTimeoutMs,
        maxRetryAfterMs: config.maxRateLimitWaitMs,
        // Spans and metrics of every REST call when an OpenTelemetry SDK is registered; no-ops else.
        // A 401 on any call means the key stopped working: refuse it at the door from now on.
        telemetry: withKeyRefusals(openTelemetry, () => verdicts?.markRejected(apiKey)),
        rateLimit: {
          store,
          maxWaitMs: config.maxRateLimitWaitMs,
          ...(config.rateLimits ? { limits: config.rateLimits } : {}),
        },
        fetch: config.fetch,
      }),
  });
  if (config.verifyApiKeys) {
    verdicts = new KeyVerdicts({
      check: async (apiKey) =>
        checkKey(
          (await clients.get(apiKey)).client,
          Math.min(config.restTimeoutMs, KEY_CHECK_TIMEOUT_MS),
        ),
      acceptedTtlMs: ACCEPTED_KEY_TTL_MS,
      rejectedTtlMs: REJECTED_KEY_TTL_MS,
      maxEntries: config.maxClients * 4,
    });
  }
  const resource =
    config.oauth && config.publicUrl
      ? protectedResource({
          publicUrl: config.publicUrl,
          localPath: config.path,
          issuer: config.oauth.issuer,
          scopes: config.oauth.scopes,
          resourceName: config.oauth.resourceName,
          documentationUrl: config.oauth.documentationUrl,
        })
      : undefined;
  const { log } = config;
  const directory = authorizationServer(config);
  const readiness = new Readiness({ onChange: config.onReadinessChange });
  // The base URL as every client resolves it (option, SVC_API_BASE_URL, default); the key is never sent.
  const { baseUrl } = createClient({ apiKey: 'readiness', baseUrl: config.baseUrl });
  readiness.add(upstreamCheck(baseUrl, config.fetch));
  if (directory) readiness.add(jwksCheck(directory, config.fetch));
  // Polls count against their own share of each account's limit, in the same store as the calls;
  // the mirror's account hears its changes from the mirror's feed instead.
  const subscriptions = new SubscriptionHub({
    ...config.subscriptions,
    mirror: config.mirror?.mirror,
    polling: {
      store,
      defaultLimit: defaultBucketOf(config.rateLimits),
      ...config.subscriptions.polling,
    },
    onError: config.onError,
  });
  const endpoint = new McpEndpoint({
    subscriptions,
    ...(config.mirror ? { mirrorAccount: fingerprintOf(config.mirror.apiKey) } : {}),
    createServer: config.createServer,
    reuseServers: config.reuseServers,
    logLevels: config.logLevels,
    ...(config.directTools ? { directTools: config.directTools } : {}),
    onError: config.onError,
    authenticator: new Authenticator({
      oauth: resource && oauthAuthentication(config, resource, directory),
      verdicts,
      localApiKey: config.localApiKey,
    }),
    clients,
    allowedHosts: config.allowedHosts,
    originRules: config.originRules,
    maxBodyBytes: config.maxBodyBytes,
    eventStore: config.eventStore,
    sseRetryMs: config.sseRetryMs,
  });
  const telemetry = new RequestTelemetry([config.path, '/health', LIVENESS_PATH, READINESS_PATH]);
  const stopObserving = observeSizes({
    clients: () => clients.size,
    pooledServers: () => endpoint.pooledServers,
    keyVerdicts: () => verdicts?.size ?? 0,
    dependencies: () => readiness.lastOutcomes,
  });

  const route = (
    request: ServedRequest,
    path: string,
    entry: RequestLogEntry,
    readBody: BodyReader,
  ): Promise<Answer> | Answer => {
    if (path === config.path) return endpoint.serve(request, entry, readBody);
    if (path === '/health') {
      if (request.method === 'OPTIONS') return documentPreflightResponse(request.whole());
      if (!DOCUMENT_METHODS.includes(request.method)) {
        return methodNotAllowed([...DOCUMENT_METHODS, 'OPTIONS']);
      }
      return jsonResponse(200, { status: 'ok' }, PUBLIC_CORS_HEADERS);
    }
    if (path === LIVENESS_PATH) return livenessResponse();
    if (path === READINESS_PATH) return readinessResponse(readiness);
    if (resource?.paths.has(path)) return protectedResourceResponse(request.whole(), resource);
    const body = isProtectedResourcePath(path)
      ? {
          error: 'not_found',
          error_description:
            'This server does not use OAuth: send "Authorization: Token <API key>".',
        }
      : {
          error: 'not_found',
          error_description: `Nothing here. The MCP endpoint is ${config.path}.`,
        };
    return jsonResponse(404, body);
  };

  const serve = async (request: ServedRequest, readBody: BodyReader): Promise<Answer> => {
    const started = performance.now();
    const url = new URL(request.url);
    const path = url.pathname;
    const observed = telemetry.start(request, url);
    const entry: RequestLogEntry = {
      time: new Date().toISOString(),
      requestId: requestIdOf(request),
      method: request.method,
      path,
      status: 0,
      durationMs: 0,
      auth: 'none',
    };
    let answer: Answer;
    try {
      const routed = () => route(request, path, entry, readBody);
      answer = await (observed ? context.with(observed.context, routed) : routed());
    } catch (error) {
      config.onError(error, `${request.method} ${path}`);
      entry.note = error instanceof Error ? error.name : 'error';
      answer = jsonResponse(500, {
        error: 'server_error',
        error_description: 'An unexpected error; retry, and report the request id if it persists.',
      });
    }
    const identified = withHeaders(answer, { 'x-request-id': entry.requestId });
    if (observed?.span.isRecording()) entry.traceId = observed.span.spanContext().traceId;
    const finish = (status: number) => {
      entry.status = status;
      const elapsed = performance.now() - started;
      entry.durationMs = Math.round(elapsed * 10) / 10;
      if (observed) telemetry.finish(observed, entry, elapsed / 1000);
      if (log !== false) log(entry);
    };
    // A prepared answer is never a stream: logged now, as `onResponseEnd` logs a JSON `Response`.
    if (identified instanceof PreparedAnswer) {
      finish(identified.status);
      return identified;
    }
    return onResponseEnd(identified, request.signal, finish);
  };

  return {
    handler: {
      fetch: async (request) =>
        responseOf(
          await serve(servedRequestOf(request), () => readBodyWithin(request, config.maxBodyBytes)),
        ),
      readiness,
      close: async () => {
        stopObserving();
        await endpoint.close();
        subscriptions.close();
        clients.clear();
        verdicts?.clear();
      },
    },
    serve,
    path: config.path,
    maxBodyBytes: config.maxBodyBytes,
  };
}
