/**
 * `metricsPort`: the Prometheus endpoint on a listener of its own (with
 * `/healthz` and `/readyz`), so it can stay on an interface the MCP clients
 * never reach.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import {
  LIVENESS_PATH,
  livenessResponse,
  prometheusResponse,
  READINESS_PATH,
  type Readiness,
  readinessResponse,
  type Telemetry,
} from '@shiptrack/ops';

/** A listening metrics endpoint. */
export interface MetricsListener {
  /** Its URL, e.g. `http://127.0.0.1:9464/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Answers the metrics path and the health paths; everything else is 404. */
export function metricsRoutes(
  path: string,
  telemetry: Telemetry,
  readiness: Readiness,
): (request: Request) => Promise<Response> | undefined {
  return (request) => {
    const { pathname } = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    if (pathname === path) return prometheusResponse(telemetry);
    if (pathname === LIVENESS_PATH) return Promise.resolve(livenessResponse());
    if (pathname === READINESS_PATH) return readinessResponse(readiness);
    return undefined;
  };
}

/** Starts the metrics listener on `host`:`port` (0 picks a free port). */
export async function startMetricsListener(
  options: { port: number; host: string; path: string },
  telemetry: Telemetry,
  readiness: Readiness,
): Promise<MetricsListener> {
  const routes = metricsRoutes(options.path, telemetry, readiness);
  const listener = getRequestListener(
    (request) =>
      routes(request) ??
      new Response(
        JSON.stringify({
          error: 'not_found',
          error_description: `Metrics are at ${options.path}.`,
        }),
        {
          status: 404,
          headers: { 'content-type': 'application/json' },
        },
      ),
  );
  const server: Server = createServer((incoming, outgoing) => void listener(incoming, outgoing));
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
    url: `http://${host}:${port}${options.path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
