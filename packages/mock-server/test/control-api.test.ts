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

  it('gives new ids after a reset (webhooks and notifications too), reproducibly', async () => {
    const accept = async () => new Response(null, { status: 204 });
    /** Creates a webhook and a request that fails a minute later; returns every id it made. */
    const round = async (harness: Harness): Promise<string[]> => {
      const webhook = await harness.api('POST', '/webhooks', {
        body: {
          data: {
            type: 'webhook',
            attributes: {
              url: 'https://receiver.example/hooks',
              active: true,
              events: ['tracking_request.failed'],
            },
          },
        },
      });
      const request = await harness.api('POST', '/tracking_requests', {
        body: trackingRequestBody('MSCU1234567', 'MSCU'),
      });
      await harness.advance(60);
      const notifications = await harness.api('GET', '/webhook_notifications');
      expect(notifications.body.data).toHaveLength(1);
      return [webhook.body.data.id, request.body.data.id, notifications.body.data[0].id];
    };
    const run = async (harness: Harness) => {
      const before = await round(harness);
      await harness.control('POST', '/reset');
      return { before, after: await round(harness) };
    };

    const first = inProcessHarness({ fetch: accept, dataset: 'empty' });
    const second = inProcessHarness({ fetch: accept, dataset: 'empty' });
    try {
      const a = await run(first);
      for (const id of a.after) expect(a.before).not.toContain(id);
      // The same operations from a fresh start give the same ids, resets included.
      expect(await run(second)).toEqual(a);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
