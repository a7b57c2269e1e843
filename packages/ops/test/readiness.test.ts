import { describe, expect, it } from 'vitest';
import { Readiness } from '../src/health/readiness.js';
import { livenessResponse, readinessResponse } from '../src/health/responses.js';

describe('Readiness', () => {
  it('is ready when every check passes, and names the one that fails', async () => {
    let redisUp = true;
    const readiness = new Readiness({ reuseMs: 0 })
      .add({ name: 'upstream', check: async () => ({ ok: true }) })
      .add({
        name: 'redis',
        check: async () => (redisUp ? { ok: true } : { ok: false, detail: 'down' }),
      });
    expect((await readiness.report()).status).toBe('ready');
    redisUp = false;
    const report = await readiness.report();
    expect(report.status).toBe('not_ready');
    expect(report.checks.redis).toMatchObject({ ok: false, detail: 'down' });
    expect(report.checks.upstream?.ok).toBe(true);
    const response = await readinessResponse(readiness);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('fails a check that throws or does not answer within its time limit', async () => {
    const readiness = new Readiness({ timeoutMs: 20, reuseMs: 0 })
      .add({ name: 'throws', check: async () => Promise.reject(new Error('boom')) })
      .add({
        name: 'hangs',
        check: (signal) =>
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      });
    const report = await readiness.report();
    expect(report.checks.throws).toMatchObject({ ok: false, detail: 'boom' });
    expect(report.checks.hangs).toMatchObject({ ok: false, detail: 'no answer within 20 ms' });
  });

  it('runs one round of checks for probes that arrive together, and reuses it within reuseMs', async () => {
    let runs = 0;
    const readiness = new Readiness({ reuseMs: 60_000 }).add({
      name: 'counted',
      check: async () => {
        runs++;
        return { ok: true };
      },
    });
    await Promise.all([readiness.report(), readiness.report(), readiness.report()]);
    await readiness.report();
    expect(runs).toBe(1);
  });

  it('says draining, without running checks, once drain() was called', async () => {
    let runs = 0;
    const readiness = new Readiness().add({
      name: 'x',
      check: async () => ({ ok: true, detail: String(++runs) }),
    });
    readiness.drain();
    expect(await readiness.report()).toEqual({ status: 'draining', checks: {} });
    expect(runs).toBe(0);
    expect((await readinessResponse(readiness)).status).toBe(503);
    expect(livenessResponse().status).toBe(200);
  });

  it('tells when a check starts and stops failing, once each', async () => {
    let up = false;
    const changes: string[] = [];
    const readiness = new Readiness({
      reuseMs: 0,
      onChange: (name, outcome) => changes.push(`${name}:${outcome.ok}`),
    }).add({
      name: 'redis',
      check: async () => ({ ok: up }),
    });
    await readiness.report();
    await readiness.report();
    up = true;
    await readiness.report();
    expect(changes).toEqual(['redis:false', 'redis:true']);
  });
});
