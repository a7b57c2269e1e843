/**
 * The MCP path: Host and Origin checks, CORS, methods, authentication, the
 * body limit, then a server around the caller's own SDK client: the 2025
 * revisions through resumable SSE serving (`events/`), 2026-07-28 through
 * the MCP SDK's stateless handler. The default factory's servers are reused
 * by later requests of the same account (`server-pool.ts`, `reuse-rule.ts`);
 * other requests get one built for them. A GET with `Last-Event-ID` resumes
 * a broken SSE answer of the caller's account.
 */
import {
  type AuthInfo,
  createMcpHandler,
  isJsonContentType,
  isLegacyRequest,
  type McpServer,
  type McpHttpHandler as SdkMcpHandler,
} from '@modelcontextprotocol/server';
import type { DirectTools, LogLevels, SubscriptionHub } from '@shiptrack/mcp';
import type { Authenticated, Authenticator } from '../auth/authenticate.js';
import type { ClientCache, KeyedClient } from '../clients/client-cache.js';
import type { SseEventStore } from '../events/event-store.js';
import {
  type DirectAnswer,
  type ResumableLegacyOptions,
  serveResumableLegacy,
} from '../events/resumable-legacy.js';
import { resumeStream } from '../events/resume.js';
import type { BodyReader } from '../http/body.js';
import { corsHeaders, MCP_METHODS, preflightResponse } from '../http/cors.js';
import { type Answer, PreparedAnswer } from '../http/prepared-answer.js';
import {
  hostRejection,
  type OriginRule,
  originAllowed,
  originRejection,
} from '../http/request-guard.js';
import type { RequestHead, ServedRequest } from '../http/request-head.js';
import { methodNotAllowed, rpcErrorResponse, withHeaders } from '../http/responses.js';
import type { RequestLogEntry } from '../logging/request-log.js';
import { onResponseEnd } from '../logging/request-log.js';
import { ListenStreams } from '../subscriptions/listen-streams.js';
import { batchRefusal } from './batch-rule.js';
import { FastPath } from './fast-path.js';
import { type CallerLogLevels, logCallerOf } from './log-levels.js';
import { mayReuseServer } from './reuse-rule.js';
import { summarizeRpc } from './rpc-summary.js';
import type { ServerFactory } from './server-factory.js';
import { type ServerLease, ServerPool } from './server-pool.js';
import { answersWhole } from './whole-answer-rule.js';

/** The `Allow` list of the MCP path. */
const ALLOW = [...MCP_METHODS, 'OPTIONS'];

/** What the MCP endpoint needs. */
export interface McpEndpointOptions {
  createServer: ServerFactory;
  /** Whether servers of `createServer` may answer more than one request (the default factory's may). */
  reuseServers: boolean;
  /** The default factory's tools: plain stateless calls are answered with them, without a server. */
  directTools?: DirectTools;
  authenticator: Authenticator;
  clients: ClientCache;
  allowedHosts: readonly string[] | undefined;
  originRules: readonly OriginRule[];
  maxBodyBytes: number;
  /** Where the events of resumable SSE answers are kept. */
  eventStore: SseEventStore;
  /** The SSE `retry` interval of those answers, in ms. */
  sseRetryMs: number;
  onError: (error: unknown, where: string) => void;
  /** The process's subscriptions (`subscriptions/listen` streams follow containers through it). */
  subscriptions: SubscriptionHub;
  /** The account (key fingerprint) whose streams take their changes from the hub's mirror. */
  mirrorAccount?: Promise<string>;
  /** Each caller's `logging/setLevel` (2025 revisions), for the fast path's log messages. */
  logLevels: CallerLogLevels;
}

/** How long an exchange whose client left runs on to store its answer (the REST time limits end it sooner). */
const DETACHED_LIMIT_MS = 5 * 60_000;
/** How long one resumption GET follows a stream still being written, and how often it looks. */
const FOLLOW_MS = 30_000;
const FOLLOW_POLL_MS = 100;

/** One POST being served: the caller's client, and the server lent to it when it may reuse one. */
interface Exchange {
  readonly keyed: KeyedClient;
  readonly reuse: boolean;
  lease?: ServerLease;
}

/** The MCP endpoint of one handler. */
export class McpEndpoint {
  readonly #options: McpEndpointOptions;
  readonly #sdk: SdkMcpHandler;
  /** Each request's exchange, found by the factory through the request's `authInfo`. */
  readonly #exchanges = new WeakMap<AuthInfo, Exchange>();
  readonly #pool: ServerPool | undefined;
  readonly #fast: FastPath | undefined;
  readonly #legacy: ResumableLegacyOptions;
  readonly #listens: ListenStreams;
  readonly #logLevels: LogLevels;

  constructor(options: McpEndpointOptions) {
    this.#options = options;
    this.#logLevels = options.logLevels.forServers();
    this.#pool = options.reuseServers ? new ServerPool() : undefined;
    this.#fast =
      options.directTools &&
      new FastPath({
        tools: options.directTools,
        mirrorAccount: options.mirrorAccount,
        logLevels: options.logLevels,
      });
    this.#legacy = {
      createServer: (authInfo) => this.#serverFor(authInfo, 'legacy'),
      store: options.eventStore,
      retryMs: options.sseRetryMs,
      maxBodyBytes: options.maxBodyBytes,
      detachedLimitMs: DETACHED_LIMIT_MS,
      onError: options.onError,
    };
    this.#sdk = createMcpHandler(({ authInfo, era }) => this.#serverFor(authInfo, era), {
      legacy: 'stateless',
      maxRequestBodySize: options.maxBodyBytes,
      onerror: (error) => options.onError(error, 'mcp transport'),
    });
    this.#listens = new ListenStreams(
      options.subscriptions,
      (uri) => this.#sdk.notify.resourceUpdated(uri),
      options.mirrorAccount,
    );
  }

  /**
   * Serves one request to the MCP path, recording what it learns in
   * `entry`; a POST's body comes from `readBody`.
   */
  async serve(
    request: ServedRequest,
    entry: RequestLogEntry,
    readBody: BodyReader,
  ): Promise<Answer> {
    const { allowedHosts, originRules } = this.#options;
    const refusedHost = hostRejection(request, allowedHosts);
    if (refusedHost) return noted(entry, refusedHost.note, refusedHost.response);
    const refusedOrigin = originRejection(request, originRules);
    if (refusedOrigin) return noted(entry, 'origin not allowed', refusedOrigin);
    const origin = request.headers.get('origin');
    const cors = origin && originAllowed(origin, originRules) ? corsHeaders(origin) : {};

    if (request.method === 'OPTIONS') {
      return origin
        ? preflightResponse(request.whole(), origin)
        : new Response(null, { status: 204, headers: { allow: ALLOW.join(', ') } });
    }
    return withHeaders(await this.#post(request, entry, readBody), cors);
  }

  /** The server of one request, around the client registered for its `authInfo`. */
  async #serverFor(authInfo: AuthInfo | undefined, era: 'legacy' | 'modern'): Promise<McpServer> {
    const exchange = authInfo && this.#exchanges.get(authInfo);
    // Every request reaching a server was authenticated and registered in #post.
    if (!exchange) throw new Error('No client was registered for this request.');
    const { keyed } = exchange;
    const build = async () =>
      this.#options.createServer({
        client: keyed.client,
        keyFingerprint: keyed.fingerprint,
        era,
        onError: this.#options.onError,
        logLevels: this.#logLevels,
      });
    if (!this.#pool || !exchange.reuse) return build();
    exchange.lease = await this.#pool.acquire(
      { account: keyed.fingerprint, era, client: keyed.client },
      build,
    );
    return exchange.lease.server;
  }

  /** Authenticates a request and notes who asked in its log entry; a refusal is the answer to send. */
  async #authenticate(
    request: RequestHead,
    entry: RequestLogEntry,
  ): Promise<Authenticated | Response> {
    const auth = await this.#options.authenticator.authenticate(request);
    entry.auth = auth.kind;
    if (!auth.ok) {
      if (auth.subject !== undefined) entry.subject = auth.subject;
      return noted(entry, auth.note, auth.response);
    }
    if (auth.token) entry.subject = auth.token.subject;
    return auth;
  }

  /** GET with `Last-Event-ID`: the rest of a broken SSE answer of the caller's account. */
  async #resume(
    request: ServedRequest,
    lastEventId: string,
    entry: RequestLogEntry,
  ): Promise<Response> {
    const auth = await this.#authenticate(request, entry);
    if (auth instanceof Response) return auth;
    const keyed = await this.#options.clients.get(auth.apiKey);
    entry.keyFingerprint = keyed.fingerprint;
    const { eventStore, sseRetryMs, onError } = this.#options;
    const response = await resumeStream(
      {
        store: eventStore,
        retryMs: sseRetryMs,
        followMs: FOLLOW_MS,
        pollMs: FOLLOW_POLL_MS,
        onError,
      },
      request.whole(),
      lastEventId,
      keyed.streamOwner,
    );
    if (response.status === 200) return noted(entry, 'resumed', response);
    return noted(
      entry,
      response.status === 404 ? 'no stream to resume' : 'event store unavailable',
      response,
    );
  }

  /**
   * A POST (or a resumption GET). The body is read from `readBody`, not from
   * `request` (whose body the Node server never builds), after
   * authentication, so a refused caller's body is not read.
   */
  async #post(
    request: ServedRequest,
    entry: RequestLogEntry,
    readBody: BodyReader,
  ): Promise<Answer> {
    const lastEventId = request.headers.get('last-event-id');
    if (request.method === 'GET' && lastEventId) return this.#resume(request, lastEventId, entry);
    if (request.method !== 'POST') return methodNotAllowed(ALLOW);
    const auth = await this.#authenticate(request, entry);
    if (auth instanceof Response) return auth;

    const text = await readBody();
    if (text === undefined) {
      return noted(
        entry,
        'body too large',
        rpcErrorResponse(
          413,
          `The request body is larger than ${this.#options.maxBodyBytes} bytes.`,
        ),
      );
    }
    let parsed: { body: unknown } | undefined;
    try {
      parsed = { body: JSON.parse(text) };
      Object.assign(entry, summarizeRpc(parsed.body));
    } catch {
      // Not JSON: the SDK answers with the JSON-RPC parse error.
    }
    const refusedBatch =
      parsed && batchRefusal(parsed.body, request.headers.get('mcp-protocol-version'));
    if (refusedBatch) return noted(entry, 'batch refused', refusedBatch);

    const keyed = await this.#options.clients.get(auth.apiKey);
    entry.keyFingerprint = keyed.fingerprint;
    const version = request.headers.get('mcp-protocol-version');
    if (version !== null && /^[\w.-]{1,32}$/.test(version)) entry.protocolVersion = version;
    const authInfo: AuthInfo = {
      token: auth.token?.token ?? auth.apiKey,
      clientId: auth.token?.clientId ?? 'api-key',
      scopes: [...(auth.token?.scopes ?? [])],
      ...(auth.token ? { expiresAt: auth.token.expiresAt } : {}),
      // The account names the caller whose log level a server keeps (`log-levels.ts`).
      extra: {
        kind: auth.kind,
        account: keyed.fingerprint,
        ...(auth.token ? { subject: auth.token.subject } : {}),
      },
    };
    const caller = logCallerOf(authInfo);
    const fastPath = this.#fast;
    const fast = parsed && fastPath?.admit(parsed.body, request.headers);
    let direct: DirectAnswer | undefined;
    if (fastPath && fast) {
      entry.era = fast.era;
      const answered = await (fast.era === 'modern'
        ? fastPath.modern(fast, keyed)
        : caller && fastPath.legacy(fast, keyed, caller));
      if (answered) entry.served = 'direct';
      if (answered instanceof PreparedAnswer) return answered;
      // Only a 2025 call that logs before its answer: written on its resumable SSE stream below.
      direct = answered;
    }
    // A fast 2025-11-25 request is legacy by its rule (that header, no 2026 envelope): not classified again.
    const resumable =
      fast?.era === 'legacy' ||
      (parsed &&
        isJsonContentType(request.headers.get('content-type')) &&
        (await isLegacyRequest(request.whole(), parsed.body)));
    entry.era = resumable ? 'legacy' : 'modern';
    const exchange: Exchange = {
      keyed,
      reuse: parsed !== undefined && mayReuseServer(parsed.body, resumable ? 'legacy' : 'modern'),
    };
    this.#exchanges.set(authInfo, exchange);
    if (parsed && resumable) {
      // 2025 revisions: served here rather than by the SDK's fallback, for resumable SSE answers.
      const response = await serveResumableLegacy(this.#legacy, request.whole(), {
        parsedBody: parsed.body,
        authInfo,
        owner: keyed.streamOwner,
        onAnswered: () => exchange.lease?.release(),
        json: answersWhole(parsed.body, request.headers.get('accept')),
        ...(direct ? { direct } : {}),
      });
      // A tools/list the fast path does not know yet: its answer is kept for the next ones.
      return fastPath && fast && !direct ? fastPath.keep(fast, response) : response;
    }
    if (parsed) {
      const listen = await this.#listens.admit(parsed.body, keyed);
      if (listen.kind === 'refused') return noted(entry, 'subscription refused', listen.response);
      const response = await this.#sdk.fetch(request.whole(), {
        authInfo,
        parsedBody: parsed.body,
      });
      // A JSON answer is the whole exchange: its handler has returned.
      if (exchange.lease && isJsonContentType(response.headers.get('content-type'))) {
        exchange.lease.release();
      }
      if (fastPath && fast) return fastPath.keep(fast, response);
      if (listen.kind === 'not-listen') return response;
      // The containers are followed while the stream is open.
      return onResponseEnd(response, request.signal, () => listen.release());
    }
    // The body was read here; the SDK gets it back to answer with its parse error.
    const whole = request.whole();
    const unparsed = new Request(whole.url, {
      method: 'POST',
      headers: whole.headers,
      signal: whole.signal,
      body: text,
    });
    return this.#sdk.fetch(unparsed, { authInfo });
  }

  /** Idle servers kept for reuse (a gauge of the metrics). */
  get pooledServers(): number {
    return this.#pool?.size ?? 0;
  }

  /** Ends in-flight modern exchanges and their subscriptions. */
  close(): Promise<void> {
    this.#listens.close();
    this.#pool?.clear();
    return this.#sdk.close();
  }
}

function noted(entry: RequestLogEntry, note: string, response: Response): Response {
  entry.note = note;
  return response;
}
