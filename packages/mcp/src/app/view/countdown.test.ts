import { describe, expect, it } from 'vitest';
import { countdownWords, dayInZone, lastFreeDayCountdown } from './countdown.js';
import { containerFacts } from './model.js';

const facts = (demurrage: Record<string, unknown>, flags: Record<string, unknown> = {}) =>
  containerFacts({ id: 'c', demurrage, flags: { leftTerminal: false, ...flags } });

describe('the last free day countdown', () => {
  it('counts days in the terminal time zone, not in UTC', () => {
    const lfd = facts({
      lastFreeDay: '2025-03-04',
      countedIn: 'America/Los_Angeles',
      daysToLastFreeDay: 9,
    });
    // 3 March 06:00 UTC is still 2 March in Los Angeles.
    expect(lastFreeDayCountdown(lfd, new Date('2025-03-03T06:00:00Z'))?.days).toBe(2);
    expect(lastFreeDayCountdown(lfd, new Date('2025-03-03T12:00:00Z'))).toEqual({
      days: 1,
      lastFreeDay: '2025-03-04',
      timeZone: 'America/Los_Angeles',
    });
    expect(dayInZone(new Date('2025-03-03T06:00:00Z'), 'Asia/Tokyo')).toBe('2025-03-03');
  });

  it("uses the server's count when the zone is unknown, and none once the box left", () => {
    expect(
      lastFreeDayCountdown(
        facts({ lastFreeDay: '2025-03-04', countedIn: 'Mars/Olympus', daysToLastFreeDay: 3 }),
        new Date(),
      )?.days,
    ).toBe(3);
    expect(
      lastFreeDayCountdown(
        facts({ lastFreeDay: '2025-03-04', countedIn: 'UTC' }, { leftTerminal: true }),
        new Date(),
      ),
    ).toBeNull();
    expect(
      lastFreeDayCountdown(facts({ lastFreeDay: null, daysToLastFreeDay: null }), new Date()),
    ).toBeNull();
  });

  it('says today, tomorrow, days left and days passed', () => {
    const words = (days: number) => countdownWords({ days, lastFreeDay: null, timeZone: 'UTC' });
    expect([words(0), words(1), words(3), words(-1), words(-2)]).toEqual([
      'The last free day is today',
      'The last free day is tomorrow',
      '3 days to the last free day',
      'The last free day passed 1 day ago',
      'The last free day passed 2 days ago',
    ]);
  });
});

describe('reading a container tolerantly', () => {
  it('keeps "not reported" (null) apart from "none" ([]), nested or flattened', () => {
    expect(containerFacts({ demurrage: { holds: null, fees: [] } })).toMatchObject({
      holds: null,
      fees: [],
    });
    expect(
      containerFacts({
        holds: [{ name: 'customs', status: 'hold' }],
        fees: null,
        terminal: 'TraPac',
      }),
    ).toMatchObject({
      holds: [{ name: 'customs', status: 'hold', description: null }],
      fees: null,
      terminal: 'TraPac',
    });
    expect(containerFacts({ demurrage: {} })).toMatchObject({ holds: null, fees: null });
  });
});
