import { describe, expect, it } from 'vitest';
import { APIConnectionError, createAPIError } from './errors.js';
import { BACKOFF, backoffDelay, isBeforeSend, isRetryable, parseRetryAfter } from './retry.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads integer seconds', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time until then', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', NOW)).toBe(30_000);
  });

  it('ignores absent, malformed, negative and past values', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:59:00 GMT', NOW)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles from 0.5 s, caps at 8 s, and jitters between half and all of it', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 0.999_999)).toBe(500);
    expect(backoffDelay(2, () => 0.999_999)).toBe(2000);
    expect(backoffDelay(10, () => 0.999_999)).toBe(BACKOFF.capMs);
    expect(backoffDelay(10, () => 0)).toBe(BACKOFF.capMs / 2);
  });
});

describe('isRetryable', () => {
  const status = (code: number) => createAPIError({ status: code });

  it('retries idempotent requests on 408, 429, 5xx and connection failures', () => {
    for (const code of [408, 429, 500, 502, 503])
      expect(isRetryable(status(code), true)).toBe(true);
    expect(isRetryable(new APIConnectionError('reset'), true)).toBe(true);
  });

  it('never retries other client errors', () => {
    for (const code of [400, 401, 403, 404, 422])
      expect(isRetryable(status(code), true)).toBe(false);
  });

  it('retries a non-idempotent write only when it cannot have been processed', () => {
    expect(isRetryable(status(429), false)).toBe(true);
    expect(isRetryable(status(500), false)).toBe(false);
    expect(isRetryable(status(408), false)).toBe(false);
    const refused = new APIConnectionError('refused', {
      cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
    });
    const reset = new APIConnectionError('reset', {
      cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }),
    });
    expect(isBeforeSend(refused)).toBe(true);
    expect(isRetryable(refused, false)).toBe(true);
    expect(isRetryable(reset, false)).toBe(false);
  });
});
