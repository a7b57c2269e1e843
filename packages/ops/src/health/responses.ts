/**
 * `/healthz` (liveness: the process answers) and `/readyz` (readiness:
 * its dependencies answer and it is not draining) as web-standard
 * responses, so any server (the MCP HTTP server, the mirror's webhook
 * receiver) mounts them the same way.
 */
import type { Readiness } from './readiness.js';

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

/** The liveness paths. */
export const LIVENESS_PATH = '/healthz';
/** The readiness path. */
export const READINESS_PATH = '/readyz';

/** 200 `{"status":"ok"}`: the process is alive (it says nothing of its dependencies). */
export function livenessResponse(): Response {
  return new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: JSON_HEADERS });
}

/**
 * 200 with the report when ready; 503 with `Retry-After` and the report
 * (which checks failed, and why) when not, or while draining.
 */
export async function readinessResponse(readiness: Readiness): Promise<Response> {
  const report = await readiness.report();
  const ready = report.status === 'ready';
  return new Response(JSON.stringify(report), {
    status: ready ? 200 : 503,
    headers: ready ? JSON_HEADERS : { ...JSON_HEADERS, 'retry-after': '5' },
  });
}
