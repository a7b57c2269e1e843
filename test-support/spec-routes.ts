/**
 * Matches a concrete request (method and URL) to the operation of the spec
 * whose path template it fits.
 */
import {
  escapePointerSegment,
  isSpecObject,
  type Located,
  type SpecObject,
} from './spec-document.js';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** An operation of the spec, located so that its schemas can be compiled by pointer. */
export interface SpecOperation extends Located {
  operationId: string;
  method: string;
  template: string;
}

interface Route {
  template: string;
  segments: string[];
  literalCount: number;
  operations: Map<string, SpecOperation>;
}

/** Finds operations by method and URL; one instance per spec document. */
export class RouteTable {
  readonly #routes: Route[];
  readonly #basePaths: string[];
  readonly #cache = new Map<string, SpecOperation | string>();

  constructor(document: SpecObject) {
    this.#basePaths = readBasePaths(document);
    const paths = isSpecObject(document.paths) ? document.paths : {};
    this.#routes = Object.entries(paths)
      .map(([template, item]) => buildRoute(template, item))
      // Prefer literal segments: `/webhooks/events` wins over `/webhooks/{id}`.
      .sort((a, b) => b.literalCount - a.literalCount);
  }

  /** Returns the operation, or a sentence saying why none fits. */
  find(method: string, url: string): SpecOperation | string {
    const key = `${method.toLowerCase()} ${url}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const found = this.#find(method.toLowerCase(), this.#pathOf(url));
    if (this.#cache.size > 10_000) this.#cache.clear();
    this.#cache.set(key, found);
    return found;
  }

  #find(method: string, path: string): SpecOperation | string {
    const segments = splitPath(path);
    const fitting = this.#routes.filter((route) => fits(route, segments));
    if (fitting.length === 0) {
      return `${path} matches no path of spec/openapi.yaml`;
    }
    for (const route of fitting) {
      const operation = route.operations.get(method);
      if (operation) return operation;
    }
    const allowed = fitting.flatMap((route) =>
      [...route.operations.keys()].map((m) => `${m.toUpperCase()} ${route.template}`),
    );
    return `${method.toUpperCase()} ${path} is not an operation of spec/openapi.yaml (documented: ${allowed.join(', ')})`;
  }

  #pathOf(url: string): string {
    let { pathname } = new URL(url, 'http://relative.invalid');
    for (const base of this.#basePaths) {
      if (pathname === base || pathname.startsWith(`${base}/`)) {
        pathname = pathname.slice(base.length);
        break;
      }
    }
    return pathname === '' ? '/' : pathname;
  }
}

function readBasePaths(document: SpecObject): string[] {
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const bases = new Set<string>(['/v2']);
  for (const server of servers) {
    if (isSpecObject(server) && typeof server.url === 'string') {
      const { pathname } = new URL(server.url, 'http://relative.invalid');
      if (pathname !== '/') bases.add(pathname.replace(/\/$/, ''));
    }
  }
  return [...bases];
}

function buildRoute(template: string, item: unknown): Route {
  const segments = splitPath(template);
  const operations = new Map<string, SpecOperation>();
  if (isSpecObject(item)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !isSpecObject(operation)) continue;
      const operationId =
        typeof operation.operationId === 'string' ? operation.operationId : `${method} ${template}`;
      operations.set(method, {
        operationId,
        method,
        template,
        pointer: `/paths/${escapePointerSegment(template)}/${method}`,
        value: operation,
      });
    }
  }
  return {
    template,
    segments,
    literalCount: segments.filter((s) => !isParameter(s)).length,
    operations,
  };
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function isParameter(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

function fits(route: Route, segments: string[]): boolean {
  if (route.segments.length !== segments.length) return false;
  return route.segments.every((expected, i) => isParameter(expected) || expected === segments[i]);
}
