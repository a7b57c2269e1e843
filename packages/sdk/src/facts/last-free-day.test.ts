import { describe, expect, it } from 'vitest';
import { mappedContainer } from '../../test/container-fixture.js';
import type { MappedContainer } from '../mapped/container.js';
import { lastFreeDay } from './last-free-day.js';

const LA = 'America/Los_Angeles';

function container(extra: Partial<MappedContainer>, pickupLfd: string | null): MappedContainer {
  return mappedContainer({ number: 'MAEU4002159', podTimezone: LA, ...extra }, pickupLfd);
}

describe('lastFreeDay', () => {
  it('is the local date in the terminal zone, not the UTC date of the timestamp', () => {
    // 07:00 UTC on December 1 is 23:00 on November 30 in Los Angeles.
    const lfd = lastFreeDay(
      container(
        { importDeadlines: { pickupLfdTerminal: '2026-12-01T07:00:00Z' } },
        '2026-12-01T07:00:00Z',
      ),
      { now: new Date('2026-11-27T18:00:00Z') },
    );
    expect(lfd).toMatchObject({
      source: 'terminal',
      at: '2026-12-01T07:00:00Z',
      date: '2026-11-30',
      timeZone: LA,
      daysLeft: 3,
      applies: true,
    });
  });

  it('leads with the first deadline that applies, keeping the service coalesced line date beside it', () => {
    const lfd = lastFreeDay(
      container(
        {
          importDeadlines: {
            pickupLfdTerminal: '2025-03-22T18:00:00Z',
            pickupLfdLine: '2025-03-24T18:00:00Z',
          },
        },
        '2025-03-24T18:00:00Z',
      ),
      { now: new Date('2025-03-19T18:00:00Z') },
    );
    expect(lfd).toMatchObject({ source: 'terminal', date: '2025-03-22', daysLeft: 3 });
    expect(lfd?.coalesced).toMatchObject({ source: 'line', date: '2025-03-24', daysLeft: 5 });
    expect(lfd?.deadlines.map((deadline) => deadline.source)).toEqual(['terminal', 'line']);
  });

  it('counts today in the terminal zone: late evening in Los Angeles is already tomorrow in UTC', () => {
    // 2026-11-28T06:30Z is 22:30 on November 27 in Los Angeles: the deadline day is tomorrow there.
    const lfd = lastFreeDay(
      container({ importDeadlines: { pickupLfdTerminal: '2026-11-28T20:00:00Z' } }, null),
      { now: new Date('2026-11-28T06:30:00Z') },
    );
    expect(lfd).toMatchObject({ date: '2026-11-28', daysLeft: 1 });
  });

  it('no longer applies the terminal date once the box went out by truck, and says so', () => {
    const lfd = lastFreeDay(
      container(
        {
          status: 'picked_up',
          podFullOutAt: '2025-03-21T16:00:00Z',
          importDeadlines: { pickupLfdTerminal: '2025-03-22T18:00:00Z' },
        },
        '2025-03-22T18:00:00Z',
      ),
      { now: new Date('2025-03-21T18:00:00Z') },
    );
    expect(lfd).toMatchObject({ source: 'terminal', applies: false, daysLeft: 1 });
  });

  it('follows a box that left on rail to the rail deadline in the inland zone', () => {
    const lfd = lastFreeDay(
      container(
        {
          status: 'on_rail',
          podFullOutAt: '2025-03-21T16:00:00Z',
          podRailDepartedAt: '2025-03-21T20:00:00Z',
          finalDestinationTimezone: 'America/Chicago',
          importDeadlines: {
            pickupLfdTerminal: '2025-03-22T18:00:00Z',
            pickupLfdRail: '2025-03-27T05:00:00Z',
          },
        },
        '2025-03-27T05:00:00Z',
      ),
      { now: new Date('2025-03-24T18:00:00Z') },
    );
    // 05:00 UTC on the 27th is 00:00 CDT on the 27th in Chicago, but 22:00 on the 26th in LA.
    expect(lfd).toMatchObject({
      source: 'rail',
      date: '2025-03-27',
      timeZone: 'America/Chicago',
      applies: true,
    });
    expect(lfd?.deadlines.find((d) => d.source === 'terminal')?.applies).toBe(false);
  });

  it("dates the line's last free day of a box that left by rail in the inland zone, not the port's", () => {
    // The line's deadline alone, so the branch under test is the line's after the box left the port.
    const railed = container(
      {
        status: 'on_rail',
        podFullOutAt: '2025-03-21T16:00:00Z',
        podRailLoadedAt: '2025-03-21T18:00:00Z',
        podRailDepartedAt: '2025-03-21T20:00:00Z',
        finalDestinationTimezone: 'America/Chicago',
        importDeadlines: { pickupLfdLine: '2025-03-27T05:00:00Z' },
      },
      '2025-03-27T05:00:00Z',
    );
    const lfd = lastFreeDay(railed, { now: new Date('2025-03-24T18:00:00Z') });
    // 05:00 UTC on the 27th is 00:00 CDT on the 27th in Chicago, but 22:00 on the 26th in LA.
    expect(lfd).toMatchObject({
      source: 'line',
      at: '2025-03-27T05:00:00Z',
      date: '2025-03-27',
      timeZone: 'America/Chicago',
      daysLeft: 3,
      applies: true,
    });
    expect(lfd?.coalesced).toMatchObject({ source: 'line', date: '2025-03-27' });
    // The port's zone is kept for a line deadline only while the box is still at the port.
    const atPort = container(
      {
        finalDestinationTimezone: 'America/Chicago',
        importDeadlines: { pickupLfdLine: '2025-03-27T05:00:00Z' },
      },
      null,
    );
    expect(lastFreeDay(atPort, { now: new Date('2025-03-24T18:00:00Z') })).toMatchObject({
      source: 'line',
      date: '2025-03-26',
      timeZone: LA,
    });
  });

  it('names the service coalesced value when no separate deadline was reported, and is null with none', () => {
    expect(
      lastFreeDay(container({}, '2025-03-04T02:00:00Z'), { now: new Date('2025-03-01T00:00:00Z') }),
    ).toMatchObject({ source: 'service', date: '2025-03-03', timeZone: LA });
    expect(lastFreeDay(container({}, null), { now: new Date('2025-03-01T00:00:00Z') })).toBeNull();
  });

  it('takes the port zone given when the container did not carry one', () => {
    const lfd = lastFreeDay(
      container(
        { podTimezone: null, importDeadlines: { pickupLfdTerminal: '2025-03-04T02:00:00Z' } },
        null,
      ),
      { now: new Date('2025-03-01T00:00:00Z'), podZone: 'Asia/Tokyo' },
    );
    expect(lfd).toMatchObject({ date: '2025-03-04', timeZone: 'Asia/Tokyo' });
  });
});
