import { describe, expect, it } from 'vitest';
import { daysUntil, keptCounts } from './local-day.js';

describe('daysUntil', () => {
  it('counts calendar days in the terminal time zone, not in UTC', () => {
    // 02:00 UTC on the 4th is still the 3rd in Los Angeles (18:00 PST).
    const lfd = '2025-03-04T02:00:00Z';
    const now = new Date('2025-03-03T20:00:00Z');
    expect(daysUntil(lfd, now, 'America/Los_Angeles')).toEqual({
      days: 0,
      timeZone: 'America/Los_Angeles',
      day: '2025-03-03',
    });
    expect(daysUntil(lfd, now, 'UTC')).toMatchObject({ days: 1, day: '2025-03-04' });
  });

  it('counts "today" in the zone too, where its day differs from the UTC day', () => {
    // 03:00 UTC on 29 November: the 28th in Los Angeles (19:00), the 29th in Tokyo (12:00).
    const deadline = '2026-11-29T03:00:00Z';
    // 23:30 UTC on the 27th is already the 28th in Tokyo (08:30).
    const lateUtc = new Date('2026-11-27T23:30:00Z');
    expect(daysUntil(deadline, lateUtc, 'Asia/Tokyo')).toEqual({
      days: 1,
      timeZone: 'Asia/Tokyo',
      day: '2026-11-29',
    });
    expect(daysUntil(deadline, lateUtc, 'America/Los_Angeles')).toMatchObject({
      days: 1,
      day: '2026-11-28',
    });
    // 03:00 UTC on the 28th is still the 27th in Los Angeles (19:00).
    const earlyUtc = new Date('2026-11-28T03:00:00Z');
    expect(daysUntil(deadline, earlyUtc, 'America/Los_Angeles')).toMatchObject({ days: 1 });
    expect(daysUntil(deadline, earlyUtc, 'Asia/Tokyo')).toMatchObject({ days: 1 });
  });

  it('is negative once the day has passed', () => {
    expect(
      daysUntil('2025-03-01T10:00:00Z', new Date('2025-03-04T10:00:00Z'), 'Europe/Amsterdam'),
    ).toMatchObject({ days: -3 });
  });

  it('counts in UTC, and says so, when the zone was not reported or is unknown', () => {
    const now = new Date('2025-03-01T00:00:00Z');
    expect(daysUntil('2025-03-02T12:00:00Z', now, null)).toMatchObject({
      days: 1,
      timeZone: 'UTC',
    });
    expect(daysUntil('2025-03-02T12:00:00Z', now, 'Mars/Olympus')).toMatchObject({
      timeZone: 'UTC',
    });
  });

  it('gives nothing for a value that is not a time', () => {
    expect(daysUntil('soon', new Date(), 'UTC')).toBeNull();
  });

  it('keeps the formatters of at most 1,000 zones, however many names it is given', () => {
    const now = new Date('2025-03-01T00:00:00Z');
    for (let i = 0; i < 1_200; i += 1) {
      expect(daysUntil('2025-03-02T12:00:00Z', now, `Mars/Crater_${i}`)).toMatchObject({
        days: 1,
        timeZone: 'UTC',
      });
    }
    expect(keptCounts().zones).toBe(1_000);
    // A zone it knows still counts in that zone once the cache is full.
    expect(daysUntil('2025-03-01T20:00:00Z', now, 'Pacific/Kiritimati')).toMatchObject({
      days: 1,
      timeZone: 'Pacific/Kiritimati',
    });
  });

  it('keeps at most 10,000 days, and counts right after letting them go', () => {
    const now = new Date('2025-03-01T00:00:00Z');
    for (let i = 0; i < 12_000; i += 1) {
      const deadline = new Date(Date.UTC(2025, 2, 1, 12) + i * 60_000).toISOString();
      const expected = Math.floor((12 * 60 + i) / (24 * 60));
      expect(daysUntil(deadline, now, 'UTC')?.days).toBe(expected);
      expect(keptCounts().days).toBeLessThanOrEqual(10_000);
    }
    expect(keptCounts().days).toBeGreaterThan(0);
  });

  it('keeps at most 10,000 times it has read, and reads right after letting them go', () => {
    const now = new Date('2025-03-01T00:00:00Z');
    for (let i = 0; i < 12_000; i += 1) {
      // The same instants written two ways: each text is read on its own, to the same day.
      const at = Date.UTC(2025, 2, 1, 12) + (i % 6_000) * 60_000;
      const deadline = i < 6_000 ? new Date(at).toISOString() : new Date(at).toUTCString();
      const expected = Math.floor((12 * 60 + (i % 6_000)) / (24 * 60));
      expect(daysUntil(deadline, now, 'UTC')?.days).toBe(expected);
      expect(keptCounts().times).toBeLessThanOrEqual(10_000);
    }
    expect(keptCounts().times).toBeGreaterThan(0);
  });
});
