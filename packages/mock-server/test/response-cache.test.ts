import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import type { JsonBody } from './harness.js';
import { type Harness, inProcessHarness } from './harness.js';

describe('read cache', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness();
  });
  afterEach(() => h.close());

  it('never serves a read from before a change', async () => {
    const [shipment] = (await h.api('GET', '/shipments')).body.data;
    const path = `/shipments/${shipment.id}`;
    await h.api('GET', path);
    expect((await h.api('GET', path)).body.data.attributes.tags).not.toContain('cache-check');
    await h.api('PATCH', path, {
      body: { data: { type: 'shipment', id: shipment.id, attributes: { tags: ['cache-check'] } } },
    });
    expect((await h.api('GET', path)).body.data.attributes.tags).toEqual(['cache-check']);
    const listed = (await h.api('GET', '/shipments')).body.data.find(
      (item: JsonBody) => item.id === shipment.id,
    );
    expect(listed.attributes.tags).toEqual(['cache-check']);
  });

  it('keeps accounts apart on the same URL', async () => {
    const ids = async (apiKey?: string) =>
      (await h.api('GET', '/shipments', apiKey ? { apiKey } : {})).body.data
        .map((item: JsonBody) => item.id)
        .sort();
    const first = await ids();
    const second = await ids(DEMO_SECOND_API_KEY);
    expect(await ids()).toEqual(first);
    expect(second).not.toEqual(first);
  });

  it('answers `Cache-Control: no-cache` afresh, and plain reads from the cache', async () => {
    const [listed] = (await h.api('GET', '/shipments')).body.data;
    const path = `/shipments/${listed.id}`;
    const cached = await h.api('GET', path);
    // Change the record behind the cache's back (no `engine.touch()`): only a
    // read that skips the cache can see it.
    const record = h.mock.engine.store.shipments.get(listed.id);
    if (record === undefined) throw new Error('the listed shipment is not in the store');
    record.tags = ['changed-silently'];
    expect((await h.api('GET', path)).body).toEqual(cached.body);
    const fresh = await h.api('GET', path, { headers: { 'cache-control': 'no-cache' } });
    expect(fresh.body.data.attributes.tags).toEqual(['changed-silently']);
  });

  it('answers a read the registry leaves uncached afresh every time', async () => {
    const created = await h.api('POST', '/webhooks', {
      body: {
        data: {
          type: 'webhook',
          attributes: {
            active: true,
            url: 'https://hooks.example.com/x',
            events: ['container.updated'],
          },
        },
      },
    });
    const { id } = created.body.data;
    expect((await h.api('GET', `/webhooks/${id}`)).body.data.attributes.active).toBe(true);
    // The webhook subsystem changes a webhook without moving the engine's
    // revision; a cached `getWebhook` would answer the old state.
    const accountId = h.mock.engine.webhooks.webhooks.find(id)?.accountId;
    if (accountId === undefined) throw new Error('the created webhook is not in the store');
    h.mock.engine.webhooks.webhooks.update(accountId, id, { active: false });
    expect((await h.api('GET', `/webhooks/${id}`)).body.data.attributes.active).toBe(false);
  });
});
