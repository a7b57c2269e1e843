import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, inProcessHarness, TEST_START, trackingRequestBody } from './harness.js';

describe('control API', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness();
  });
  afterEach(() => h.close());

  it('reports and advances the clock', async () => {
    expect((await h.control('GET', '/clock')).body).toMatchObject({
      now: TEST_START,
      mode: 'manual',
    });
    const advanced = await h.control('POST', '/clock/advance', { seconds: 90 });
    expect(advanced.body.now).toBe('2025-03-01T00:01:30Z');
    for (const body of [{}, { seconds: -1 }, { seconds: 'a day' }, { seconds: 1, extra: true }]) {
      const bad = await h.control('POST', '/clock/advance', body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('seeds the empty dataset and resets to it, keeping the API keys valid', async () => {
    await h.api('POST', '/tracking_requests', { body: trackingRequestBody('CSQU3054383', 'MSCU') });
    const seeded = await h.control('POST', '/seed', { dataset: 'empty' });
    expect(seeded.body.dataset).toBe('empty');
    expect((await h.api('GET', '/shipments')).body.meta.total).toBe(0);
    await h.api('POST', '/tracking_requests', { body: trackingRequestBody('CSQU3054383', 'MSCU') });
    await h.control('POST', '/reset');
    expect((await h.api('GET', '/tracking_requests')).body.meta.total).toBe(0);
    expect((await h.control('POST', '/seed', { dataset: 'galaxy' })).status).toBe(422);
    await h.control('POST', '/seed', { dataset: 'demo' });
    expect((await h.api('GET', '/shipments')).body.meta.total).toBe(4);
  });

  it('restarts the seeded ids on reset, so runs are reproducible', async () => {
    const first = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody('CSQU3054383', 'MSCU'),
    });
    await h.control('POST', '/reset');
    const second = await h.api('POST', '/tracking_requests', {
      body: trackingRequestBody('CSQU3054383', 'MSCU'),
    });
    expect(second.body.data.id).toBe(first.body.data.id);
  });
});
