/**
 * Caches the bodies of read-only responses until the engine's state changes
 * (`engine.revision`), so repeated polling of the same resource costs one
 * map lookup instead of serializing it again. Authentication, rate limiting
 * and faults still run for every request: the cache sits after them. A
 * request with `Cache-Control: no-cache` is always answered afresh.
 */
import type { MiddlewareHandler } from 'hono';
import type { Engine } from '../engine/engine.js';
import { CACHEABLE_OPERATIONS } from '../engine/registry.js';
import { jsonTextOf } from './documents.js';
import type { AppEnv } from './env.js';

const MAX_ENTRIES = 5_000;

interface Entry {
  revision: number;
  body: string;
  contentType: string;
}

/** A per-account cache of successful read responses, dropped whenever the state changes. */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly engine: Engine) {}

  /** Serves cached reads and remembers fresh ones; runs after the guard. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        await next();
        this.engine.touch();
        return;
      }
      const operationId = c.get('operationId');
      if (operationId === undefined || !CACHEABLE_OPERATIONS.has(operationId)) return next();
      const key = `${c.get('account').id}\n${c.req.url}`;
      const revision = this.engine.revision;
      const hit = wantsFresh(c.req.header('cache-control')) ? undefined : this.entries.get(key);
      if (hit !== undefined && hit.revision === revision) {
        return new Response(hit.body, {
          status: 200,
          headers: new Headers({ 'content-type': hit.contentType }),
        });
      }
      await next();
      if (c.res.status !== 200 || this.engine.revision !== revision) return;
      const body = jsonTextOf(c.res);
      if (body === undefined) return;
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, {
        revision,
        body,
        contentType: c.res.headers.get('content-type') ?? 'application/vnd.api+json',
      });
    };
  }
}

/** Whether a request's `Cache-Control` asks for an answer built afresh. */
function wantsFresh(cacheControl: string | undefined): boolean {
  return (
    cacheControl !== undefined &&
    /(^|,)\s*(no-cache|no-store|max-age=0)\s*(,|$)/i.test(cacheControl)
  );
}
