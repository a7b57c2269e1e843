import { readEnv } from '../internal/env.js';
import type { ClientTelemetry } from './client-telemetry.js';
import { ConfigurationError } from './errors.js';
import type { FetchLike } from './fetch-like.js';
import { RESPONSE_FORMATS, type ResponseFormat } from './format.js';
import { LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
import type { RateLimitOptions } from './rate-limit.js';

/** The REST root of the service, from the spec's first server. */
export const DEFAULT_BASE_URL = 'https://api.tracking-service.invalid/v2';

/** Options of {@link createClient}. Every one is optional when the environment provides credentials. */
export interface ClientOptions<F extends ResponseFormat = 'mapped'> {
  /** API key, sent as `Authorization: Token <key>`. Defaults to `SVC_API_TOKEN`. */
  apiKey?: string;
  /** OAuth 2.1 access token, sent as `Authorization: Bearer <token>`. */
  accessToken?: string;
  /** Scheme of `apiKey`: `Token` (API keys, the default) or `Bearer` (an access token passed as `apiKey`). */
  authScheme?: 'Token' | 'Bearer';
  /** REST root ending in `/v2`. Defaults to `SVC_API_BASE_URL`, then the service's address. */
  baseUrl?: string;
  /** Default response format of every call (default `mapped`); each call can override it. */
  format?: F;
  /** Retries after a failed attempt, where retrying is safe (default 2). */
  maxRetries?: number;
  /** Time limit of each attempt in ms (default 60 000). */
  timeoutMs?: number;
  /** Time limit of a whole call, retries and waits included, in ms (default none). */
  deadlineMs?: number;
  /** Longest `Retry-After` the client waits out, in ms; longer ones throw `RateLimitError` (default 60 000). */
  maxRetryAfterMs?: number;
  /** The `fetch` to use (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** Where to write log lines (default: nowhere). */
  logger?: Logger;
  /** Lowest level written when a logger is given (default `info`). */
  logLevel?: LogLevel;
  /** Client-side rate limiting per bucket (default on, with the spec's limits); `false` turns it off. */
  rateLimit?: false | RateLimitOptions;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /**
   * Told of each attempt, retry, rate-limit wait and failed call: spans and
   * metrics with `openTelemetry` of `@shiptrack/sdk/telemetry`. Default:
   * none (nothing is recorded, nothing more is loaded).
   */
  telemetry?: ClientTelemetry;
}

/** Options after defaults and the environment were applied. */
export interface ResolvedConfig {
  authorization: string;
  /** Values to blank out of log lines and error messages. */
  secrets: string[];
  baseUrl: string;
  format: ResponseFormat;
  maxRetries: number;
  timeoutMs: number;
  deadlineMs: number | undefined;
  maxRetryAfterMs: number;
  fetch: FetchLike;
}

/**
 * A numeric option: `fallback` when absent, else a finite number of 0 or
 * more (above 0 for time limits, since 0 would abort every request at once).
 */
function amount(
  name: string,
  value: number | undefined,
  fallback: number,
  positive = false,
): number {
  if (value === undefined) return fallback;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < 0 ||
    (positive && value === 0)
  ) {
    throw new ConfigurationError(
      `\`${name}\` must be a finite number ${positive ? 'above 0' : 'of 0 or more'}, got ${String(value)}. Leave it out for the default.`,
    );
  }
  return value;
}

/** An option with a fixed set of values: `value`, or a {@link ConfigurationError} listing them. */
function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (allowed.includes(value as T)) return value as T;
  const list = allowed.map((item) => `"${item}"`).join(', ');
  throw new ConfigurationError(`\`${name}\` must be one of ${list}, got "${String(value)}".`);
}

function resolveBaseUrl(option: string | undefined): string {
  const raw = option ?? readEnv('SVC_API_BASE_URL') ?? DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new ConfigurationError(
      `The base URL "${raw}" is not an absolute URL. Pass \`baseUrl\` (or set SVC_API_BASE_URL) like "https://host/v2".`,
      { cause },
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`The base URL must use http or https, got "${url.protocol}".`);
  }
  const trimmed = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  if (!trimmed.endsWith('/v2')) {
    throw new ConfigurationError(
      `The base URL "${trimmed}" must end in /v2 (the API version), for example "${url.origin}/v2".`,
    );
  }
  return trimmed;
}

function resolveAuthorization(options: ClientOptions<ResponseFormat>): {
  authorization: string;
  secret: string;
} {
  if (options.apiKey !== undefined && options.accessToken !== undefined) {
    throw new ConfigurationError('Pass either `apiKey` or `accessToken`, not both.');
  }
  if (options.accessToken !== undefined) {
    const token = options.accessToken.trim();
    if (token === '')
      throw new ConfigurationError('`accessToken` is empty. Pass the OAuth access token.');
    return { authorization: `Bearer ${token}`, secret: token };
  }
  const key = (options.apiKey ?? readEnv('SVC_API_TOKEN'))?.trim();
  if (!key) {
    throw new ConfigurationError(
      'No API key: pass `apiKey` to createClient() or set the SVC_API_TOKEN environment variable (an OAuth access token goes in `accessToken`).',
    );
  }
  if (/\s/.test(key)) {
    throw new ConfigurationError(
      'The API key contains whitespace. Pass the key alone, without the "Token " prefix.',
    );
  }
  const scheme = oneOf('authScheme', options.authScheme ?? 'Token', ['Token', 'Bearer']);
  return { authorization: `${scheme} ${key}`, secret: key };
}

/**
 * Applies defaults and the environment (`SVC_API_TOKEN`, `SVC_API_BASE_URL`)
 * to the client options, and rejects what cannot work with a
 * {@link ConfigurationError} before any request is made.
 */
export function resolveConfig(options: ClientOptions<ResponseFormat>): ResolvedConfig {
  const { authorization, secret } = resolveAuthorization(options);
  const format = oneOf('format', options.format ?? 'mapped', RESPONSE_FORMATS);
  if (options.logLevel !== undefined) oneOf('logLevel', options.logLevel, LOG_LEVELS);
  if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
    throw new ConfigurationError(
      'No fetch is available in this runtime: pass one as the `fetch` option.',
    );
  }
  // Looked up per call, so interceptors installed after createClient() (msw, nock) still apply.
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    authorization,
    secrets: [secret],
    baseUrl: resolveBaseUrl(options.baseUrl),
    format,
    maxRetries: Math.floor(amount('maxRetries', options.maxRetries, 2)),
    timeoutMs: amount('timeoutMs', options.timeoutMs, 60_000, true),
    deadlineMs:
      options.deadlineMs === undefined
        ? undefined
        : amount('deadlineMs', options.deadlineMs, 0, true),
    maxRetryAfterMs: amount('maxRetryAfterMs', options.maxRetryAfterMs, 60_000),
    fetch: fetchImpl,
  };
}
