/**
 * `startMcpHttpServer`: the handler on a Node HTTP server, with loopback
 * defaults (DNS-rebinding protection: only loopback host names) and a
 * graceful shutdown that lets requests in flight finish.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import {
  type MetricsListener,
  metricsRoutes,
  type Readiness,
  startMetricsListener,
  TELEMETRY_OFF,
  type Telemetry,
} from '@shiptrack/ops';
import { ConfigurationError, type Logger } from '@shiptrack/sdk';
import { closeServer, createNodeFetch, listenServer, type NodeFetch } from '@shiptrack/sdk/node';
import { createHandlerCore, type HandlerCore, type McpHttpHandler } from '../handler.js';
import type { McpHttpHandlerOptions } from '../handler-options.js';
import { LOOPBACK_HOSTNAMES } from '../http/request-guard.js';
import { jsonResponse } from '../http/responses.js';
import { consoleErrorReporter } from '../logging/request-log.js';
import { positive } from '../options.js';
import { answerClientErrors } from './client-errors.js';
import { type PostLane, postLane } from './post-lane.js';
import { type RedisCheck, redisCheck } from './redis-check.js';
import { connectSharedRateLimits, type SharedRateLimits } from './shared-rate-limits.js';
import { sharedRequestStateKey } from './shared-request-state-key.js';

/** Options of {@link startMcpHttpServer}: the handler's, plus where to listen. */
export interface StartMcpHttpServerOptions extends McpHttpHandlerOptions {
  /** Port (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface (default 127.0.0.1). On loopback, only loopback host names and origins are allowed unless configured. */
  host?: string;
  /** How long `close()` waits for requests in flight before cutting them, in ms (default 10 000). */
  shutdownTimeoutMs?: number;
  /**
   * How long `drain()` answers `/readyz` with 503 before it stops taking
   * connections, in ms (default 0): time for a load balancer to notice.
   */
  drainDelayMs?: number;
  /**
   * The OpenTelemetry of the process (`startTelemetry` of `@shiptrack/ops`),
   * whose metrics `metricsPort` or `metricsPath` serve. Default: off.
   */
  telemetry?: Telemetry;
  /**
   * Serve the Prometheus metrics on a listener of its own at this port
   * (0 picks a free one), at `metricsPath` (default `/metrics`), with
   * `/healthz` and `/readyz`. Default: no such listener.
   */
  metricsPort?: number;
  /** The interface of the metrics listener (default 127.0.0.1). */
  metricsHost?: string;
  /**
   * The path of the metrics: on the metrics listener with `metricsPort`,
   * else on the MCP listener itself (where every client of the MCP
   * endpoint can read them: use it behind a proxy that hides it).
   */
  metricsPath?: string;
  /**
   * How long a client may take to send a whole request, headers and body,
   * in ms (default 30 000). Past it the connection gets 408 and is closed,
   * so a body trickled byte by byte cannot hold it open (Node's own limit
   * is 300 s). Answers, SSE streams included, are not limited by it.
   */
  requestTimeoutMs?: number;
  /**
   * Redis URL (`redis://[:password@]host:port/db`, or `rediss://` for TLS)
   * of the stores that N instances share (`@shiptrack/redis`): rate limits,
   * so that together they keep each API key within its limits; tasks, so
   * that each answers for every `track_container` task; SSE events (unless
   * `eventStore` is given), so a broken answer resumes on any instance; and
   * live container updates (changes announced on a channel per account, one
   * poller per container across instances); and, unless `requestStateKey`
   * or `usedRequestStateStore` is given, the key that signs input-required
   * `requestState` and the ids of the states already taken; and, unless
   * `logLevelStore` is given, each caller's log level. The
   * connections close with the server. Not with `rateLimitStore` or
   * `taskStore`.
   */
  redisUrl?: string;
  /**
   * Where the shared stores' outage warnings go (`Redis is unavailable ...`,
   * and when it answers again), in the SDK's `Logger` shape. Default: lines
   * on stderr.
   */
  logger?: Logger;
}

/** A listening MCP HTTP server. */
export interface RunningMcpHttpServer {
  /** The MCP endpoint clients connect to (the public URL when one was given). */
  readonly url: string;
  /** Where the server listens, e.g. `http://127.0.0.1:3000`. */
  readonly origin: string;
  readonly handler: McpHttpHandler;
  /** Where the metrics are served (`metricsPort` or `metricsPath`), if they are. */
  readonly metricsUrl: string | undefined;
  /**
   * Answers `/readyz` with 503 (`draining`) for `drainDelayMs`, then
   * {@link close}s: what SIGTERM does.
   */
  drain(): Promise<void>;
  /**
   * Stops accepting connections, answers `/health` with 503 and `/readyz`
   * with `draining` meanwhile, waits for requests in flight (up to
   * `shutdownTimeoutMs`), then closes the rest.
   */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The request target made absolute with the address the connection came in
 * on. The adapter would otherwise build the URL from `Host` and answer an
 * empty 400 to every Host that URL parsing rewrites (`127.1`,
 * `LOCALHOST:3000`, `localhost@evil.example`); the handler checks `Host`
 * itself and refuses with a 403 that says why. Absolute targets (and `*`)
 * are left as sent.
 */
function absoluteTarget(incoming: IncomingMessage): string | undefined {
  const target = incoming.url;
  if (target === undefined || !target.startsWith('/')) return target;
  const { localAddress = '127.0.0.1', localPort } = incoming.socket;
  return `http://${urlHost(localAddress)}:${localPort}${target}`;
}

/** Whether `host` is a loopback interface. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The handler options with the defaults that depend on where the server listens. */
function handlerOptions(options: StartMcpHttpServerOptions, origin: string): McpHttpHandlerOptions {
  const {
    port: _port,
    host = '127.0.0.1',
    shutdownTimeoutMs: _timeout,
    requestTimeoutMs: _requestTimeout,
    redisUrl: _redisUrl,
    logger: _logger,
    drainDelayMs: _drainDelay,
    telemetry: _telemetry,
    metricsPort: _metricsPort,
    metricsHost: _metricsHost,
    metricsPath: _metricsPath,
    ...rest
  } = options;
  const publicUrl = rest.publicUrl ?? `${origin}${rest.path ?? '/mcp'}`;
  if (!isLoopback(host)) return { ...rest, publicUrl: rest.publicUrl };
  const publicHost = new URL(publicUrl).hostname;
  return {
    ...rest,
    publicUrl,
    allowedHosts: rest.allowedHosts ?? [...new Set([...LOOPBACK_HOSTNAMES, publicHost])],
    allowedOrigins: [...LOOPBACK_HOSTNAMES, ...(rest.allowedOrigins ?? [])],
  };
}

/** The default of `requestTimeoutMs`: time enough for a 1 MiB body over a slow link. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Node checks request time limits on an interval (30 s by default): at most this often here. */
const MAX_TIMEOUT_CHECK_MS = 1_000;

/** Starts the server and resolves once it listens. */
export async function startMcpHttpServer(
  options: StartMcpHttpServerOptions = {},
): Promise<RunningMcpHttpServer> {
  const { port = 3000, host = '127.0.0.1', shutdownTimeoutMs = 10_000 } = options;
  const drainDelayMs = options.drainDelayMs ?? 0;
  if (!Number.isFinite(drainDelayMs) || drainDelayMs < 0) {
    throw new ConfigurationError(
      `\`drainDelayMs\` must be 0 or more, got ${String(drainDelayMs)}.`,
    );
  }
  const telemetry = options.telemetry ?? TELEMETRY_OFF;
  const metricsPath = options.metricsPath ?? '/metrics';
  if (!metricsPath.startsWith('/')) {
    throw new ConfigurationError(`\`metricsPath\` must start with "/", got "${metricsPath}".`);
  }
  if (
    (options.metricsPort !== undefined || options.metricsPath !== undefined) &&
    !telemetry.metrics
  ) {
    throw new ConfigurationError(
      'Serving metrics (`metricsPort`, `metricsPath`) needs `telemetry` started with metrics on (startTelemetry({ metrics: true }) of @shiptrack/ops).',
    );
  }
  const requestTimeout = Math.ceil(
    positive('requestTimeoutMs', options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS),
  );
  if (options.localApiKey !== undefined && !isLoopback(host)) {
    throw new ConfigurationError(
      `Authentication off (localApiKey, --no-auth) would let anyone who reaches ${host} act with your API key: use it on a loopback interface only (--host 127.0.0.1).`,
    );
  }
  if (options.redisUrl !== undefined && options.rateLimitStore !== undefined) {
    throw new ConfigurationError(
      'Pass `redisUrl` (--redis-url) or `rateLimitStore`, not both: each names the store of the rate limits.',
    );
  }
  if (options.redisUrl !== undefined && options.taskStore !== undefined) {
    throw new ConfigurationError(
      'Pass `redisUrl` (--redis-url) or `taskStore`, not both: each names the store of the tasks.',
    );
  }
  let handler: McpHttpHandler | undefined;
  let stopping = false;
  // Metrics on the MCP listener only when asked for without a port of their own.
  let metricsOnMain: ((request: Request) => Promise<Response> | undefined) | undefined;
  /** The answers of the POST lane that Hono's listener writes (`post-lane.ts`). */
  const handedOver = new WeakMap<object, Promise<Response>>();
  const listener = getRequestListener(
    (request, { incoming }) => {
      const answer = handedOver.get(incoming);
      if (answer) return answer;
      if (stopping && new URL(request.url).pathname === '/health') {
        return jsonResponse(503, { status: 'stopping' }, { 'retry-after': '1' });
      }
      if (!handler) return jsonResponse(503, { status: 'starting' }, { 'retry-after': '1' });
      return metricsOnMain?.(request) ?? handler.fetch(request);
    },
    { hostname: host },
  );
  let lane: PostLane | undefined;
  // A missing Host reaches the handler too, which refuses it with a body instead of Node's empty 400.
  const server = createServer(
    {
      requireHostHeader: false,
      requestTimeout,
      connectionsCheckingInterval: Math.min(MAX_TIMEOUT_CHECK_MS, requestTimeout),
    },
    (incoming, outgoing) => {
      // The lane, once the handler exists, takes POSTs to the MCP path; Hono's listener the rest.
      const serve = lane?.takes(incoming.method, incoming.url) ? lane.serve : listener;
      incoming.url = absoluteTarget(incoming);
      void serve(incoming, outgoing);
    },
  );
  server.on('clientError', answerClientErrors(options.onError ?? consoleErrorReporter));
  const address = await listenServer(server, port, host);
  const origin = `http://${urlHost(host === '0.0.0.0' || host === '::' ? 'localhost' : host)}:${address.port}`;
  let created: HandlerCore;
  let shared: SharedRateLimits | undefined;
  let redis: RedisCheck | undefined;
  let metricsListener: MetricsListener | undefined;
  // REST and the authorization server over undici's keep-alive pool, unless a `fetch` was given.
  const sender: NodeFetch | undefined = options.fetch ? undefined : createNodeFetch();
  try {
    shared =
      options.redisUrl === undefined
        ? undefined
        : await connectSharedRateLimits(options.redisUrl, options.logger);
    const requestStateKey =
      options.requestStateKey ??
      (options.redisUrl === undefined ? undefined : await sharedRequestStateKey(options.redisUrl));
    created = createHandlerCore({
      ...handlerOptions(options, origin),
      ...(sender ? { fetch: sender } : {}),
      ...(requestStateKey === undefined ? {} : { requestStateKey }),
      ...(shared
        ? {
            rateLimitStore: shared.store,
            taskStore: shared.taskStore,
            subscriptions: {
              ...options.subscriptions,
              fanout: shared.fanout,
              counter: shared.counter,
              polling: { ...options.subscriptions?.polling, coordinator: shared.coordinator },
            },
          }
        : {}),
      ...(shared && !options.eventStore ? { eventStore: shared.eventStore } : {}),
      ...(shared && !options.usedRequestStateStore
        ? { usedRequestStateStore: shared.usedRequestStates }
        : {}),
      ...(shared && !options.logLevelStore ? { logLevelStore: shared.logLevels } : {}),
    });
    if (options.redisUrl !== undefined) {
      redis = await redisCheck(options.redisUrl);
      created.handler.readiness.add(redis.check);
    }
    if (options.metricsPort !== undefined) {
      metricsListener = await startMetricsListener(
        { port: options.metricsPort, host: options.metricsHost ?? '127.0.0.1', path: metricsPath },
        telemetry,
        created.handler.readiness,
      );
    } else if (options.metricsPath !== undefined) {
      metricsOnMain = metricsRoutes(metricsPath, telemetry, created.handler.readiness);
    }
  } catch (error) {
    server.close();
    sender?.destroy();
    redis?.close();
    await shared?.close();
    throw error;
  }
  handler = created.handler;
  lane = postLane(created, (incoming, outgoing, answer) => {
    handedOver.set(incoming, answer);
    void listener(incoming, outgoing);
  });
  const url = options.publicUrl ?? `${origin}${options.path ?? '/mcp'}`;

  const readiness: Readiness = created.handler.readiness;
  let closing: Promise<void> | undefined;
  let markCloseCalled: () => void = () => {};
  const closeCalled = new Promise<void>((resolve) => {
    markCloseCalled = resolve;
  });
  const close = () => {
    markCloseCalled();
    closing ??= (async () => {
      readiness.drain();
      stopping = true;
      await closeServer(server, shutdownTimeoutMs);
      await created.handler.close();
      sender?.destroy();
      redis?.close();
      await metricsListener?.close();
      await shared?.close();
    })();
    return closing;
  };
  let draining: Promise<void> | undefined;
  const drain = () => {
    draining ??= (async () => {
      readiness.drain();
      // The delay ends early when close() is called meanwhile (a second signal, a test).
      let timer: ReturnType<typeof setTimeout> | undefined;
      if (drainDelayMs > 0 && closing === undefined) {
        await Promise.race([
          new Promise((resolve) => {
            timer = setTimeout(resolve, drainDelayMs);
          }),
          closeCalled,
        ]);
      }
      clearTimeout(timer);
      await close();
    })();
    return draining;
  };
  const metricsUrl =
    metricsListener?.url ?? (metricsOnMain ? `${origin}${metricsPath}` : undefined);
  return { url, origin, handler: created.handler, metricsUrl, drain, close };
}
