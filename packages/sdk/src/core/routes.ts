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

interface CompiledRoute extends RouteInfo {
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
  readonly #byMethod = new Map<string, CompiledRoute[]>();
  readonly #byTemplate = new Map<string, RouteInfo>();
  readonly #cache = new Map<string, RouteInfo | null>();

  constructor(operations: Readonly<Record<string, OperationTableEntry>>) {
    for (const [operationId, entry] of Object.entries(operations)) {
      const method = entry.method.toUpperCase();
      const info: RouteInfo = { operationId, method, path: entry.path, bucket: entry.bucket };
      this.#byTemplate.set(`${method} ${entry.path}`, info);
      const source = entry.path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      const compiled: CompiledRoute = {
        ...info,
        pattern: new RegExp(`^${source}/?$`),
        params: (entry.path.match(/\{/g) ?? []).length,
      };
      const list = this.#byMethod.get(method) ?? [];
      list.push(compiled);
      this.#byMethod.set(method, list);
    }
    // Static paths win over templates: `/webhooks/events` before `/webhooks/{id}`.
    for (const list of this.#byMethod.values()) list.sort((a, b) => a.params - b.params);
  }

  /** Looks an operation up by its method and path template, e.g. `GET /containers/{id}`. */
  byTemplate(method: string, template: string): RouteInfo | undefined {
    return this.#byTemplate.get(`${method.toUpperCase()} ${template}`);
  }

  /** Matches a concrete path relative to the base URL, e.g. `/containers/1b2c`. */
  match(method: string, path: string): RouteInfo | undefined {
    const key = `${method.toUpperCase()} ${path}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const found = this.#byMethod.get(method.toUpperCase())?.find((r) => r.pattern.test(path));
    const info = found
      ? {
          operationId: found.operationId,
          method: found.method,
          path: found.path,
          bucket: found.bucket,
        }
      : undefined;
    if (this.#cache.size >= CACHE_LIMIT) this.#cache.clear();
    this.#cache.set(key, info ?? null);
    return info;
  }
}
