/**
 * Rate limits over real HTTP: the spec's buckets, overrides of limit and
 * window (option, account, run time through the control API), limits off,
 * and the manual-clock rule: windows run on wall time plus clock advances,
 * so a manual clock never locks a client out. The wall clock is faked
 * (`Date` only), so no test waits and none depends on the machine's speed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import type { MockServerOptions } from '../src/index.js';
import { createMockServer } from '../src/index.js';
import { type Harness, httpHarness } from './harness.js';

let h: Harness | undefined;

async function start(options: MockServerOptions = {}): Promise<Harness> {
  vi.useFakeTimers({ toFake: ['Date'] });
  h = await httpHarness({ dataset: 'empty', ...options });
  return h;
}

afterEach(async () => {
  await h?.close();
  h = undefined;
  vi.useRealTimers();
});

/** Sends `count` reads and returns their statuses. */
async function reads(harness: Harness, count: number, apiKey = DEMO_API_KEY): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await harness.api('GET', '/shipping_lines', { apiKey })).status);
  }
  return statuses;
}

const OK = 200;

describe('the spec limits', () => {
  it('allows 100 requests a minute per key on the default bucket, then 429 with Retry-After', async () => {
    const mock = await start();
    expect(await reads(mock, 100)).toEqual(Array(100).fill(OK));
    const limited = await mock.api('GET', '/shipments');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body.errors).toEqual([
      expect.objectContaining({ status: '429', title: 'Too Many Requests' }),
    ]);
    // Another key and another bucket are counted apart.
    expect((await mock.api('GET', '/shipments', { apiKey: DEMO_SECOND_API_KEY })).status).toBe(OK);
    const infer = await mock.api('POST', '/tracking_requests/infer_number', {
      body: { number: 'MAEU123' },
      contentType: 'application/json',
    });
    expect(infer.status).toBe(OK);
  });
});

describe('the manual clock', () => {
  it('never locks a client out: a window ends in real time without any advance', async () => {
    const mock = await start({ rateLimits: { default: 2 } });
    expect(await reads(mock, 3)).toEqual([OK, OK, 429]);
    expect((await mock.control('GET', '/clock')).body.mode).toBe('manual');
    vi.setSystemTime(Date.now() + 59_000);
    expect((await mock.api('GET', '/shipments')).headers.get('retry-after')).toBe('1');
    vi.setSystemTime(Date.now() + 1_000);
    expect(await reads(mock, 1)).toEqual([OK]);
  });

  it('ends a window at once when the clock is advanced past it', async () => {
    const mock = await start({ rateLimits: { default: 2 } });
    expect(await reads(mock, 3)).toEqual([OK, OK, 429]);
    await mock.advance(30);
    expect((await mock.api('GET', '/shipments')).headers.get('retry-after')).toBe('30');
    await mock.advance(30);
    expect(await reads(mock, 2)).toEqual([OK, OK]);
  });

  it('logs the first refusal of a window once, with how to get out of it', async () => {
    const lines: string[] = [];
    const logger = { info: (line: string) => lines.push(line), warn: () => {}, error: () => {} };
    const mock = await start({ rateLimits: { default: 1 }, logger });
    expect(await reads(mock, 4)).toEqual([OK, 429, 429, 429]);
    const notes = lines.filter((line) => line.includes('rate limit'));
    expect(notes).toEqual([
      expect.stringContaining('Acme Imports used up the default rate limit (1 requests per 60 s)'),
    ]);
    expect(notes[0]).toContain('advance the clock');
    expect(notes[0]).toContain('--rate-limits off');
    expect(notes[0]).not.toContain(DEMO_API_KEY);
  });
});

describe('overrides', () => {
  it('takes a limit and a window per bucket (100 per 2 s style)', async () => {
    const mock = await start({ rateLimits: { default: { limit: 3, windowSeconds: 2 } } });
    expect(await reads(mock, 4)).toEqual([OK, OK, OK, 429]);
    expect((await mock.api('GET', '/shipments')).headers.get('retry-after')).toBe('2');
    vi.setSystemTime(Date.now() + 2_000);
    expect(await reads(mock, 3)).toEqual([OK, OK, OK]);
  });

  it('keeps the spec window when only the limit is given, and the spec limit when only the window is', async () => {
    const mock = await start({
      rateLimits: { default: 2, refresh_container: { windowSeconds: 5 } },
    });
    expect(mock.mock.rateLimits().buckets.default).toEqual({ limit: 2, windowSeconds: 60 });
    expect(mock.mock.rateLimits().buckets.refresh_container).toEqual({
      limit: 10,
      windowSeconds: 5,
    });
    expect(mock.mock.rateLimits().buckets.create_tracking_request).toEqual({
      limit: 100,
      windowSeconds: 60,
    });
  });

  it('lets an account override the limits in force for its keys', async () => {
    const mock = await start({
      accounts: [{ name: 'Load test', apiKeys: ['load-key'], rateLimits: { default: 1 } }],
    });
    expect(await reads(mock, 2, 'load-key')).toEqual([OK, 429]);
  });

  it('turns every limit off with rateLimits: false', async () => {
    const mock = await start({ rateLimits: false });
    expect(await reads(mock, 101)).toEqual(Array(101).fill(OK));
  });

  it('refuses an unknown bucket or a bad value at creation, naming it', () => {
    expect(() => createMockServer({ rateLimits: { defualt: 5 } as never })).toThrow(
      /unknown bucket "defualt"; the buckets are default, /,
    );
    expect(() => createMockServer({ rateLimits: { default: { windowSeconds: 0 } } })).toThrow(
      'rateLimits.default windowSeconds must be a number of seconds > 0; got 0.',
    );
    expect(() =>
      createMockServer({
        accounts: [{ name: 'Bad', apiKeys: ['k'], rateLimits: { default: 1.5 } }],
      }),
    ).toThrow('Bad rateLimits.default limit must be an integer >= 1; got 1.5.');
  });
});

describe('changing limits at run time', () => {
  it('shows and changes them through the control API until the next reset', async () => {
    const mock = await start();
    const shown = await mock.control('GET', '/rate_limits');
    expect(shown.status).toBe(OK);
    expect(shown.body).toEqual({
      enabled: true,
      buckets: {
        default: { limit: 100, window_seconds: 60 },
        create_tracking_request: { limit: 100, window_seconds: 60 },
        infer_tracking_number: { limit: 200, window_seconds: 60 },
        refresh_container: { limit: 10, window_seconds: 60 },
      },
    });

    const patched = await mock.control('PATCH', '/rate_limits', {
      buckets: { default: { limit: 2, window_seconds: 0.5 } },
    });
    expect(patched.status).toBe(OK);
    expect(patched.body.buckets.default).toEqual({ limit: 2, window_seconds: 0.5 });
    expect(await reads(mock, 3)).toEqual([OK, OK, 429]);
    vi.setSystemTime(Date.now() + 500);
    expect(await reads(mock, 1)).toEqual([OK]);

    expect((await mock.control('PATCH', '/rate_limits', { enabled: false })).body.enabled).toBe(
      false,
    );
    expect(await reads(mock, 5)).toEqual(Array(5).fill(OK));

    await mock.control('POST', '/reset');
    expect((await mock.control('GET', '/rate_limits')).body).toEqual(shown.body);
  });

  it('starts every window afresh on a change', async () => {
    const mock = await start({ rateLimits: { default: 2 } });
    expect(await reads(mock, 3)).toEqual([OK, OK, 429]);
    await mock.control('PATCH', '/rate_limits', {});
    expect(await reads(mock, 2)).toEqual([OK, OK]);
  });

  it('answers 422 listing every problem of a bad change, and changes nothing', async () => {
    const mock = await start();
    const bad = await mock.control('PATCH', '/rate_limits', {
      enabled: 'no',
      limit: 5,
      buckets: { default: { limit: 0, window_seconds: -1, burst: 2 }, everything: { limit: 1 } },
    });
    expect(bad.status).toBe(422);
    expect(
      bad.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer),
    ).toEqual([
      '/limit',
      '/enabled',
      '/buckets/default/burst',
      '/buckets/default/limit',
      '/buckets/default/window_seconds',
      '/buckets/everything',
    ]);
    expect(bad.body.errors[3].detail).toBe('buckets.default.limit must be an integer >= 1.');
    expect((await mock.control('GET', '/rate_limits')).body.buckets.default.limit).toBe(100);
  });

  it('changes them in process with setRateLimits, with the shape of the option', async () => {
    const mock = await start();
    expect(mock.mock.setRateLimits({ default: { limit: 1 } }).buckets.default.limit).toBe(1);
    expect(await reads(mock, 2)).toEqual([OK, 429]);
    expect(mock.mock.setRateLimits(false).enabled).toBe(false);
    expect(await reads(mock, 3)).toEqual([OK, OK, OK]);
    expect(() => mock.mock.setRateLimits({ default: -1 })).toThrow(TypeError);
    mock.mock.reset();
    expect(mock.mock.rateLimits().enabled).toBe(true);
  });
});
