import { followSignal, sleep } from '../internal/abort.js';
import { redactJson, redactSecrets } from '../internal/redact.js';
import type { AttemptInfo, ClientTelemetry } from './client-telemetry.js';
import { DEFAULT_BASE_URL } from './config.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  ConfigurationError,
  createAPIError,
  IncompleteResponseError,
  RateLimitError,
} from './errors.js';
import { Exchange } from './exchange.js';
import { fetchLane } from './fetch-lane.js';
import type { FetchLike } from './fetch-like.js';
import type { ClientLogger } from './logger.js';
import type { BucketLimit, RateLimiter, RateLimitState } from './rate-limit.js';
import { type AttemptLimits, REPLY_LANE, type Reply, type ReplyLane } from './reply.js';
import { errorsOf, parseBody } from './response-body.js';
import { backoffDelay, describeFailure, isRetryable, parseRetryAfter } from './retry.js';

/** Everything the transport needs, resolved from the client options. */
export interface TransportConfig {
  /** Absolute base URL without a trailing slash, ending in `/v2`. */
  baseUrl: string;
  /** Value of the `Authorization` header. */
  authorization: string;
  fetch: FetchLike;
  timeoutMs: number;
  deadlineMs: number | undefined;
  maxRetries: number;
  maxRetryAfterMs: number;
  limiter: RateLimiter | undefined;
  /** The limit of each bucket, reported when the client-side limiter is off. */
  buckets: Readonly<Record<string, BucketLimit>>;
  logger: ClientLogger;
  /** Extra headers on every request. */
  headers: Record<string, string>;
  /** Values (API key, token) blanked out of error messages, as they are of log lines. */
  secrets: readonly string[];
  /** Current time in ms (`Date.now` unless a test injects a clock). */
  now: () => number;
  /** Told of each attempt, retry, wait and failure (`createClient`'s `telemetry`); none by default. */
  telemetry: ClientTelemetry | undefined;
}

/** Per-call options shared by every method of the client. */
export interface RequestOptions {
  /** Cancels the call, including waits in the rate-limit queue and between retries. */
  signal?: AbortSignal;
  /** Time limit of each attempt, in ms (default: the client's, 60 s). */
  timeoutMs?: number;
  /** Time limit of the whole call including retries and waits, in ms. */
  deadlineMs?: number;
  /** Retries after the first attempt (default: the client's, 2). */
  maxRetries?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** One request, built from an operation: everything the transport sends and needs to know. */
export interface OutgoingRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** JSON text of the body, if any. */
  body?: string;
  /** The body's media type. */
  contentType?: string;
  /** The operation's rate-limit bucket. */
  bucket: string;
  /** Whether repeating the request cannot cause a second effect. */
  idempotent: boolean;
  /** The operation's path template below the base URL (`/containers/{id}`), for telemetry. */
  template?: string;
}

/** What to check when the service cannot be reached at `baseUrl`. */
function connectionAdvice(baseUrl: string): string {
  if (baseUrl === DEFAULT_BASE_URL) {
    return `The default base URL (${DEFAULT_BASE_URL}) is a placeholder until the service's host is published: set SVC_API_BASE_URL or the \`baseUrl\` option to your service's REST root (ending in /v2).`;
  }
  return `Check the network and \`baseUrl\` (${baseUrl}).`;
}

/** ` (after 3 attempts)` when a call was retried, else nothing. */
function afterAttempts(attempts: number): string {
  return attempts > 1 ? ` (after ${attempts} attempts)` : '';
}

/**
 * Sends requests for the client: adds credentials and JSON:API headers,
 * waits for the rate limiter, applies per-attempt time-outs, the caller's
 * signal and the overall deadline, retries what is safe to retry, and turns
 * error responses into typed errors. URLs and bodies are built above it,
 * from the operation table (`operation-url.ts`).
 */
export class Transport {
  readonly #config: TransportConfig;
  /** How an attempt is sent: the `fetch`'s own lane when it offers one, else the `fetch` itself. */
  readonly #lane: ReplyLane;
  constructor(config: TransportConfig) {
    this.#config = config;
    this.#lane = laneOf(config.fetch);
  }

  /** What telemetry is told of attempt `attempt` of `request`. */
  #attemptInfo({ method, url, template, bucket }: OutgoingRequest, attempt: number): AttemptInfo {
    return { method, url, template, bucket, attempt, baseUrl: this.#config.baseUrl };
  }

  /** The base URL every path is relative to. */
  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /** Sends one request with retries, rate limiting, time-outs and error mapping. */
  async send(request: OutgoingRequest, options: RequestOptions = {}): Promise<Exchange> {
    const config = this.#config;
    const label = labelOf(request);
    const deadlineMs = options.deadlineMs ?? config.deadlineMs;
    const deadlineAt = deadlineMs === undefined ? undefined : config.now() + deadlineMs;
    let attempt = 0;
    // A call-wide signal only when something can end the whole call (the caller's signal or a
    // deadline): an AbortController per call would cost more than the rest of a small call.
    const call =
      options.signal === undefined && deadlineMs === undefined
        ? undefined
        : followSignal(options.signal, (reason) => new APIUserAbortError({ cause: reason }));
    const signal = call?.controller.signal;
    const deadlineTimer =
      deadlineMs === undefined
        ? undefined
        : setTimeout(() => {
            call?.controller.abort(
              new APITimeoutError(
                `${label} did not finish within its ${deadlineMs} ms deadline${afterAttempts(attempt)}.`,
                { attempts: attempt, advice: 'Raise `deadlineMs` or narrow the request.' },
              ),
            );
          }, deadlineMs);
    const headers = this.#headersOf(request, options);
    const maxRetries = options.maxRetries ?? config.maxRetries;
    try {
      for (;;) {
        attempt++;
        try {
          const rateLimit = await this.#queue(request, label, signal);
          return await this.#attempt(request, label, headers, options, signal, attempt, rateLimit);
        } catch (error) {
          if (signal?.aborted) throw error instanceof APIError ? error : signal.reason;
          if (attempt > maxRetries || !isRetryable(error, request.idempotent)) throw error;
          const delay = this.#retryDelay(error, attempt - 1);
          if (delay === undefined) throw error;
          if (deadlineAt !== undefined && config.now() + delay > deadlineAt) throw error;
          config.telemetry?.retry(this.#attemptInfo(request, attempt), error, delay);
          config.logger.warn(
            `Retrying ${label} in ${delay} ms after ${describeFailure(error)} (attempt ${attempt + 1} of ${maxRetries + 1}).`,
            error instanceof APIError && error.requestId
              ? { requestId: error.requestId }
              : undefined,
          );
          await sleep(delay, signal);
        }
      }
    } catch (error) {
      config.telemetry?.failure(error);
      throw error;
    } finally {
      if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
      call?.unlink();
    }
  }

  #headersOf(request: OutgoingRequest, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {};
    const add = (extra: Record<string, string>) => {
      for (const name in extra) headers[name.toLowerCase()] = extra[name] ?? '';
    };
    add(this.#config.headers);
    if (options.headers) add(options.headers);
    headers.accept ??= 'application/vnd.api+json, application/json';
    if (request.contentType) headers['content-type'] = request.contentType;
    headers.authorization = this.#config.authorization;
    return headers;
  }

  /**
   * Waits for a slot in the request's rate-limit bucket. A slot that goes
   * unused (refused for waiting longer than `maxWaitMs`, or abandoned when
   * the signal fires or the deadline passes) is released, so it does not
   * delay later requests.
   */
  async #queue(
    request: OutgoingRequest,
    label: string,
    signal: AbortSignal | undefined,
  ): Promise<RateLimitState> {
    const { limiter, buckets } = this.#config;
    const { bucket } = request;
    if (!limiter) {
      const limit = buckets[bucket] ?? buckets.default;
      return {
        bucket,
        limit: limit?.limit ?? 0,
        windowMs: limit?.windowMs ?? 0,
        queuedMs: 0,
        remaining: undefined,
      };
    }
    const reservation = await limiter.reserve(bucket);
    const { waitMs, limit } = reservation;
    if (waitMs > limiter.maxWaitMs) {
      await this.#release(reservation, label, bucket);
      throw new RateLimitError({
        status: 429,
        retryAfterMs: waitMs,
        bucket,
        clientSide: true,
        message: `The client-side limit of bucket "${bucket}" (${limit.limit} per ${limit.windowMs / 1000} s) is used up; the next slot is in ${waitMs} ms, more than rateLimit.maxWaitMs. Nothing was sent (${label}): wait, spread the requests, or ask for a higher limit and set rateLimit.limits.`,
      });
    }
    if (waitMs > 0) {
      this.#config.telemetry?.queueWait(bucket, waitMs);
      this.#config.logger.info(
        `Queueing ${label} for ${waitMs} ms: bucket "${bucket}" allows ${limit.limit} requests per ${limit.windowMs / 1000} s.`,
      );
      try {
        await sleep(waitMs, signal);
      } catch (error) {
        await this.#release(reservation, label, bucket);
        throw error;
      }
    } else if (signal?.aborted) {
      await this.#release(reservation, label, bucket);
      throw signal.reason;
    }
    return {
      bucket,
      limit: limit.limit,
      windowMs: limit.windowMs,
      queuedMs: waitMs,
      remaining: reservation.remaining,
    };
  }

  /** Gives a reserved slot back; a store that fails to is logged, not thrown (the slot then just expires). */
  async #release(
    reservation: { release(): Promise<void> },
    label: string,
    bucket: string,
  ): Promise<void> {
    try {
      await reservation.release();
    } catch (error) {
      this.#config.logger.warn(
        `Could not release the rate-limit slot of ${label} (bucket "${bucket}"): ${describeFailure(error)}; it expires with the window.`,
      );
    }
  }

  /** One attempt, observed by the client's telemetry when it has one. */
  #attempt(
    request: OutgoingRequest,
    label: string,
    headers: Record<string, string>,
    options: RequestOptions,
    callSignal: AbortSignal | undefined,
    attempt: number,
    rateLimit: RateLimitState,
  ): Promise<Exchange> {
    const send = () => this.#send(request, label, headers, options, callSignal, attempt, rateLimit);
    const { telemetry } = this.#config;
    return telemetry
      ? telemetry.attempt(this.#attemptInfo(request, attempt), headers, send)
      : send();
  }

  async #send(
    request: OutgoingRequest,
    label: string,
    headers: Record<string, string>,
    options: RequestOptions,
    callSignal: AbortSignal | undefined,
    attempt: number,
    rateLimit: RateLimitState,
  ): Promise<Exchange> {
    const config = this.#config;
    const timeoutMs = options.timeoutMs ?? config.timeoutMs;
    const limits: AttemptLimits = {
      signal: callSignal,
      timeoutMs,
      timeout: () =>
        new APITimeoutError(
          `${label} got no complete answer within ${timeoutMs} ms${afterAttempts(attempt)}.`,
          { attempts: attempt, advice: 'Raise `timeoutMs` or retry later.' },
        ),
      stopped: undefined,
    };
    const started = config.logger.debugging ? config.now() : 0;
    if (config.logger.debugging) config.logger.debug(`→ ${label} (attempt ${attempt})`);
    let reply: Reply;
    try {
      reply = await this.#lane(
        { method: request.method, url: request.url, headers, body: request.body },
        limits,
      );
    } catch (cause) {
      if (limits.stopped !== undefined) throw limits.stopped;
      // A sender that cannot work as set up (createNodeFetch without undici) is not an
      // unreachable service: no retry helps, and its own error says what to do.
      if (cause instanceof ConfigurationError) throw cause;
      throw new APIConnectionError(
        `Could not reach the service for ${label}${afterAttempts(attempt)}.`,
        { cause, attempts: attempt, advice: connectionAdvice(config.baseUrl) },
      );
    }
    const ok = reply.status >= 200 && reply.status < 300;
    // A body cut off after the headers is not "could not reach the service": the service
    // answered, so an error status keeps its own error, and a success is incomplete.
    if (reply.cutOff !== undefined && ok) {
      throw new IncompleteResponseError({
        status: reply.status,
        headers: reply.response().headers,
        request: label,
        attempts: attempt,
        idempotent: request.idempotent,
        cause: reply.cutOff,
      });
    }
    const requestId = reply.header('x-request-id') ?? reply.header('request-id') ?? undefined;
    if (config.logger.debugging) {
      config.logger.debug(
        `← ${reply.status} ${label} in ${config.now() - started} ms`,
        requestId ? { requestId } : undefined,
      );
    }
    if (!ok) throw this.#errorFor(label, request.bucket, reply, attempt);
    return new Exchange(reply, parseBody(reply.text, label), requestId, rateLimit);
  }

  #errorFor(label: string, bucket: string, reply: Reply, attempt: number): APIError {
    const { secrets } = this.#config;
    const { statusText, headers } = reply.response();
    return createAPIError({
      status: reply.status,
      statusText: redactSecrets(statusText, secrets),
      // Services sometimes echo the credentials they reject: keep them out of messages and copies.
      errors: errorsOf(reply.text).map((item) => redactJson(item, secrets)),
      headers,
      request: label,
      attempts: attempt,
      retryAfterMs: parseRetryAfter(reply.header('retry-after'), this.#config.now()),
      bucket,
    });
  }

  /** How long to wait before the next attempt; undefined means "do not retry". */
  #retryDelay(error: unknown, retry: number): number | undefined {
    if (error instanceof APIError) {
      const retryAfterMs = parseRetryAfter(error.headers.get('retry-after'), this.#config.now());
      if (retryAfterMs !== undefined) {
        return retryAfterMs > this.#config.maxRetryAfterMs ? undefined : retryAfterMs;
      }
    }
    return backoffDelay(retry);
  }
}

/** The lane a `fetch` offers (`createNodeFetch` does), or one around the `fetch` itself. */
function laneOf(fetch: FetchLike): ReplyLane {
  const own: unknown = Reflect.get(fetch, REPLY_LANE);
  // Safe: the key is the SDK's registered symbol, which only `createNodeFetch` sets, to a ReplyLane.
  return typeof own === 'function' ? (own as ReplyLane) : fetchLane(fetch);
}

/** Longest request target a message names whole. */
const LABEL_TARGET_LIMIT = 200;

/**
 * `METHOD /v2/path?query`: how messages and log lines name a request (never
 * with credentials). A longer target (a search query of kilobytes) is cut
 * and its length said, so no message or log line carries it whole.
 */
function labelOf(request: OutgoingRequest): string {
  const start = request.url.indexOf('/', request.url.indexOf('//') + 2);
  const target = start < 0 ? '/' : request.url.slice(start);
  const shown =
    target.length > LABEL_TARGET_LIMIT
      ? `${target.slice(0, LABEL_TARGET_LIMIT)}... (${target.length} characters)`
      : target;
  return `${request.method} ${shown}`;
}
