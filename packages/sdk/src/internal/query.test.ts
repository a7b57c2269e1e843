import { describe, expect, it } from 'vitest';
import { serializeQuery } from './query.js';

describe('serializeQuery', () => {
  it('keeps brackets literal, joins arrays with commas and skips empty values', () => {
    expect(
      serializeQuery({
        'page[number]': 2,
        include: ['shipment', 'pod_terminal'],
        'filter[created_at][start]': new Date('2026-01-02T03:04:05Z'),
        q: 'a b&c',
        'filter[status]': undefined,
        empty: [],
        none: null,
      }),
    ).toBe(
      'page[number]=2&include=shipment,pod_terminal&filter[created_at][start]=2026-01-02T03%3A04%3A05.000Z&q=a%20b%26c',
    );
  });
});
