/**
 * Error lines a person reads: secrets replaced whole (never a fragment
 * inside a word), each hint said once, a bad base URL a usage error. Runs
 * `main` in this process against the mock over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactSecrets } from '../src/errors/redact.js';
import { errorOf, shiptrack, startTestMock, TEST_API_KEY, type TestMock } from './helpers.js';

let mock: TestMock;

beforeAll(async () => {
  mock = await startTestMock();
});

afterAll(async () => {
  await mock?.close();
});

describe('redaction', () => {
  it('replaces a secret where it stands as a word, never inside another word', () => {
    expect(redactSecrets('for example, the key x was sent', ['x'])).toBe(
      'for example, the key [redacted] was sent',
    );
    expect(redactSecrets('extra exit x', ['x', 'ex'])).toBe('extra exit [redacted]');
  });

  it('replaces a long secret with the whole word it is glued into', () => {
    const key = 'sk_live_9f8e7d6c5b';
    expect(redactSecrets(`Token=${key}, header Bearer${key}.`, [key])).toBe(
      'Token=[redacted], header [redacted].',
    );
  });

  it('keeps the CLI’s own words whole when the key is a short or common word', async () => {
    for (const key of ['x', 'wrong', 'is']) {
      const run = await shiptrack(['containers', 'list'], {
        env: { SVC_API_TOKEN: key, SVC_API_BASE_URL: mock.url },
      });
      expect(run.code, key).toBe(3);
      const { message } = errorOf(run).error;
      expect(message, key).toContain('it is wrong or revoked');
      expect(message, key).not.toContain('[redacted]');
    }
  });
});

describe('hints', () => {
  it('says what to check once when the service cannot be reached', async () => {
    const stopped = await startTestMock();
    await stopped.close();
    const run = await shiptrack(['containers', 'list', '--max-retries', '0'], {
      env: { SVC_API_TOKEN: 'sk_test_hint_once_0000', SVC_API_BASE_URL: stopped.url },
    });
    expect(run.code).toBe(8);
    const { message } = errorOf(run).error;
    expect(message).toMatch(/^Could not reach the service for GET \/v2\/containers\. Check /);
    expect(message.match(/Check the network/g)).toHaveLength(1);
    // The SDK's advice names its own option (`baseUrl`): the CLI says --base-url instead.
    expect(message).not.toContain('`baseUrl`');
    expect(message).toContain('--base-url or SVC_API_BASE_URL');
  });

  it('names --timeout, not the SDK’s timeoutMs, when the service answers too slowly', async () => {
    // Held until the mock's clock moves, which it does not here: the answer comes after any time-out.
    await mock.mock.stubs(TEST_API_KEY).add({
      request: { method: 'GET', path: '/v2/containers' },
      response: {
        status: 503,
        body: { errors: [{ status: '503', title: 'Service Unavailable' }] },
        delay: { ms: 3_600_000, clock: 'mock' },
      },
      times: 1,
    });
    const run = await shiptrack(['containers', 'list', '--max-retries', '0', '--timeout', '1ms'], {
      env: { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url },
    });
    expect(run.code).toBe(8);
    const { message } = errorOf(run).error;
    expect(message).toContain('--timeout');
    expect(message).not.toContain('timeoutMs');
  });
});
