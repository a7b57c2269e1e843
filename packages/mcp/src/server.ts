import { type Implementation, McpServer, type RequestId } from '@modelcontextprotocol/server';
import type { Mirror } from '@shiptrack/mirror';
import { MemoryRateLimitStore, type RateLimitStore, type ShiptrackClient } from '@shiptrack/sdk';
import { registerContainerView } from './app/container-view.js';
import { CACHE_HINTS } from './core/cache-hints.js';
import {
  type HandlerContext,
  type MirrorSource,
  supportsFormElicitation,
  type TrackingWait,
} from './core/context.js';
import { registerTool, type TaskRequest } from './core/define-tool.js';
import { keepLogLevels, type LogLevels } from './core/log-levels.js';
import { hasProgressToken, progressOf } from './core/progress.js';
import {
  checkedRequestStateOptions,
  type RequestStateOptions,
  refuseInvalidRequestStates,
  requestStates,
} from './core/request-state.js';
import { declarePerRevision } from './core/revision-capabilities.js';
import { ShippingLineCache } from './core/shipping-line-cache.js';
import { unlistTools } from './core/tool-list-handler.js';
import { instructionsFor } from './instructions.js';
import { offeredPrompts, registerPrompts } from './prompts/register.js';
import { registerResources } from './resources/register.js';
import { DEFAULT_MIRROR_MAX_AGE_MS } from './service/mirror-source.js';
import { fetchAllShippingLines } from './service/shipping-lines.js';
import { shiptrackSkills } from './skills.js';
import { registerSubscriptions, type ServerSubscriptions } from './subscriptions/register.js';
import { serveTasks } from './tasks/serve-tasks.js';
import { MemoryTaskStore, type TaskStore } from './tasks/task-store.js';
import { checkedTaskPolicy, type TrackingTaskPolicy } from './tasks/tracking-policy.js';
import { TrackingTasks } from './tasks/tracking-task.js';
import { containerAnswer } from './tools/get-container.js';
import { UNLISTED_TOOLS } from './tools/index.js';
import { TOOL_NAMES, withoutUnserved } from './tools/named-tools.js';
import { selectTools, type ToolSelection } from './tools/selection.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

/** Who the server is, as `initialize` and the 2026-07-28 `_meta` of every result name it. */
export const SERVER_INFO: Readonly<Implementation> = {
  name: SERVER_NAME,
  version: SERVER_VERSION,
  title: 'Shipment and container tracking',
};

/** `track_container`'s default wait: 40 s in all, checks after 0, 5, 12.5 and 23.75 s. */
const DEFAULT_TRACKING_WAIT: TrackingWait = { timeoutMs: 40_000, intervalMs: 5_000 };

/**
 * Options of {@link createServer}. Besides these, `readOnly`, `tools` and
 * `toolsets` ({@link ToolSelection}) choose the tools it serves (default
 * all); a selection that names what is not there is a
 * `ToolSelectionError`.
 */
export interface CreateServerOptions extends ToolSelection {
  /**
   * The SDK client every tool calls, or a function returning it, called on
   * each call. A function that throws the SDK's `ConfigurationError` (no API
   * key) lets the server start anyway: every tool then answers how to set
   * `SVC_API_TOKEN`.
   */
  client: ShiptrackClient | (() => ShiptrackClient);
  /**
   * The shipping-line cache. Hosts that build a server per request (stateless
   * HTTP) pass one instance shared by all requests; by default each server
   * has its own.
   */
  shippingLineCache?: ShippingLineCache;
  /**
   * Which account's entry of the shipping-line cache this server uses, for
   * example a hash of the API key (default `default`). Never logged.
   */
  cacheKey?: string;
  /** The clock for last-free-day arithmetic and staleness (default: the system clock). */
  now?: () => Date;
  /**
   * How long `track_container` follows a request it created (or found
   * pending) when the client sent a progress token, reporting each step:
   * `timeoutMs` in all (default 40 000, within the 60 s a client commonly
   * waits for an answer; 0 never waits), `intervalMs` the first pause
   * between checks (default 5 000, then 1.5 times longer each). Without a
   * progress token it never waits.
   */
  trackingWait?: Partial<TrackingWait>;
  /**
   * `track_container` as a task: where tasks live and how they wait. By
   * default each server keeps its tasks in its own memory.
   */
  tasks?: TaskOptions;
  /**
   * A mirror of the account (`createMirror` of `@shiptrack/mirror`, opened
   * and closed by you). With it, the list tools and `search_container`
   * answer from its database (real filters, no REST call, `asOf` in the
   * answer) once its first full sync has completed, `get_container` and the
   * container resource read a container from it while its copy is younger
   * than `mirrorMaxAgeMs`, and `analyze-delays` embeds the ETA history.
   * Whatever it cannot answer goes to REST, and the answer says so. The
   * hosts of this package also use its change feed, instead of polling, as
   * the source of container changes for subscriptions.
   */
  mirror?: Mirror;
  /**
   * How old (now minus the mirror's `asOf`) the mirror's copy of a
   * container may be for `get_container` and the container resource to use
   * it; older, they read REST. Default 15 minutes.
   */
  mirrorMaxAgeMs?: number;
  /**
   * Told about failures that are not the caller's (unexpected errors, 5xx),
   * for the host's log. Tools answer them with an `isError` result anyway.
   */
  onError?: (error: unknown, where: string) => void;
  /**
   * Subscriptions to `service://container/{id}`: given, the server declares
   * `resources.subscribe`; with a `session` it also serves the 2025-11-25
   * `resources/subscribe` and sends the change notifications. The stdio
   * command wires it; see the README's "Live container updates".
   */
  subscriptions?: ServerSubscriptions;
  /**
   * How the `requestState` of input-required results (2026-07-28) is
   * signed: when `track_container` asks the user for the carrier, the
   * retried call is trusted only with the state it was given, unexpired
   * and for the same account, and only once. Hosts with several instances
   * pass one shared `key` and one shared `usedStates` store; by default
   * each process makes its own.
   */
  requestState?: RequestStateOptions;
  /**
   * Where each client's `logging/setLevel` is kept, for hosts that build a
   * server per request (stateless HTTP): the next request of that client
   * finds it, whichever server answers. Without it the server keeps the
   * level itself, which serves one connection (stdio).
   */
  logLevels?: LogLevels;
  /**
   * Ask the user to confirm before `track_container` creates a tracking
   * request (each one costs quota; a number already tracked is answered
   * without asking). Default false. On the 2026-07-28 revision the question
   * is an input-required result with a signed `requestState`, on older ones
   * an elicitation; a client that cannot show one gets
   * `confirmation_unavailable` and nothing is created.
   */
  confirmTrackingRequests?: boolean;
}

/** Where `track_container` tasks live and how they wait (see {@link TrackingTaskPolicy}). */
export interface TaskOptions {
  /**
   * Where tasks are kept (default: a new {@link MemoryTaskStore}). Hosts
   * that build a server per request pass one store shared by all of them;
   * N instances share one through Redis (`@shiptrack/redis`).
   */
  store?: TaskStore;
  /**
   * Where the account's budget of task checks is counted (default: one
   * memory store per server); N instances share the SDK's rate-limit store.
   */
  checkBudgetStore?: RateLimitStore;
  /** How tasks wait: time limit, checks' pace, share of the rate limit, TTL. */
  policy?: Partial<TrackingTaskPolicy>;
}

let leaseHolder: string | undefined;

/**
 * One id per process, the holder of the task leases this process takes:
 * made on the first check, since Node loads its crypto module on the first
 * `randomUUID` and the bin's start need not pay for it.
 */
function processLeaseHolder(): string {
  leaseHolder ??= crypto.randomUUID();
  return leaseHolder;
}

/**
 * Builds a configured MCP server: the eleven tools (or those `readOnly`,
 * `tools` and `toolsets` select), the prompts and Agent Skills that name
 * only tools it serves, the resources and completions over
 * `@shiptrack/sdk`. One factory for every host: the
 * stdio command passes it to `serveStdio`, the HTTP host to
 * `createMcpHandler`. It assumes no back-channel: elicitation is used only
 * when the request's client declares it.
 *
 * ```ts
 * import { serveStdio } from '@modelcontextprotocol/server/stdio';
 * serveStdio(() => createServer({ client: createClient() }));
 * ```
 */
export function createServer(options: CreateServerOptions): McpServer {
  const cacheKey = options.cacheKey ?? 'default';
  const requestState = requestStates(checkedRequestStateOptions(options.requestState), cacheKey);
  const tools = selectTools(options);
  const served = new Set(tools.map((tool) => tool.name));
  const server = new McpServer(
    { ...SERVER_INFO },
    {
      instructions: instructionsFor(served, TOOL_NAMES),
      capabilities: {
        // Log notifications (a failed call's code and advice), never a secret.
        logging: {},
        // The lists are fixed for a release and never announce a change: they say how long they keep.
        tools: { listChanged: false },
        ...(offeredPrompts(served).length > 0 ? { prompts: { listChanged: false } } : {}),
        resources: { listChanged: false },
      },
      cacheHints: CACHE_HINTS,
    },
  );
  const clientOf =
    typeof options.client === 'function' ? options.client : () => options.client as ShiptrackClient;
  const cache = options.shippingLineCache ?? new ShippingLineCache();
  const base: HandlerContext = {
    client: clientOf,
    shippingLines: () => cache.get(cacheKey, () => fetchAllShippingLines(clientOf())),
    now: options.now ?? (() => new Date()),
    ...(options.mirror ? { mirror: mirrorSource(options.mirror, options.mirrorMaxAgeMs) } : {}),
  };
  const trackingWait = checkedTrackingWait(options.trackingWait);
  const taskOptions = options.tasks ?? {};
  const trackingTasks = new TrackingTasks({
    store: taskOptions.store ?? new MemoryTaskStore(),
    account: cacheKey,
    client: clientOf,
    now: base.now,
    policy: checkedTaskPolicy(taskOptions.policy),
    budget: taskOptions.checkBudgetStore ?? new MemoryRateLimitStore(),
    containerDetails: async (id) => (await containerAnswer(base, id)).structured,
    holder: processLeaseHolder,
  });
  const taskRequests = new Map<RequestId, TaskRequest>();
  for (const tool of tools) {
    registerTool(server, tool, {
      context: (request) => ({
        ...base,
        request,
        canElicit: () => supportsFormElicitation(server, request),
        progress: progressOf(request),
        progressRequested: hasProgressToken(request),
        trackingWait,
        taskRequest: tool.execution ? taskRequests.get(request.mcpReq.id) : undefined,
        trackingTasks,
        requestState,
        confirmTrackingRequests: options.confirmTrackingRequests === true,
      }),
      onError: options.onError,
      logLevels: options.logLevels,
      // A clause that points to a tool this server does not serve would send the model to it.
      description: withoutUnserved(tool.description, served),
    });
  }
  // Served for one release, but no longer in tools/list (their answers live in a listed tool).
  unlistTools(
    server.server,
    UNLISTED_TOOLS.filter((tool) => served.has(tool.name)).map((tool) => tool.name),
  );
  if (options.logLevels) keepLogLevels(server, options.logLevels);
  const taskSupport = new Map(
    tools.map((tool) => [tool.name, tool.execution?.taskSupport ?? 'forbidden'] as const),
  );
  serveTasks(
    server,
    () => trackingTasks,
    taskRequests,
    (name) => taskSupport.get(name),
  );
  refuseInvalidRequestStates(server, requestState);
  registerPrompts(server, base, served);
  registerResources(server, base);
  if (options.subscriptions) registerSubscriptions(server, options.subscriptions);
  registerContainerView(server);
  shiptrackSkills(served).attach(server);
  declarePerRevision(server.server);
  return server;
}

/** The mirror and its age limit; a limit that is not a usable number of ms is refused. */
export function mirrorSource(mirror: Mirror, maxAgeMs = DEFAULT_MIRROR_MAX_AGE_MS): MirrorSource {
  if (typeof mirror !== 'object' || mirror === null || typeof mirror.containerPage !== 'function') {
    throw new TypeError(
      'createServer: mirror must be a mirror opened with createMirror() of @shiptrack/mirror.',
    );
  }
  if (!Number.isFinite(maxAgeMs) || maxAgeMs < 0) {
    throw new TypeError(
      `createServer: mirrorMaxAgeMs must be a number of milliseconds, 0 (always REST) or more; got ${String(maxAgeMs)}.`,
    );
  }
  return { mirror, maxAgeMs };
}

/** The tracking wait with its defaults; a bound that is not a usable number of ms is refused. */
function checkedTrackingWait(given: Partial<TrackingWait> = {}): TrackingWait {
  const wait: TrackingWait = {
    timeoutMs: given.timeoutMs ?? DEFAULT_TRACKING_WAIT.timeoutMs,
    intervalMs: given.intervalMs ?? DEFAULT_TRACKING_WAIT.intervalMs,
  };
  if (!Number.isFinite(wait.timeoutMs) || wait.timeoutMs < 0) {
    throw new TypeError(
      `createServer: trackingWait.timeoutMs must be a number of milliseconds, 0 (never wait) or more; got ${String(wait.timeoutMs)}.`,
    );
  }
  if (!Number.isFinite(wait.intervalMs) || wait.intervalMs <= 0) {
    throw new TypeError(
      `createServer: trackingWait.intervalMs must be a number of milliseconds above 0; got ${String(wait.intervalMs)}.`,
    );
  }
  return wait;
}
