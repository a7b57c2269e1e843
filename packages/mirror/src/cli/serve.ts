import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenServer } from '@shiptrack/sdk/node';
import { toNodeHandler } from '@shiptrack/sdk/webhooks';
import type { DeliveryReport } from '../ingest/webhook-handler.js';
import type { Mirror } from '../mirror.js';
import type { ServeTelemetry } from '../telemetry/serve-telemetry.js';

/** Where a running receiver listens, and how to stop it. */
export interface RunningReceiver {
  readonly url: string;
  /**
   * Stops taking connections, lets deliveries in flight finish (up to
   * `shutdownTimeoutMs`, then closes every connection), then resolves.
   */
  close(): Promise<void>;
}

/** Options of {@link serveMirror}. */
export interface ServeOptions {
  readonly secret: string;
  readonly host: string;
  readonly port: number;
  readonly path: string;
  /** One line per delivery and per lifecycle event (JSON). */
  readonly log: (line: Record<string, unknown>) => void;
  /**
   * How long a client may take to send a whole request, headers and body,
   * in ms (default 30 000): past it Node answers 408 and closes the
   * connection, so a body trickled byte by byte cannot hold it open (Node's
   * own limit is 300 s).
   */
  readonly requestTimeoutMs?: number;
  /**
   * How long `close()` lets deliveries in flight finish before it closes
   * every connection, in ms (default 10 000): a client holding a request
   * half sent cannot keep the receiver from stopping.
   */
  readonly shutdownTimeoutMs?: number;
  /** A span per delivery, and the delivery metrics (`serveTelemetry`). */
  readonly telemetry?: ServeTelemetry;
  /**
   * Answers for other paths (`/healthz`, `/readyz`, the metrics), or
   * `undefined` to leave a request to the receiver.
   */
  readonly routes?: (request: Request) => Promise<Response> | undefined;
}

/** The default of `requestTimeoutMs`: a delivery is small, 30 s is ample over any link. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Node checks request time limits on an interval (30 s by default): at most this often here. */
const MAX_TIMEOUT_CHECK_MS = 1_000;
/** The default of `shutdownTimeoutMs`, as `shiptrack-mcp-http`'s. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** The log line of a delivery: ids, outcome, counts and timing; never a secret, signature or body. */
function deliveryLine(report: DeliveryReport): Record<string, unknown> {
  return {
    time: new Date().toISOString(),
    msg: 'delivery',
    status: report.status,
    outcome: report.outcome,
    notification: report.notificationId,
    event: report.event,
    records: report.records,
    changed: report.changed,
    ms: report.durationMs,
    ...(report.error === null ? {} : { error: report.error }),
  };
}

/** Sends a web `Response` on a Node response (the body left out for HEAD). */
async function send(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(head ? undefined : Buffer.from(await response.arrayBuffer()));
}

function json(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The receiver process's HTTP server: `POST <path>` deliveries into the
 * mirror, `GET /health` (200 while the database answers, 503 when it does
 * not), what `routes` answers (`/healthz`, `/readyz`, metrics), 404 elsewhere.
 */
export async function serveMirror(mirror: Mirror, options: ServeOptions): Promise<RunningReceiver> {
  const deliveries = toNodeHandler(
    mirror.webhookHandler({
      secret: options.secret,
      onDelivery: (report) => {
        options.telemetry?.delivered(report);
        options.log(deliveryLine(report));
      },
    }),
  );
  const health = async (res: ServerResponse) => {
    try {
      const freshness = await mirror.freshness();
      json(res, 200, { status: 'ok', database: mirror.databaseKind, ...freshness });
    } catch {
      json(res, 503, { status: 'unavailable', database: mirror.databaseKind });
    }
  };
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const timeouts = {
    requestTimeout,
    connectionsCheckingInterval: Math.min(MAX_TIMEOUT_CHECK_MS, requestTimeout),
  };
  const server = createServer(timeouts, (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://receiver').pathname;
    if (path === options.path) {
      const { telemetry } = options;
      if (telemetry === undefined) return deliveries(req, res);
      return telemetry.traceDelivery(req, res, () => deliveries(req, res));
    }
    const routed = options.routes?.(
      new Request(`http://receiver${req.url ?? '/'}`, { method: req.method ?? 'GET' }),
    );
    if (routed !== undefined)
      return void routed.then((response) => send(res, response, req.method === 'HEAD'));
    if (path === '/health' && (req.method === 'GET' || req.method === 'HEAD'))
      return void health(res);
    json(res, 404, {
      error: 'not_found',
      deliveries: `POST ${options.path}`,
      health: 'GET /health',
    });
  });
  const { port } = await listenServer(server, options.port, options.host);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  return {
    url: `http://${host}:${port}${options.path}`,
    close: () => closeServer(server, shutdownTimeoutMs),
  };
}
