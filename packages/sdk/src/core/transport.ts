import pRetry from 'p-retry';
import { followSignal, sleep } from '../internal/abort.js';
import { redactJson, redactSecrets } from '../internal/redact.js';
import { DEFAULT_BASE_URL } from './config.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  createAPIError,
  type JsonApiErrorObject,
  RateLimitError,
  ShiptrackError,
} from './errors.js';
import type { ClientLogger } from './logger.js';
import type { RateLimiter, Reservation } from './rate-limit.js';
import { backoffDelay, isRetryable, parseRetryAfter } from './retry.js';
import type { RouteInfo, RouteTable } from './routes.js';

/** The `fetch` the client calls; `globalThis.fetch`, undici's, or a test double. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

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
  routes: RouteTable;
  logger: ClientLogger;
  /** Extra headers on every request. */
  headers: Record<string, string>;
  /** Values (API key, token) blanked out of error messages, as they are of log lines. */
  secrets: readonly string[];
  /** Current time in ms (`Date.now` unless a test injects a clock). */
  now: () => number;
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

/** What the transport needs to know about one call beyond the request itself. */
export interface SendOptions extends RequestOptions {
  /** The operation, when known from the call site (otherwise matched from the path). */
  route?: RouteInfo;
  /** Whether repeating the request cannot cause a second effect (defaults by method). */
  idempotent?: boolean;
}

/** The outcome of a successful exchange: the response and its parsed JSON body. */
export interface TransportResult {
  response: Response;
  body: unknown;
  attempts: number;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH']);

interface PreparedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  label: string;
  bucket: string;
  idempotent: boolean;
}

/** What to check when the service cannot be reached at `baseUrl`. */
function connectionAdvice(baseUrl: string): string {
  if (baseUrl === DEFAULT_BASE_URL) {
    return `The default base URL (${DEFAULT_BASE_URL}) is a placeholder until the service's host is published: set SVC_API_BASE_URL or the \`baseUrl\` option to your service's REST root (ending in /v2).`;
  }
  return `Check the network and \`baseUrl\` (${baseUrl}).`;
}

/**
 * Sends requests for the client: adds credentials and JSON:API headers,
 * waits for the rate limiter, applies per-attempt time-outs, the caller's
 * signal and the overall deadline, retries what is safe to retry, and turns
 * error responses into typed errors. Everything else (URLs, query strings,
 * bodies) is built by openapi-fetch above it.
 */
export class Transport {
  readonly #config: TransportConfig;
  readonly #basePath: string;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#basePath = new URL(config.baseUrl).pathname.replace(/\/$/, '');
  }

  /** The base URL every path is relative to. */
  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /**
   * A `fetch` for openapi-fetch that routes through {@link send} and hands
   * the parsed result to `sink` (openapi-fetch is told not to parse bodies).
   */
  fetchFor(
    options: SendOptions,
    sink: { result?: TransportResult },
  ): (req: Request) => Promise<Response> {
    return async (request: Request) => {
      const result = await this.send(request, options);
      sink.result = result;
      return result.response;
    };
  }

  /** Sends one request with retries, rate limiting, time-outs and error mapping. */
  async send(request: Request, options: SendOptions = {}): Promise<TransportResult> {
    const prepared = await this.#prepare(request, options);
    const config = this.#config;
    const deadlineMs = options.deadlineMs ?? config.deadlineMs;
    const deadlineAt = deadlineMs === undefined ? undefined : config.now() + deadlineMs;
    const call = followSignal(options.signal, (reason) => new APIUserAbortError({ cause: reason }));
    let attempts = 0;
    const deadlineTimer =
      deadlineMs === undefined
        ? undefined
        : setTimeout(
            () =>
              call.controller.abort(
                new APITimeoutError(
                  `${prepared.label} did not finish within its ${deadlineMs} ms deadline${afterAttempts(attempts)}. Raise \`deadlineMs\` or narrow the request.`,
                  { attempts },
                ),
              ),
            deadlineMs,
          );
    const signal = call.controller.signal;
    const maxRetries = options.maxRetries ?? config.maxRetries;
    try {
      return await pRetry(
        async (attempt) => {
          await this.#queue(prepared, signal);
          attempts = attempt;
          return this.#attempt(prepared, options, signal, attempt);
        },
        {
          retries: maxRetries,
          minTimeout: 0,
          onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
            if (signal.aborted) throw signal.reason;
            if (retriesLeft <= 0 || !isRetryable(error, prepared.idempotent)) throw error;
            const delay = this.#retryDelay(error, attemptNumber - 1);
            if (delay === undefined) throw error;
            if (deadlineAt !== undefined && config.now() + delay > deadlineAt) throw error;
            config.logger.warn(
              `Retrying ${prepared.label} in ${delay} ms after ${describeFailure(error)} (attempt ${attemptNumber + 1} of ${maxRetries + 1}).`,
              requestIdFields(error),
            );
            await sleep(delay, signal);
          },
        },
      );
    } catch (error) {
      throw signal.aborted && !(error instanceof APIError) ? signal.reason : error;
    } finally {
      if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
      call.unlink();
    }
  }

  async #prepare(request: Request, options: SendOptions): Promise<PreparedRequest> {
    const config = this.#config;
    const method = request.method.toUpperCase();
    const url = new URL(request.url);
    const path = url.pathname.startsWith(this.#basePath)
      ? url.pathname.slice(this.#basePath.length)
      : url.pathname;
    const route = options.route ?? config.routes.match(method, path);
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(config.headers)) headers.set(name, value);
    if (options.headers)
      for (const [name, value] of Object.entries(options.headers)) headers.set(name, value);
    headers.set('Authorization', config.authorization);
    if (!headers.has('Accept')) headers.set('Accept', 'application/vnd.api+json, application/json');
    const body = request.body === null ? undefined : await request.text();
    return {
      url: request.url,
      method,
      headers,
      body,
      label: `${method} ${url.pathname}${url.search}`,
      bucket: route?.bucket ?? 'default',
      idempotent: options.idempotent ?? IDEMPOTENT_METHODS.has(method),
    };
  }

  /**
   * Waits for a slot in the request's rate-limit bucket. A slot that goes
   * unused (refused for waiting longer than `maxWaitMs`, or abandoned when
   * the signal fires or the deadline passes) is released, so it does not
   * delay later requests.
   */
  async #queue(prepared: PreparedRequest, signal: AbortSignal): Promise<void> {
    const limiter = this.#config.limiter;
    if (!limiter) return;
    const reservation = await limiter.reserve(prepared.bucket);
    const { waitMs, limit } = reservation;
    if (waitMs > limiter.maxWaitMs) {
      await this.#release(reservation, prepared);
      throw new RateLimitError({
        status: 429,
        retryAfterMs: waitMs,
        bucket: prepared.bucket,
        clientSide: true,
        request: prepared.label,
        message: `The client-side limit of bucket "${prepared.bucket}" (${limit.limit} per ${limit.windowMs / 1000} s) is used up; the next slot is in ${waitMs} ms, more than rateLimit.maxWaitMs. Wait, spread the requests, or ask for a higher limit and set rateLimit.limits.`,
      });
    }
    if (waitMs > 0) {
      this.#config.logger.info(
        `Queueing ${prepared.label} for ${waitMs} ms: bucket "${prepared.bucket}" allows ${limit.limit} requests per ${limit.windowMs / 1000} s.`,
      );
    }
    try {
      // Rejects at once when the signal already fired: the slot is then given back unused.
      await sleep(waitMs, signal);
    } catch (error) {
      await this.#release(reservation, prepared);
      throw error;
    }
  }

  /** Gives a reserved slot back; a store that fails to is logged, not thrown (the slot then just expires). */
  async #release(reservation: Reservation, prepared: PreparedRequest): Promise<void> {
    try {
      await reservation.release();
    } catch (error) {
      this.#config.logger.warn(
        `Could not release the rate-limit slot of ${prepared.label} (bucket "${prepared.bucket}"): ${describeFailure(error)}; it expires with the window.`,
      );
    }
  }

  async #attempt(
    prepared: PreparedRequest,
    options: SendOptions,
    callSignal: AbortSignal,
    attempt: number,
  ): Promise<TransportResult> {
    const config = this.#config;
    const timeoutMs = options.timeoutMs ?? config.timeoutMs;
    const link = followSignal(callSignal, (reason) => reason);
    const controller = link.controller;
    const timer = setTimeout(
      () =>
        controller.abort(
          new APITimeoutError(
            `${prepared.label} got no complete answer within ${timeoutMs} ms${afterAttempts(attempt)}. Raise \`timeoutMs\` or retry later.`,
            { attempts: attempt },
          ),
        ),
      timeoutMs,
    );
    const started = config.now();
    config.logger.debug(`→ ${prepared.label} (attempt ${attempt})`);
    try {
      let response: Response;
      let text: string;
      try {
        response = await config.fetch(prepared.url, {
          method: prepared.method,
          headers: prepared.headers,
          body: prepared.body,
          signal: controller.signal,
        });
        text = response.status === 204 ? '' : await response.text();
      } catch (cause) {
        if (controller.signal.aborted) throw controller.signal.reason;
        throw new APIConnectionError(
          `Could not reach the service for ${prepared.label}${afterAttempts(attempt)}. ${connectionAdvice(config.baseUrl)}`,
          { cause, attempts: attempt },
        );
      }
      const requestId = response.headers.get('x-request-id') ?? response.headers.get('request-id');
      config.logger.debug(
        `← ${response.status} ${prepared.label} in ${config.now() - started} ms`,
        requestId ? { requestId } : undefined,
      );
      if (!response.ok) throw this.#errorFor(prepared, response, text, attempt);
      return { response, body: parseBody(text, prepared.label), attempts: attempt };
    } finally {
      clearTimeout(timer);
      link.unlink();
    }
  }

  #errorFor(
    prepared: PreparedRequest,
    response: Response,
    text: string,
    attempt: number,
  ): APIError {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.#config.now());
    const { secrets } = this.#config;
    return createAPIError({
      status: response.status,
      statusText: redactSecrets(response.statusText, secrets),
      // Services sometimes echo the credentials they reject: keep them out of messages and copies.
      errors: errorsOf(text).map((item) => redactJson(item, secrets)),
      headers: response.headers,
      request: prepared.label,
      attempts: attempt,
      retryAfterMs,
      bucket: prepared.bucket,
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

function parseBody(text: string, label: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ShiptrackError(
      `The service answered ${label} with a body that is not JSON. Check that \`baseUrl\` points at the REST API (it ends in /v2).`,
      { cause },
    );
  }
}

function errorsOf(text: string): JsonApiErrorObject[] {
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'errors' in parsed) {
      const { errors } = parsed;
      if (Array.isArray(errors)) {
        return errors.filter(
          (item): item is JsonApiErrorObject => typeof item === 'object' && item !== null,
        );
      }
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone describes the failure.
  }
  return [];
}

/** ` (after 3 attempts)` when a call was retried, else nothing. */
function afterAttempts(attempts: number): string {
  return attempts > 1 ? ` (after ${attempts} attempts)` : '';
}

function describeFailure(error: unknown): string {
  if (error instanceof APIError) return `status ${error.status}`;
  if (error instanceof Error) return error.name;
  return 'an error';
}

function requestIdFields(error: unknown): Record<string, unknown> | undefined {
  return error instanceof APIError && error.requestId ? { requestId: error.requestId } : undefined;
}
