/**
 * The options of `createMcpHttpHandler` as callers write them; `options.ts`
 * applies their defaults and refuses what cannot work.
 */
import type {
  LogLevelStore,
  SubscriptionHubOptions,
  TaskStore,
  ToolSelection,
  TrackingTaskPolicy,
  UsedRequestStateStore,
} from '@shiptrack/mcp';
import type { FetchLike, RateLimitOptions, RateLimitStore } from '@shiptrack/sdk';
import type { CredentialResolver } from './auth/credentials.js';
import type { SseEventStore } from './events/event-store.js';
import type { RequestLogger } from './logging/request-log.js';
import type { HandlerMirror, ServerFactory } from './mcp/server-factory.js';

/** The OAuth 2.1 resource-server settings (leave `oauth` out to accept API keys only). */
export interface OAuthOptions {
  /** The authorization server's issuer URL, named in the protected-resource metadata. */
  issuer: string;
  /** Its JWKS URL (default: `jwks_uri` from its RFC 8414 or OpenID metadata). */
  jwksUri?: string;
  /** Scopes advertised and required in every token (default `['shiptrack']`; `[]` requires none). */
  scopes?: string[];
  /** Accepted JWS algorithm names such as `RS256` (default: every asymmetric algorithm the key allows). */
  algorithms?: string[];
  /** Allowed clock skew for `exp` and `nbf`, in seconds (default 5). */
  clockToleranceSeconds?: number;
  /**
   * Maps a verified token to the API key its REST calls use. Default:
   * `subjectKeys[token.subject]`.
   */
  resolveCredentials?: CredentialResolver;
  /** The default resolver's table: token `sub` -> API key. */
  subjectKeys?: Record<string, string>;
  /** `resource_name` of the metadata (default "shiptrack"). */
  resourceName?: string;
  /** `resource_documentation` of the metadata. */
  documentationUrl?: string;
}

/**
 * Options of `createMcpHttpHandler`. Besides these, `readOnly`, `tools`
 * and `toolsets` ({@link ToolSelection} of `@shiptrack/mcp`) choose the
 * tools the default `createServer` serves (default all): a team can let an
 * assistant read tracking data but not create tracking requests. A name
 * that is no tool or toolset is a `ConfigurationError` at start; not with
 * `createServer` (give your factory the selection).
 */
export interface McpHttpHandlerOptions extends ToolSelection {
  /**
   * Builds the MCP server of each request (default: `createServer` of
   * `@shiptrack/mcp`, with one shipping-line cache shared by all requests).
   */
  createServer?: ServerFactory;
  /**
   * A mirror of one account for the default factory: the lists and search
   * of requests made with its `apiKey` answer from it (see `createServer`'s
   * `mirror` in `@shiptrack/mcp`). Not with `createServer`.
   */
  mirror?: HandlerMirror;
  /**
   * The public URL of the MCP endpoint, as clients reach it (behind a proxy:
   * the proxy's URL), e.g. `https://mcp.example.com/mcp`. It is the OAuth
   * resource and token audience, so it is required with `oauth`.
   */
  publicUrl?: string;
  /** The path served (default: the public URL's path, else `/mcp`). */
  path?: string;
  /** REST base ending in `/v2` (default `SVC_API_BASE_URL`, then the SDK's default). */
  baseUrl?: string;
  /** OAuth 2.1 (Bearer tokens); leave out to accept API keys only. */
  oauth?: OAuthOptions;
  /**
   * Authentication off, for one user on their own machine: requests without
   * credentials use this API key. Anyone who can reach the server acts with
   * it, so the Node server accepts it only on a loopback interface, and it
   * cannot be combined with `oauth`. Requests with a `Token` still use theirs.
   */
  localApiKey?: string;
  /**
   * Host names (no port; IPv6 in brackets) the server answers for. Default:
   * the public URL's host name; with neither, any host (put the check in
   * the proxy, or set this).
   */
  allowedHosts?: string[];
  /**
   * Browser origins allowed to call: full origins (`https://app.example.com`)
   * or host names (`localhost`, any port). The public URL's origin is always
   * allowed; requests without `Origin` (non-browser clients) always pass.
   */
  allowedOrigins?: string[];
  /** Largest request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Time limit of each REST attempt in ms (default 15 000). */
  restTimeoutMs?: number;
  /**
   * Longest wait for the caller's own rate limit inside one request, in ms
   * (client-side queue or `Retry-After`; default 10 000). Longer waits end
   * the call with a rate-limit result saying how long to wait.
   */
  maxRateLimitWaitMs?: number;
  /** SDK clients kept (one per API key, least recently used dropped first; default 1000). */
  maxClients?: number;
  /**
   * Where rate-limit counts live (default: in memory, per process). N
   * instances share limits through a shared store (`@shiptrack/redis`).
   */
  rateLimitStore?: RateLimitStore;
  /**
   * Live container updates (`subscriptions/listen`): the caps, polling
   * (interval, share of the rate limit, lease coordinator) and where changes
   * are announced, as `SubscriptionHub` of `@shiptrack/mcp` takes them.
   * Default: in this process, polls counted in `rateLimitStore` within 20 %
   * of each account's `default` limit. `redisUrl` of the Node server adds
   * the Redis fanout and lease.
   */
  subscriptions?: Omit<SubscriptionHubOptions, 'mirror' | 'onError'>;
  /** Per-bucket limits replacing the spec's (accounts with higher limits). */
  rateLimits?: RateLimitOptions['limits'];
  /**
   * Where the events of SSE answers are kept for resumption (GET with
   * `Last-Event-ID` after a broken answer). Default: a
   * `MemorySseEventStore` (this process: a client resumes on the same
   * instance). N instances share one store (`createRedisEventStore` of
   * `@shiptrack/redis`), so a client resumes on any.
   */
  eventStore?: SseEventStore;
  /**
   * The SSE `retry` interval sent with the priming event of each SSE
   * answer, in ms: how long a client waits before resuming a broken answer
   * (default 2000).
   */
  sseRetryMs?: number;
  /**
   * Where `track_container` tasks live (default: in memory, per process).
   * Requests of one task may land on any instance, so N instances share
   * one store (`createRedisTaskStore` of `@shiptrack/redis`). Used by the
   * default `createServer` only.
   */
  taskStore?: TaskStore;
  /**
   * How `track_container` tasks wait (time limit, pace of checks, share of
   * the rate limit, TTL); defaults in `@shiptrack/mcp`'s README. Used by
   * the default `createServer` only.
   */
  taskPolicy?: Partial<TrackingTaskPolicy>;
  /**
   * The HMAC key (at least 32 bytes) that signs the `requestState` of
   * input-required results (2026-07-28), such as `track_container` asking
   * for the carrier: the retried call may land on any instance, so N
   * instances share one. Default: a random key per process (one instance);
   * `startMcpHttpServer` with `redisUrl` shares one through Redis. Used by
   * the default `createServer` only.
   */
  requestStateKey?: string | Uint8Array;
  /**
   * Where the ids of accepted `requestState`s are kept until they expire,
   * so each answer is taken once and a replayed retry is refused with
   * `-32602`. The retry may land on any instance, so N instances share one
   * (`createRedisUsedRequestStateStore` of `@shiptrack/redis`). Default:
   * this handler's memory; `startMcpHttpServer` with `redisUrl` shares one
   * through Redis. Used by the default `createServer` only.
   */
  usedRequestStateStore?: UsedRequestStateStore;
  /**
   * Where the log level each caller sets with `logging/setLevel` (2025
   * revisions) is kept, by account and, with OAuth, client and user: every
   * request gets a server of its own, and the next one of that caller finds
   * the level here (a day after it was last set). N instances share one
   * (`createRedisLogLevelStore` of `@shiptrack/redis`). Default: this
   * handler's memory; `startMcpHttpServer` with `redisUrl` shares one
   * through Redis.
   */
  logLevelStore?: LogLevelStore;
  /**
   * Ask the user to confirm each new tracking request `track_container`
   * would create (they cost quota), as `createServer`'s option of that
   * name: an input-required result on 2026-07-28, whose signed state lets
   * any instance take the answer. A stateless 2025 request has no
   * back-channel to ask on, so it gets `confirmation_unavailable` and
   * nothing is created. Default false. Used by the default `createServer` only.
   */
  confirmTrackingRequests?: boolean;
  /**
   * Answer a plain stateless `tools/call` or `tools/list` without building
   * an MCP server (the same tools, called directly; see the README's
   * "Fast path"). Default true; the default `createServer` only. `false`
   * serves every request through a full server.
   */
  fastPath?: boolean;
  /**
   * Check each API key with one REST call when first seen, and answer 401
   * for keys the service rejects (default true). Off: such keys reach the
   * tools, and every tool answers the authentication error.
   */
  verifyApiKeys?: boolean;
  /** Receives one entry per request (default: a JSON line on the console); `false`: none. */
  log?: RequestLogger | false;
  /**
   * Told about failures that are not the caller's (unexpected errors,
   * 5xx from the service); the caller gets an error result anyway. Default:
   * a JSON line on the console with the error's name and message.
   */
  onError?: (error: unknown, where: string) => void;
  /**
   * Told when a readiness check (`/readyz`: `upstream`, `jwks`, `redis`)
   * starts or stops failing, with why, for a log record.
   */
  onReadinessChange?: (check: string, outcome: { ok: boolean; detail?: string }) => void;
  /** The `fetch` for REST calls and the authorization server (default `globalThis.fetch`; `startMcpHttpServer`'s default is `createNodeFetch()` of `@shiptrack/sdk/node`). */
  fetch?: FetchLike;
}
