/**
 * `api_slug` names a field in URLs: only a safe identifier is accepted,
 * and a path with a dot segment (`..`, `%2e`) is refused over the network
 * rather than resolved to its parent (where `custom_fields/..` would
 * answer the shipment itself).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import { type Harness, httpHarness } from './harness.js';
import { rawRequest } from './raw-http.js';

describe('custom field slugs', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
  });
  afterEach(() => h.close());

  const define = (apiSlug: string) =>
    h.api('POST', '/custom_field_definitions', {
      body: {
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Shipment',
            api_slug: apiSlug,
            display_name: 'Field',
            data_type: 'short_text',
          },
        },
      },
    });

  it('refuses a slug that is not a safe identifier, naming the pattern', async () => {
    for (const slug of ['.', '..', 'a.b', '-lead', '_lead', 'two words', 'é', 'a/b', 'x%2e']) {
      const refused = await define(slug);
      expect(refused.status, slug).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'invalid',
        source: { pointer: '/data/attributes/api_slug' },
      });
      expect(refused.body.errors[0].detail).toContain('^[A-Za-z0-9][A-Za-z0-9_-]*$');
    }
    for (const slug of ['po_number_2', 'Delivery-Window', '9lives']) {
      expect((await define(slug)).status, slug).toBe(201);
    }
  });

  it('refuses a path with a dot segment instead of resolving it to the parent', async () => {
    const shipments = await h.api('GET', '/shipments?page[size]=1');
    const id: string = shipments.body.data[0].id;
    const port = Number(new URL(h.baseUrl).port);
    for (const segment of ['..', '.', '%2e%2e', '%2E.', '.%2e', '%2e']) {
      const path = `/v2/shipments/${id}/custom_fields/${segment}`;
      const answer = await rawRequest({
        port,
        method: 'GET',
        path,
        headers: { host: `127.0.0.1:${port}`, authorization: `Token ${DEMO_API_KEY}` },
      });
      expect(answer.status, path).toBe(400);
      expect(answer.body.errors[0].code).toBe('dot_segment');
      expect(answer.body.errors[0].detail).toContain('"." or ".."');
    }
    // Dots inside a segment are no dot segment.
    const dotted = await rawRequest({
      port,
      method: 'GET',
      path: `/v2/shipments/${id}/custom_fields/a..b`,
      headers: { host: `127.0.0.1:${port}`, authorization: `Token ${DEMO_API_KEY}` },
    });
    expect(dotted.status).not.toBe(400);
  });
});
