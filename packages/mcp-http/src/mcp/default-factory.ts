/**
 * The default server factory: shiptrack's own MCP server (`@shiptrack/mcp`),
 * the same one the stdio command serves, with one shipping-line cache, one
 * task store and one budget of task checks shared by every request of the
 * handler (each keyed per account), and the mirror for the requests of the
 * account it copies.
 */
import {
  createDirectTools,
  createServer as createShiptrackServer,
  type DirectTools,
  MemoryTaskStore,
  type RequestStateOptions,
  ShippingLineCache,
  type TaskStore,
  type ToolSelection,
  type TrackingTaskPolicy,
} from '@shiptrack/mcp';
import { MemoryRateLimitStore, type RateLimitStore } from '@shiptrack/sdk';
import { fingerprintOf } from '../clients/client-cache.js';
import type { HandlerMirror, ServerFactory } from './server-factory.js';

/** What the default factory shares between requests. */
export interface DefaultFactoryOptions {
  /** Where `track_container` tasks live (default: this process's memory). */
  taskStore?: TaskStore;
  /** Where each account's budget of task checks is counted (default: this process's memory). */
  checkBudgetStore?: RateLimitStore;
  /** How tasks wait (default: `@shiptrack/mcp`'s). */
  policy?: Partial<TrackingTaskPolicy>;
  /**
   * A mirror: the servers of requests made with its API key answer from it;
   * every other key reads REST (a mirror holds one account).
   */
  mirror?: HandlerMirror;
  /** How input-required `requestState` is signed (default: a key per process). */
  requestState?: RequestStateOptions;
  /** Ask the user before each new tracking request (`createServer`'s option). */
  confirmTrackingRequests?: boolean;
  /** The tools served (`createServer`'s `readOnly`, `tools`, `toolsets`), checked already. */
  selection?: ToolSelection;
  /** Where the direct tools report failures that are not the caller's. */
  onError?: (error: unknown, where: string) => void;
}

/** The default factory, and its tools called without a server (the endpoint's fast path). */
export interface DefaultFactory {
  createServer: ServerFactory;
  /** The same tools as the factory's servers, sharing their shipping-line cache and mirror. */
  directTools: DirectTools;
}

/** A factory over `@shiptrack/mcp` with its own shared caches and stores. */
export function defaultServerFactory(options: DefaultFactoryOptions = {}): DefaultFactory {
  const shippingLineCache = new ShippingLineCache();
  const tasks = {
    store: options.taskStore ?? new MemoryTaskStore(),
    checkBudgetStore: options.checkBudgetStore ?? new MemoryRateLimitStore(),
    policy: options.policy,
  };
  const { mirror } = options;
  const mirrorKey = mirror ? fingerprintOf(mirror.apiKey) : undefined;
  const createServer: ServerFactory = async ({
    client,
    keyFingerprint,
    era,
    onError,
    logLevels,
  }) => {
    const own = mirror !== undefined && (await mirrorKey) === keyFingerprint;
    return createShiptrackServer({
      client,
      shippingLineCache,
      cacheKey: keyFingerprint,
      onError,
      tasks,
      requestState: options.requestState,
      confirmTrackingRequests: options.confirmTrackingRequests,
      ...options.selection,
      logLevels,
      // 2026-07-28 clients subscribe with subscriptions/listen, which the endpoint serves; a
      // stateless 2025 request has no back-channel for resources/subscribe, so it is not declared.
      ...(era === 'modern' ? { subscriptions: {} } : {}),
      ...(own ? { mirror: mirror.mirror, mirrorMaxAgeMs: mirror.maxAgeMs } : {}),
    });
  };
  const directTools = createDirectTools({
    ...options.selection,
    shippingLineCache,
    ...(mirror ? { mirror: mirror.mirror, mirrorMaxAgeMs: mirror.maxAgeMs } : {}),
    onError: options.onError,
  });
  return { createServer, directTools };
}
