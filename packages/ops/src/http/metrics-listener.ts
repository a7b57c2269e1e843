/**
 * The Prometheus endpoint on a listener of its own (with `/healthz` and
 * `/readyz`), so metrics stay on an interface the server's clients never
 * reach: `--metrics-port` of `shiptrack-mcp-http` and of
 * `shiptrack-mirror serve`. `metricsRoutes` answers the same paths inside
 * a server's own listener instead.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from '../health/readiness.js';
import {
  LIVENESS_PATH,
  livenessResponse,
  READINESS_PATH,
  readinessResponse,
} from '../health/responses.js';
import { prometheusResponse, type Telemetry } from '../telemetry/start.js';

/** A listening metrics endpoint. */
export interface MetricsListener {
  /** Its URL, e.g. `http://127.0.0.1:9464/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Where {@link startMetricsListener} listens, and the metrics path. */
export interface MetricsListenerOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Default `/metrics`. */
  path?: string;
}

/**
 * The answer of `path` (the metrics), `/healthz` or `/readyz` to a GET or
 * HEAD; `undefined` for anything else, for the caller to serve.
 */
export function metricsRoutes(
  path: string,
  telemetry: Telemetry,
  readiness: Readiness,
): (request: Request) => Promise<Response> | undefined {
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const { pathname } = new URL(request.url);
    if (pathname === path) return prometheusResponse(telemetry);
    if (pathname === LIVENESS_PATH) return Promise.resolve(livenessResponse());
    if (pathname === READINESS_PATH) return readinessResponse(readiness);
    return undefined;
  };
}

/** Starts the listener; anything but its three paths is a 404 that names the metrics path. */
export async function startMetricsListener(
  options: MetricsListenerOptions,
  telemetry: Telemetry,
  readiness: Readiness,
): Promise<MetricsListener> {
  const path = options.path ?? '/metrics';
  const routes = metricsRoutes(path, telemetry, readiness);
  const server = createServer((incoming, outgoing) => {
    const request = new Request(`http://localhost${incoming.url ?? '/'}`, {
      method: incoming.method ?? 'GET',
    });
    const answer =
      routes(request) ??
      Promise.resolve(
        new Response(
          JSON.stringify({ error: 'not_found', error_description: `Metrics are at ${path}.` }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        ),
      );
    void answer.then(async (response) => {
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(
        request.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // listen() on a TCP port always yields an AddressInfo object.
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
