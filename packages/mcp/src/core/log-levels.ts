/**
 * `logging/setLevel` where each request may meet a new server. Over stdio
 * the connection's one server keeps the level (the SDK's own handler).
 * A stateless host (`@shiptrack/mcp-http`) builds a server per request, so
 * a level kept in that server was gone by the next request of the client:
 * after `setLevel "error"` a failed call still logged at `info`. With
 * {@link LogLevels} the level is kept where the next request of that client
 * finds it, and every log message of a 2025 request is held to it. A
 * 2026-07-28 request carries its own level in `_meta` (`logging/setLevel`
 * is deprecated there), which the SDK applies.
 */
import type { LoggingLevel, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { isModernRequest } from './revision.js';

/** The levels from least to most severe, as the protocol orders them (RFC 5424). */
const SEVERITY: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** Whether a message at `level` stays below the `threshold` a client set (and is not sent). */
export function isBelow(level: LoggingLevel, threshold: LoggingLevel | undefined): boolean {
  return threshold !== undefined && SEVERITY.indexOf(level) < SEVERITY.indexOf(threshold);
}

/**
 * The log levels clients set, kept across requests: `createServer`'s
 * `logLevels`. The host says which client a request comes from (an API
 * key, an OAuth client and user) and where the level is kept.
 */
export interface LogLevels {
  /** The level the client of `request` set, or `undefined` (then every message is sent). */
  get(request: ServerContext): Promise<LoggingLevel | undefined>;
  /** Keeps `level` for the client of `request`. */
  set(request: ServerContext, level: LoggingLevel): Promise<void>;
}

/**
 * Where levels are kept, by client: the store behind a host's
 * {@link LogLevels}. N instances share one (`createRedisLogLevelStore` of
 * `@shiptrack/redis`), so the request after `setLevel` may land anywhere.
 */
export interface LogLevelStore {
  /** The level kept for `client`, or `undefined`. */
  get(client: string): Promise<LoggingLevel | undefined>;
  /** Keeps `level` for `client` for `ttlMs` after this call. */
  set(client: string, level: LoggingLevel, ttlMs: number): Promise<void>;
}

/** How long a level is kept after the client last set it: a day. */
export const LOG_LEVEL_TTL_MS = 24 * 60 * 60_000;

/** Options of {@link MemoryLogLevelStore}. */
export interface MemoryLogLevelStoreOptions {
  /** Clients kept at most, the least recently set dropped first (default 10 000). */
  maxClients?: number;
  /** Current time in ms (default `Date.now`), for expiry. */
  now?: () => number;
}

/** The levels of this process's clients, bounded and expiring: enough for one instance. */
export class MemoryLogLevelStore implements LogLevelStore {
  /** Each client's level and when it expires; insertion order is the order they were set. */
  readonly #levels = new Map<string, { level: LoggingLevel; until: number }>();
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: MemoryLogLevelStoreOptions = {}) {
    this.#max = options.maxClients ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  async get(client: string): Promise<LoggingLevel | undefined> {
    const kept = this.#levels.get(client);
    if (kept === undefined) return undefined;
    if (kept.until > this.#now()) return kept.level;
    this.#levels.delete(client);
    return undefined;
  }

  async set(client: string, level: LoggingLevel, ttlMs: number): Promise<void> {
    this.#levels.delete(client);
    this.#levels.set(client, { level, until: this.#now() + ttlMs });
    for (const oldest of this.#levels.keys()) {
      if (this.#levels.size <= this.#max) break;
      this.#levels.delete(oldest);
    }
  }

  /** How many clients are kept (for tests of the bound). */
  get size(): number {
    return this.#levels.size;
  }
}

/** Answers `logging/setLevel` by keeping the level in `levels` instead of in this server. */
export function keepLogLevels(server: McpServer, levels: LogLevels): void {
  const low = server.server;
  low.removeRequestHandler('logging/setLevel');
  low.setRequestHandler('logging/setLevel', async (request, ctx) => {
    await levels.set(ctx, request.params.level);
    return {};
  });
}

/** A log message for the client of a request. */
export interface ClientLog {
  level: LoggingLevel;
  data: unknown;
  logger: string;
}

/**
 * Sends `log` to the client of `request`, unless it is below the level the
 * client set: for a 2025 request with `levels`, the level kept there (a
 * store that cannot answer lets the message through); otherwise the SDK's
 * (the server's own, or the 2026-07-28 request's). A failed send never
 * fails the call.
 */
export async function sendClientLog(
  request: ServerContext,
  log: ClientLog,
  levels: LogLevels | undefined,
): Promise<void> {
  if (levels !== undefined && !isModernRequest(request)) {
    const threshold = await levels.get(request).catch(() => undefined);
    if (isBelow(log.level, threshold)) return;
  }
  await request.mcpReq.log(log.level, log.data, log.logger).catch(() => {});
}
