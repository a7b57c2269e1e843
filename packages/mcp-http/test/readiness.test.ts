/**
 * Liveness and readiness against real parts: `/readyz` goes 503, naming
 * the dependency, while the REST service (the mock over HTTP, closed and
 * started again on its port) or Redis (a redis-server killed and
 * restarted) cannot serve, and 200 again when it returns; it says
 * `draining` from the start of a drain; `/healthz` and `/health` stay up.
 */
import { startMockServer } from '@shiptrack/mock-server';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { type Host, MOCK_START, startHost } from './support/host.js';

interface ReadyBody {
  status: string;
  checks: Record<string, { ok: boolean; detail?: string }>;
}

/** GETs a path of the host's origin. */
function get(host: Host, path: string): Promise<Response> {
  return fetch(new URL(path, host.server.origin));
}

/** Waits until `/readyz` answers `status` (checks are reused for up to a second between probes). */
function readyzUntil(host: Host, status: number): Promise<ReadyBody> {
  return eventually(async () => {
    const response = await get(host, '/readyz');
    const body = (await response.json()) as ReadyBody;
    if (response.status !== status) {
      throw new Error(`/readyz answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return body;
  });
}

describe('readiness of the REST service', () => {
  it('is ready while the service answers, 503 naming the upstream while it is down, ready again after', async () => {
    const mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    const port = Number(new URL(mock.url).port);
    const host = await startHost({}, mock);
    let again: Awaited<ReturnType<typeof startMockServer>> | undefined;
    try {
      const ready = await readyzUntil(host, 200);
      expect(ready).toMatchObject({ status: 'ready', checks: { upstream: { ok: true } } });
      await mock.close();
      const down = await readyzUntil(host, 503);
      expect(down.status).toBe('not_ready');
      expect(down.checks.upstream?.ok).toBe(false);
      expect(down.checks.upstream?.detail).toBeTruthy();
      const answer = await get(host, '/readyz');
      expect(answer.headers.get('retry-after')).toBe('5');
      // Alive all the same: liveness says nothing of dependencies.
      expect((await get(host, '/healthz')).status).toBe(200);
      expect((await get(host, '/health')).status).toBe(200);
      again = await startMockServer({ port, clock: { mode: 'manual', startAt: MOCK_START } });
      expect((await readyzUntil(host, 200)).checks.upstream?.ok).toBe(true);
    } finally {
      await host.close();
      await again?.close();
    }
  });
});

describe('draining', () => {
  it('answers /readyz 503 draining from the start of a drain, before connections are refused', async () => {
    const host = await startHost({ drainDelayMs: 60_000 });
    try {
      await readyzUntil(host, 200);
      const drained = host.server.drain();
      const body = await readyzUntil(host, 503);
      expect(body).toEqual({ status: 'draining', checks: {} });
      // Still taking connections during the delay: liveness answers.
      expect((await get(host, '/healthz')).status).toBe(200);
      await host.server.close();
      await drained;
    } finally {
      await host.close();
    }
  });
});

describe('readiness of the authorization server in OAuth mode', () => {
  it('fails the jwks check while the authorization server cannot be reached', async () => {
    const host = await startHost({
      publicUrl: 'http://127.0.0.1/mcp',
      oauth: { issuer: 'http://127.0.0.1:9', subjectKeys: { user: 'key' } },
    });
    try {
      const body = await readyzUntil(host, 503);
      expect(body.checks.jwks?.ok).toBe(false);
      expect(body.checks.upstream?.ok).toBe(true);
    } finally {
      await host.close();
    }
  });
});

describeWithRedis('readiness of Redis (--redis-url)', () => {
  const redis = useRedisServer();

  it('is 503 naming redis while redis-server is down, and ready again once it is back', async () => {
    const host = await startHost({ redisUrl: redis.url() });
    try {
      expect((await readyzUntil(host, 200)).checks.redis?.ok).toBe(true);
      await redis.server().kill();
      const down = await readyzUntil(host, 503);
      expect(down.checks.redis?.ok).toBe(false);
      expect(down.checks.upstream?.ok).toBe(true);
      // The URL (it may hold a password) is not in the answer.
      expect(JSON.stringify(down)).not.toContain(redis.url());
      await redis.server().restart();
      expect((await readyzUntil(host, 200)).checks.redis?.ok).toBe(true);
    } finally {
      await host.close();
    }
  });
});
