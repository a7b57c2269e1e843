import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
