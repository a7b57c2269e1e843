import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Harness, httpHarness, inProcessHarness } from './harness.js';

describe('faults', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ dataset: 'empty' });
  });
  afterEach(() => h.close());

  it('answers an injected 5xx for a count of matching requests only', async () => {
    const added = await h.control('POST', '/faults', {
      method: 'GET',
      path: '/v2/shipping_lines',
      status: 503,
      count: 2,
    });
    expect(added.status).toBe(201);
    expect((await h.api('GET', '/shipments')).status).toBe(200);
    expect((await h.api('GET', '/shipping_lines')).status).toBe(503);
    expect((await h.api('GET', '/shipping_lines')).status).toBe(503);
    expect((await h.api('GET', '/shipping_lines')).status).toBe(200);
  });

  it('forces a 429 with the given Retry-After', async () => {
    await h.control('POST', '/faults', { path: '/v2/**', rateLimit: { retryAfter: 7 }, count: 1 });
    const limited = await h.api('GET', '/shipments');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
  });

  it('drops the connection without an answer', async () => {
    await h.control('POST', '/faults', { path: '/v2/shipments', drop: true, count: 1 });
    await expect(fetch(`${h.baseUrl}/shipments`)).rejects.toThrow();
    expect((await h.api('GET', '/shipments')).status).toBe(200);
  });

  it('applies a probability with a seeded PRNG, the same way every time', async () => {
    const pattern = async () => {
      await h.control('DELETE', '/faults');
      await h.control('POST', '/faults', {
        path: '/v2/shipments',
        status: 500,
        probability: 0.5,
        seed: 'chaos',
      });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await h.api('GET', '/shipments')).status);
      return statuses;
    };
    const first = await pattern();
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect(await pattern()).toEqual(first);
  });

  it('rejects a fault without an effect and clears faults on DELETE and reset', async () => {
    const invalid = await h.control('POST', '/faults', { path: '/v2/**' });
    expect(invalid.status).toBe(422);
    await h.control('POST', '/faults', { path: '/v2/**', status: 500 });
    expect((await h.control('GET', '/faults')).body.faults).toHaveLength(1);
    await h.control('POST', '/reset');
    expect((await h.api('GET', '/shipments')).status).toBe(200);
  });
});

describe('latency faults', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the answer back for exactly the injected latency', async () => {
    const h = inProcessHarness({ dataset: 'empty' });
    await h.control('POST', '/faults', { path: '/v2/shipments', latencyMs: 150, count: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let settled = false;
    const answer = h.api('GET', '/shipments').then((response) => {
      settled = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(149);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(200);
    await h.close();
  });
});
