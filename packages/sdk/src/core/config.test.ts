import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client.js';
import { DEFAULT_BASE_URL, resolveConfig } from './config.js';
import { ConfigurationError } from './errors.js';

afterEach(() => vi.unstubAllEnvs());

describe('resolveConfig', () => {
  it('throws ConfigurationError at construction when no key is given', () => {
    vi.stubEnv('SVC_API_TOKEN', '');
    expect(() => resolveConfig({})).toThrow(ConfigurationError);
    expect(() => resolveConfig({})).toThrow(/SVC_API_TOKEN/);
  });

  it('reads the key and base URL from the environment', () => {
    vi.stubEnv('SVC_API_TOKEN', 'env-key');
    vi.stubEnv('SVC_API_BASE_URL', 'http://localhost:4010/v2/');
    const config = resolveConfig({});
    expect(config.authorization).toBe('Token env-key');
    expect(config.baseUrl).toBe('http://localhost:4010/v2');
  });

  it('defaults to the spec server and the documented limits', () => {
    vi.stubEnv('SVC_API_BASE_URL', '');
    const config = resolveConfig({ apiKey: 'k' });
    expect(config.baseUrl).toBe(DEFAULT_BASE_URL);
    expect(config).toMatchObject({ format: 'mapped', maxRetries: 2, timeoutMs: 60_000 });
  });

  it('sends OAuth access tokens as Bearer', () => {
    expect(resolveConfig({ accessToken: 'tok' }).authorization).toBe('Bearer tok');
    expect(resolveConfig({ apiKey: 'tok', authScheme: 'Bearer' }).authorization).toBe('Bearer tok');
    expect(() => resolveConfig({ apiKey: 'a', accessToken: 'b' })).toThrow(ConfigurationError);
  });

  it('rejects a base URL that does not end in /v2, without echoing the key', () => {
    const attempt = () =>
      resolveConfig({ apiKey: 'secret-key-123', baseUrl: 'https://api.example.test/v1' });
    expect(attempt).toThrow(/must end in \/v2/);
    try {
      attempt();
    } catch (error) {
      expect(String(error)).not.toContain('secret-key-123');
    }
  });

  it('rejects a key that still carries its scheme, and bad numbers', () => {
    expect(() => resolveConfig({ apiKey: 'Token abc' })).toThrow(/without the "Token " prefix/);
    expect(() => resolveConfig({ apiKey: 'k', maxRetries: -1 })).toThrow(ConfigurationError);
  });

  it('rejects a time-out or deadline of 0, below 0 or not finite, saying what is allowed', () => {
    for (const value of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => resolveConfig({ apiKey: 'k', timeoutMs: value })).toThrow(ConfigurationError);
      expect(() => resolveConfig({ apiKey: 'k', timeoutMs: value })).toThrow(
        `\`timeoutMs\` must be a finite number above 0, got ${value}. Leave it out for the default.`,
      );
      expect(() => resolveConfig({ apiKey: 'k', deadlineMs: value })).toThrow(/`deadlineMs`/);
    }
    expect(resolveConfig({ apiKey: 'k', timeoutMs: 1 }).timeoutMs).toBe(1);
  });

  it('rejects an unknown log level, listing the levels', () => {
    // @ts-expect-error: not a LogLevel
    expect(() => resolveConfig({ apiKey: 'k', logLevel: 'verbose' })).toThrow(
      '`logLevel` must be one of "debug", "info", "warn", "error", "off", got "verbose".',
    );
    expect(() => resolveConfig({ apiKey: 'k', logLevel: 'off' })).not.toThrow();
  });
});

describe('createClient rate-limit options', () => {
  it('rejects an unknown bucket in rateLimit.limits, naming the buckets', () => {
    // @ts-expect-error: "refresh" is not a bucket of the spec
    const attempt = () => createClient({ apiKey: 'k', rateLimit: { limits: { refresh: 5 } } });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(
      '`rateLimit.limits` names an unknown bucket "refresh". The buckets are "default", "create_tracking_request", "infer_tracking_number", "refresh_container".',
    );
  });

  it('rejects limits that are not counts above 0, and a negative maxWaitMs', () => {
    for (const limit of [0, -5, 1.5, { windowMs: 0 }]) {
      expect(() =>
        createClient({ apiKey: 'k', rateLimit: { limits: { refresh_container: limit } } }),
      ).toThrow(/`rateLimit.limits.refresh_container` must be a whole number of requests above 0/);
    }
    expect(() => createClient({ apiKey: 'k', rateLimit: { maxWaitMs: -1 } })).toThrow(
      /`rateLimit.maxWaitMs` must be/,
    );
    expect(() =>
      createClient({
        apiKey: 'k',
        rateLimit: { limits: { default: 300, refresh_container: { windowMs: 30_000 } } },
      }),
    ).not.toThrow();
  });
});
