import { describe, expect, it } from 'vitest';
import { mappedContainer } from '../../test/container-fixture.js';
import type { MappedContainer } from '../mapped/container.js';
import { lastFreeDayZone } from './last-free-day.js';
import { containerLeftTerminal, statusLeftTerminal } from './left-terminal.js';
import { daysUntil } from './local-day.js';

const container = (extra: Partial<MappedContainer>) => mappedContainer(extra);

describe('left the terminal', () => {
  it('reads the status, and claims nothing for a status it does not know', () => {
    expect(statusLeftTerminal('picked_up')).toBe(true);
    expect(statusLeftTerminal('available')).toBe(false);
    expect(statusLeftTerminal('teleported')).toBe(false);
    expect(statusLeftTerminal(null)).toBe(false);
  });

  it('counts a full-out or an empty return whatever the status says', () => {
    expect(containerLeftTerminal(container({ podFullOutAt: '2025-03-02T10:00:00Z' }))).toBe(true);
    expect(containerLeftTerminal(container({ emptyTerminatedAt: '2025-03-09T10:00:00Z' }))).toBe(
      true,
    );
    expect(containerLeftTerminal(container({}))).toBe(false);
  });
});

describe('lastFreeDayZone', () => {
  it("is the port's zone, unless the last free day is the rail one at the destination", () => {
    expect(lastFreeDayZone(container({}), 'America/Los_Angeles')).toBe('America/Los_Angeles');
    const rail = container({
      importDeadlines: { pickupLfdRail: '2025-03-04T02:00:00Z' },
      finalDestinationTimezone: 'America/Chicago',
    });
    expect(lastFreeDayZone(rail, 'America/Los_Angeles')).toBe('America/Chicago');
  });

  // 02:00 UTC on the 4th: the 3rd in Chicago (20:00 CST), the 4th in Shanghai (10:00 CST).
  const lfd = '2025-03-04T02:00:00Z';
  const now = new Date('2025-03-02T12:00:00Z');
  const localDay = (box: MappedContainer, podZone: string) =>
    daysUntil(lfd, now, lastFreeDayZone(box, podZone))?.day;

  it("counts the line's last free day in the destination's zone once the box left the port", () => {
    const line = container({
      importDeadlines: { pickupLfdLine: lfd },
      podFullOutAt: '2025-03-01T08:00:00Z',
      finalDestinationTimezone: 'America/Chicago',
    });
    expect(lastFreeDayZone(line, 'Asia/Shanghai')).toBe('America/Chicago');
    expect(localDay(line, 'Asia/Shanghai')).toBe('2025-03-03');
    // Without the destination's zone, the port's is the only one known (not UTC: the 4th).
    const unzoned = container({ ...line, finalDestinationTimezone: null });
    expect(lastFreeDayZone(unzoned, 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(localDay(unzoned, 'America/Los_Angeles')).toBe('2025-03-03');
  });

  it("counts the line's last free day in the port's zone while the box is still there", () => {
    const line = container({
      importDeadlines: { pickupLfdLine: lfd },
      finalDestinationTimezone: 'America/Chicago',
    });
    expect(lastFreeDayZone(line, 'Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(localDay(line, 'Asia/Shanghai')).toBe('2025-03-04');
  });

  it("counts the terminal's last free day in the port's zone, even after the box left", () => {
    const terminal = container({
      importDeadlines: { pickupLfdTerminal: lfd, pickupLfdLine: '2025-03-09T02:00:00Z' },
      podFullOutAt: '2025-03-01T08:00:00Z',
      finalDestinationTimezone: 'America/Chicago',
    });
    expect(lastFreeDayZone(terminal, 'Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(localDay(terminal, 'Asia/Shanghai')).toBe('2025-03-04');
  });
});
