import { describe, expect, it } from 'vitest';
import { operationUrl } from './operation-url.js';

const BASE = 'https://api.example.test/v2';

describe('operationUrl', () => {
  it('percent-encodes each path value as one segment', () => {
    const url = operationUrl(BASE, '/shipments/{shipment_id}/custom_fields/{api_slug}', {
      path: { shipment_id: "a/b c?d#e$'f", api_slug: '$&' },
      query: {},
    });
    expect(url).toBe(`${BASE}/shipments/a%2Fb%20c%3Fd%23e%24'f/custom_fields/%24%26`);
  });

  it('replaces the template only, never the base URL', () => {
    expect(
      operationUrl('https://h.test/{id}/v2', '/ports/{id}', { path: { id: 'x' }, query: {} }),
    ).toBe('https://h.test/{id}/v2/ports/x');
  });

  it('keeps bracketed names, encodes values, joins a list with commas and leaves absent values out', () => {
    const url = operationUrl(BASE, '/containers', {
      path: {},
      query: {
        'page[size]': 100,
        include: ['shipment', 'pod,terminal'],
        q: 'a b&c=d',
        'filter[tracking_stopped]': false,
        'filter[status]': undefined,
        'filter[port]': null,
        'filter[carrier]': [],
      },
    });
    expect(url).toBe(
      `${BASE}/containers?page[size]=100&include=shipment,pod%2Cterminal&q=a%20b%26c%3Dd&filter[tracking_stopped]=false`,
    );
  });

  it('adds no `?` when no query value is sent', () => {
    expect(operationUrl(BASE, '/webhooks', { path: {}, query: { include: undefined } })).toBe(
      `${BASE}/webhooks`,
    );
  });
});
