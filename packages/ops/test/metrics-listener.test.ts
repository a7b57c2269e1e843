import { describe, expect, it } from 'vitest';
import { Readiness } from '../src/health/readiness.js';
import { startMetricsListener } from '../src/http/metrics-listener.js';
import { startTelemetry } from '../src/telemetry/start.js';

describe('startMetricsListener', () => {
  it('serves the metrics, /healthz and /readyz on a port of its own, and nothing else', async () => {
    const telemetry = await startTelemetry({
      serviceName: 'listener-test',
      serviceVersion: '1',
      metrics: true,
      env: {},
    });
    const readiness = new Readiness().add({
      name: 'db',
      check: async () => ({ ok: false, detail: 'down' }),
    });
    const listener = await startMetricsListener(
      { port: 0, host: '127.0.0.1' },
      telemetry,
      readiness,
    );
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const metrics = await fetch(listener.url);
      expect(metrics.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(await metrics.text()).toContain('service_name="listener-test"');
      const origin = new URL(listener.url).origin;
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      const ready = await fetch(`${origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { db: { ok: false, detail: 'down' } } });
      const other = await fetch(`${origin}/mcp`, { method: 'POST', body: '{}' });
      expect(other.status).toBe(404);
      expect(await other.text()).toContain('Metrics are at /metrics.');
    } finally {
      await listener.close();
      await telemetry.shutdown();
    }
  });
});
