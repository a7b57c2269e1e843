/**
 * Every date-time the mock reads goes through one parser, which refuses
 * what is not on the calendar or the clock (`2025-02-30`, `24:00`, `:60`,
 * an offset of `+24:00`) instead of rolling it over into another day: in
 * custom field values over real HTTP, in date-time filters, and in the
 * clock's start time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../src/create-mock-server.js';
import { parseTimestamp } from '../src/engine/time.js';
import { type Harness, httpHarness } from './harness.js';

const OFF_THE_CALENDAR = [
  '2025-02-30T00:00:00Z',
  '2025-02-29T12:00:00Z',
  '2025-04-31T00:00:00+02:00',
  '2025-13-01T00:00:00Z',
  '2025-00-10T00:00:00Z',
  '2025-03-00T00:00:00Z',
  '2025-03-01T24:00:00Z',
  '2025-03-01T23:60:00Z',
  '2025-03-01T23:59:60Z',
  '2025-03-01T08:00:00+24:00',
  '2025-03-01T08:00:00+05:60',
];

describe('parseTimestamp', () => {
  it('refuses dates and times that are not on the calendar or the clock', () => {
    for (const value of [...OFF_THE_CALENDAR, '2025-02-30', '2023-02-29']) {
      expect(parseTimestamp(value), value).toBeUndefined();
    }
  });

  it('reads real ones, leap days and offsets included', () => {
    expect(parseTimestamp('2024-02-29T12:00:00Z')).toBe(Date.UTC(2024, 1, 29, 12));
    expect(parseTimestamp('2000-02-29')).toBe(Date.UTC(2000, 1, 29));
    expect(parseTimestamp('2025-12-31T23:59:59.5-05:30')).toBe(
      Date.UTC(2026, 0, 1, 5, 29, 59, 500),
    );
    expect(parseTimestamp('2025-03-01 08:00+0100')).toBe(Date.UTC(2025, 2, 1, 7));
  });
});

describe('date-times over real HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await httpHarness({ rateLimits: false });
  });
  afterEach(() => h.close());

  it('refuses a datetime custom field value off the calendar with a 422', async () => {
    const definition = await h.api('POST', '/custom_field_definitions', {
      body: {
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Shipment',
            api_slug: 'promised_at',
            display_name: 'Promised at',
            data_type: 'datetime',
          },
        },
      },
    });
    expect(definition.status).toBe(201);
    const shipmentId = (await h.api('GET', '/shipments?page[size]=1')).body.data[0].id;
    for (const value of OFF_THE_CALENDAR) {
      const refused = await h.api('POST', `/shipments/${shipmentId}/custom_fields`, {
        body: { data: { type: 'custom_field', attributes: { api_slug: 'promised_at', value } } },
      });
      expect(refused.status, value).toBe(422);
      expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/value');
    }
  });

  it('refuses a date-time filter off the calendar with a 400 naming it', async () => {
    for (const path of [
      '/shipments?filter[updated_after]=2025-02-30T00:00:00Z',
      '/tracking_requests?filter[created_at][start]=2025-02-29T00:00:00Z',
    ]) {
      const refused = await h.api('GET', path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.errors[0].source.parameter).toMatch(/^filter\[/);
    }
  });
});

describe('the clock start time', () => {
  it('is refused when it is not on the calendar', () => {
    expect(() =>
      createMockServer({ clock: { mode: 'manual', startAt: '2025-02-30T00:00:00Z' } }),
    ).toThrow(/Invalid clock start time 2025-02-30T00:00:00Z/);
  });
});
