/**
 * Comma-separated query parameters (`include`, `filter[document_types]`)
 * are read by one parser: an empty item (`x,,y`, a leading or trailing
 * comma) is a 400 naming the parameter, never silently dropped or matched.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, inProcessHarness } from './harness.js';

describe('comma-separated parameters', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ rateLimits: false });
  });
  afterEach(() => h.close());

  it('refuses an empty item with a 400 naming the parameter', async () => {
    for (const [path, parameter] of [
      [
        '/documents?filter[document_types]=bill_of_lading,,arrival_notice',
        'filter[document_types]',
      ],
      ['/documents?filter[document_types]=bill_of_lading,', 'filter[document_types]'],
      ['/documents?filter[document_types]=,bill_of_lading', 'filter[document_types]'],
      ['/documents?filter[document_types]=a, ,b', 'filter[document_types]'],
      ['/shipments?include=containers,,pod_terminal', 'include'],
      ['/documents?include=shipments,', 'include'],
    ] as const) {
      const refused = await h.api('GET', path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.errors[0].source).toEqual({ parameter });
      expect(refused.body.errors[0].detail).toContain('empty item');
    }
  });

  it('reads lists without empty items as before', async () => {
    const types = await h.api(
      'GET',
      '/documents?filter[document_types]=arrival_notice, delivery_order',
    );
    expect(types.status).toBe(200);
    expect(types.body.data.length).toBeGreaterThan(0);
    expect((await h.api('GET', '/shipments?include=containers,pod_terminal')).status).toBe(200);
    // A blank value is no list: include= embeds nothing, a blank filter filters nothing.
    expect((await h.api('GET', '/shipments?include=')).body.included).toBeUndefined();
    const all = await h.api('GET', '/documents');
    const blank = await h.api('GET', '/documents?filter[document_types]=');
    expect(blank.body.data).toEqual(all.body.data);
  });
});
