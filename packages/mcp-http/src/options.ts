/**
 * The resolution of the handler's options (`handler-options.ts`): defaults
 * applied, and every value that cannot work refused at start with a
 * `ConfigurationError` that names the option.
 */
import {
  checkedRequestStateOptions,
  checkedTaskPolicy,
  type DirectTools,
  MemoryLogLevelStore,
  MemoryUsedRequestStateStore,
  type RequestStateOptions,
  type SubscriptionHubOptions,
  type ToolSelection,
  toolsSelected,
  type UsedRequestStateStore,
} from '@shiptrack/mcp';
import {
  ConfigurationError,
  type FetchLike,
  type RateLimitOptions,
  type RateLimitStore,
} from '@shiptrack/sdk';
import { type CredentialResolver, subjectKeyResolver } from './auth/credentials.js';
import type { SseEventStore } from './events/event-store.js';
import { MemorySseEventStore } from './events/memory-event-store.js';
import type { McpHttpHandlerOptions, OAuthOptions } from './handler-options.js';
import { type OriginRule, parseOriginRules } from './http/request-guard.js';
import {
  consoleErrorReporter,
  consoleRequestLogger,
  type RequestLogger,
} from './logging/request-log.js';
import { defaultServerFactory } from './mcp/default-factory.js';
import { CallerLogLevels } from './mcp/log-levels.js';
import type { HandlerMirror, ServerFactory } from './mcp/server-factory.js';

/** OAuth settings after defaults. */
export interface ResolvedOAuth {
  issuer: string;
  jwksUri: string | undefined;
  scopes: string[];
  algorithms: string[] | undefined;
  clockToleranceSeconds: number;
  resolveCredentials: CredentialResolver;
  resourceName: string;
  documentationUrl: string | undefined;
}

/** Options after defaults. */
export interface ResolvedOptions {
  createServer: ServerFactory;
  /** Whether a server of `createServer` may answer more than one request (the default factory's may). */
  reuseServers: boolean;
  /** The default factory's tools for the fast path (none with another factory or `fastPath: false`). */
  directTools: DirectTools | undefined;
  publicUrl: URL | undefined;
  path: string;
  baseUrl: string | undefined;
  oauth: ResolvedOAuth | undefined;
  localApiKey: string | undefined;
  allowedHosts: string[] | undefined;
  originRules: OriginRule[];
  maxBodyBytes: number;
  restTimeoutMs: number;
  maxRateLimitWaitMs: number;
  maxClients: number;
  rateLimitStore: RateLimitStore | undefined;
  subscriptions: Omit<SubscriptionHubOptions, 'mirror' | 'onError'>;
  /** The default factory's mirror: its account's subscriptions take their changes from its feed. */
  mirror: HandlerMirror | undefined;
  /** Each caller's `logging/setLevel`. */
  logLevels: CallerLogLevels;
  rateLimits: RateLimitOptions['limits'];
  eventStore: SseEventStore;
  sseRetryMs: number;
  verifyApiKeys: boolean;
  log: RequestLogger | false;
  onError: (error: unknown, where: string) => void;
  onReadinessChange:
    | ((check: string, outcome: { ok: boolean; detail?: string }) => void)
    | undefined;
  fetch: FetchLike;
}

/** The SSE `retry` interval by default, in ms. */
export const DEFAULT_SSE_RETRY_MS = 2000;

/** `value`, or `fallback` when it is absent; a `ConfigurationError` naming the option when it is not above 0. */
export function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(`\`${name}\` must be a number above 0, got ${String(value)}.`);
  }
  return value;
}

function absoluteUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch (cause) {
    throw new ConfigurationError(`\`${name}\` must be an absolute URL, got "${value}".`, { cause });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`\`${name}\` must be an http(s) URL, got "${value}".`);
  }
  return url;
}

function resolveOAuth(oauth: OAuthOptions): ResolvedOAuth {
  absoluteUrl('oauth.issuer', oauth.issuer);
  if (oauth.jwksUri !== undefined) absoluteUrl('oauth.jwksUri', oauth.jwksUri);
  if (oauth.resolveCredentials && oauth.subjectKeys) {
    throw new ConfigurationError(
      'Pass `oauth.resolveCredentials` or `oauth.subjectKeys`, not both.',
    );
  }
  const resolveCredentials =
    oauth.resolveCredentials ?? (oauth.subjectKeys && subjectKeyResolver(oauth.subjectKeys));
  if (!resolveCredentials) {
    throw new ConfigurationError(
      'OAuth needs to know which API key acts for each user: pass `oauth.subjectKeys` ({ "<token sub>": "<API key>" }, --subject-keys <file>) or `oauth.resolveCredentials`.',
    );
  }
  return {
    issuer: oauth.issuer,
    jwksUri: oauth.jwksUri,
    scopes: oauth.scopes ?? ['shiptrack'],
    algorithms: oauth.algorithms,
    clockToleranceSeconds: oauth.clockToleranceSeconds ?? 5,
    resolveCredentials,
    resourceName: oauth.resourceName ?? 'shiptrack',
    documentationUrl: oauth.documentationUrl,
  };
}

/**
 * What `check` returns; what it throws becomes a `ConfigurationError` with
 * the same message, after the option's name when `option` is given.
 */
function configured<T>(check: () => T, option?: string): T {
  try {
    return check();
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ConfigurationError(option ? `\`${option}\`: ${reason}` : reason, { cause });
  }
}

/** The default factory's requestState settings, each refused at start naming its option. */
function requestState(
  key: string | Uint8Array | undefined,
  usedStates: UsedRequestStateStore | undefined,
): RequestStateOptions {
  configured(
    () => checkedRequestStateOptions(usedStates === undefined ? {} : { usedStates }),
    'usedRequestStateStore',
  );
  // The handler's own store by default: the process's would be shared by every handler in it.
  const given = {
    ...(key === undefined ? {} : { key }),
    usedStates: usedStates ?? new MemoryUsedRequestStateStore(),
  };
  return configured(() => checkedRequestStateOptions(given), 'requestStateKey');
}

/** The tool selection of the default factory, checked at start. */
function toolSelection(options: McpHttpHandlerOptions): ToolSelection {
  const { readOnly, tools, toolsets } = options;
  const selection: ToolSelection = {
    ...(readOnly === undefined ? {} : { readOnly }),
    ...(tools === undefined ? {} : { tools }),
    ...(toolsets === undefined ? {} : { toolsets }),
  };
  if (Object.keys(selection).length > 0 && options.createServer) {
    throw new ConfigurationError(
      'Pass `readOnly`, `tools` and `toolsets` to your `createServer` (they configure the default server factory), not to the handler.',
    );
  }
  configured(() => toolsSelected(selection));
  return selection;
}

/** Applies defaults and refuses what cannot work. */
export function resolveOptions(options: McpHttpHandlerOptions): ResolvedOptions {
  const publicUrl =
    options.publicUrl === undefined ? undefined : absoluteUrl('publicUrl', options.publicUrl);
  if (publicUrl) publicUrl.hash = '';
  if (options.oauth && !publicUrl) {
    throw new ConfigurationError(
      'OAuth needs `publicUrl` (--public-url): it is the token audience and the resource of the metadata.',
    );
  }
  const path =
    options.path ?? (publicUrl && publicUrl.pathname !== '/' ? publicUrl.pathname : '/mcp');
  if (!path.startsWith('/')) {
    throw new ConfigurationError(`\`path\` must start with "/", got "${path}".`);
  }
  const allowedOrigins = [
    ...(publicUrl ? [publicUrl.origin] : []),
    ...(options.allowedOrigins ?? []),
  ];
  const originRules = configured(() => parseOriginRules(allowedOrigins), 'allowedOrigins');
  if (options.mirror && options.createServer) {
    throw new ConfigurationError(
      'Pass `mirror` or `createServer`, not both: `mirror` configures the default server factory (give your factory the mirror yourself).',
    );
  }
  const selection = toolSelection(options);
  if (options.mirror && !options.mirror.apiKey) {
    throw new ConfigurationError(
      '`mirror.apiKey` names the account the mirror copies (only its requests use it): give its API key.',
    );
  }
  const onError = options.onError ?? consoleErrorReporter;
  const served = options.createServer
    ? { createServer: options.createServer, directTools: undefined, reuse: false }
    : {
        reuse: true,
        ...defaultServerFactory({
          taskStore: options.taskStore,
          checkBudgetStore: options.rateLimitStore,
          // Checked at start rather than on every request.
          policy: configured(() =>
            checkedTaskPolicy(options.taskPolicy, { optionName: 'taskPolicy' }),
          ),
          mirror: options.mirror,
          requestState: requestState(options.requestStateKey, options.usedRequestStateStore),
          confirmTrackingRequests: options.confirmTrackingRequests,
          selection,
          onError,
        }),
      };
  return {
    logLevels: new CallerLogLevels(options.logLevelStore ?? new MemoryLogLevelStore()),
    reuseServers: served.reuse,
    createServer: served.createServer,
    directTools: options.fastPath === false ? undefined : served.directTools,
    mirror: options.mirror,
    publicUrl,
    path,
    baseUrl: options.baseUrl,
    oauth: options.oauth ? resolveOAuth(options.oauth) : undefined,
    localApiKey: options.localApiKey,
    allowedHosts: options.allowedHosts ?? (publicUrl ? [publicUrl.hostname] : undefined),
    originRules,
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes, 1024 * 1024),
    restTimeoutMs: positive('restTimeoutMs', options.restTimeoutMs, 15_000),
    maxRateLimitWaitMs: positive('maxRateLimitWaitMs', options.maxRateLimitWaitMs, 10_000),
    maxClients: Math.floor(positive('maxClients', options.maxClients, 1000)),
    rateLimitStore: options.rateLimitStore,
    subscriptions: options.subscriptions ?? {},
    rateLimits: options.rateLimits,
    eventStore: options.eventStore ?? new MemorySseEventStore(),
    sseRetryMs: Math.round(positive('sseRetryMs', options.sseRetryMs, DEFAULT_SSE_RETRY_MS)),
    verifyApiKeys: options.verifyApiKeys ?? true,
    log: options.log ?? consoleRequestLogger,
    onError,
    onReadinessChange: options.onReadinessChange,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}
