/** What the client needs to know about one operation of the spec. */
export interface RouteInfo {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Path template relative to the base URL, such as `/containers/{id}`. */
  path: string;
  /** Rate-limit bucket name. */
  bucket: string;
}

interface CompiledRoute {
  info: RouteInfo;
  /** Matches `METHOD path`. */
  pattern: RegExp;
  params: number;
}

/** Entry of the generated operation table: `{ method, path, bucket }` per operationId. */
export interface OperationTableEntry {
  method: string;
  path: string;
  bucket: string;
}

const CACHE_LIMIT = 500;

/**
 * Finds the operation (and so the rate-limit bucket) of a request from its
 * method and path. Patterns are compiled once; answers are cached per
 * method and path, so a hot loop pays for one Map lookup.
 */
export class RouteTable {
  readonly #routes: CompiledRoute[] = [];
  readonly #cache = new Map<string, RouteInfo | null>();

  constructor(operations: Readonly<Record<string, OperationTableEntry>>) {
    for (const [operationId, { method, path, bucket }] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      const source = path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      this.#routes.push({
        info: { operationId, method: upper, path, bucket },
        pattern: new RegExp(`^${upper} ${source}/?$`),
        params: path.split('{').length,
      });
    }
    // Static paths win over templates: `/webhooks/events` before `/webhooks/{id}`.
    this.#routes.sort((a, b) => a.params - b.params);
  }

  /** Matches a concrete path relative to the base URL, e.g. `/containers/1b2c`. */
  match(method: string, path: string): RouteInfo | undefined {
    const key = `${method.toUpperCase()} ${path}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const info = this.#routes.find((route) => route.pattern.test(key))?.info;
    if (this.#cache.size >= CACHE_LIMIT) this.#cache.clear();
    this.#cache.set(key, info ?? null);
    return info;
  }
}
